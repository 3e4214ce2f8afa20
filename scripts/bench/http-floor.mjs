// The HTTP floor of `pnpm bench:instruction`: what any Node HTTP service pays to answer a statement,
// and nothing of the portal. node:http, a pg pool, the statement given (FLOOR_STATEMENTS: a JSON
// object, path → { text, values }) run as the portal sends it, its rows in JSON. No routing, no
// token, no validation, no hooks, no logs. Plain JavaScript run by plain node, as the built portal
// is. Started with DATABASE_URL and PORT; writes « prêt » once it listens.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

// pg is the server's dependency: resolved from its package.
const pg = createRequire(new URL('../../apps/server/package.json', import.meta.url))('pg');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const statements = new Map(Object.entries(JSON.parse(process.env.FLOOR_STATEMENTS ?? '{}')));

const server = createServer(async (request, response) => {
  const statement = statements.get(request.url ?? '');
  if (!statement) {
    response.writeHead(404).end();
    return;
  }
  try {
    const { rows } = await pool.query(statement.text, statement.values);
    const body = JSON.stringify({ items: rows });
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('prêt\n'));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
