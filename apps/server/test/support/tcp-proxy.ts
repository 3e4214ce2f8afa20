// A TCP relay in front of PostgreSQL, for outages on demand: `cut()` closes every connection and
// refuses new ones (as a database host that went away), `restore()` listens again on the same port.
import { createServer, Socket, type Server } from 'node:net';

export interface TcpProxy {
  port: number;
  /** The URL with the relay's host and port instead of the target's. */
  url(target: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((client) => {
        const upstream = new Socket();
        sockets.add(client).add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
        upstream.connect(targetPort, targetHost, () => {
          client.pipe(upstream);
          upstream.pipe(client);
        });
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as { port: number }).port;
        server = listening;
        resolve();
      });
    });

  const stop = async () => {
    const closing = server;
    server = null;
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    url(target: string) {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut: stop,
    restore: listen,
    close: stop,
  };
}
