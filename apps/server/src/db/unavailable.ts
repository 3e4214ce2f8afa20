// Whether an error means the database itself is out of reach (down, restarting, cut off, out of
// connections) rather than a fault of the request: the HTTP layer answers those 503 « réessayez »
// with Retry-After instead of 500. Recognised on what each client throws: Prisma's known errors
// (with the driver adapter's cause), node-postgres' errors (raw pg: account states, the mail queue,
// startup) and the socket errors underneath; walked along `cause`.

/** Prisma: can't reach the server, timed out, connection closed, no connection from the pool in time. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** @prisma/adapter-pg's error kinds for the same. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'DatabaseDoesNotExist']);
/**
 * PostgreSQL's SQLSTATE: connection exceptions (08…), too many connections (53300), shut down or
 * starting up (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), the database
 * dropped (3D000).
 */
const SQLSTATE = /^(08...|53300|57P0[123]|3D000)$/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** node-postgres' own wording when the socket goes away or does not come. */
const PG_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated due to connection timeout/i;
/** Prisma's transaction API when the pool cannot give a connection (its other P2028 are not outages). */
const TRANSACTION_START = /Unable to start a transaction in the given time/i;

interface Inspectable {
  code?: unknown;
  message?: unknown;
  kind?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown; code?: unknown } } };
}

function matches(error: Inspectable): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  const message = typeof error.message === 'string' ? error.message : '';
  if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATE.test(code)) return true;
  if (code === 'P2028' && TRANSACTION_START.test(message)) return true;
  if (typeof error.kind === 'string' && ADAPTER_KINDS.has(error.kind)) return true;
  const adapterCause = error.meta?.driverAdapterError?.cause;
  if (adapterCause) {
    if (typeof adapterCause.kind === 'string' && ADAPTER_KINDS.has(adapterCause.kind)) return true;
    const sqlState = adapterCause.originalCode ?? adapterCause.code;
    if (typeof sqlState === 'string' && SQLSTATE.test(sqlState)) return true;
  }
  return PG_MESSAGES.test(message);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current); current = (current as Inspectable).cause) {
    seen.add(current);
    if (matches(current as Inspectable)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
