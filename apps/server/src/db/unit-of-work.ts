// One unit of work per write request (docs/architecture.md « Une requête qui écrit : une seule
// transaction »): everything a non-GET route writes in PostgreSQL, its response built and checked
// against the contract included, commits together or not at all. An error after a write — a rule
// refused late, a view that fails its schema, a failed commit — leaves nothing behind.
//
// How: the repositories hold `joinUnitOfWork(db)`, a view of the Prisma client that sends each
// query to the request's transaction when one runs (AsyncLocalStorage), so no repository or service
// has to pass it along. The transaction opens at the first write (reads before it run on the pool,
// as they did), and a repository's own `$transaction` inside it becomes a savepoint: its rollback
// undoes its part only, as before. Effects outside PostgreSQL wait for the outcome: `afterCommit`
// (a file removed, mail delivered now rather than by the queue a moment later), `onRollback` (a
// file stored for a write that did not commit). What must commit whatever the answer (a refresh
// token family revoked before the 401 that follows) runs `independently`.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './prisma.ts';
import type { DbTransaction } from './transaction.ts';

type Effect = () => unknown;

interface Unit {
  db: Database;
  /** The transaction, once the first write opened it. */
  opening: Promise<DbTransaction> | null;
  /** Ends the held transaction: commit (true) or rollback. */
  finish: ((commit: boolean) => void) | null;
  /** The `$transaction` call itself, settled once the transaction ended. */
  ended: Promise<unknown> | null;
  savepoints: number;
  afterCommit: Effect[];
  onRollback: Effect[];
}

const units = new AsyncLocalStorage<Unit>();

/** Longest a request's transaction may stay open (a 15 MB upload is stored before its row is written). */
const UNIT_TIMEOUT_MS = 120_000;
/** Longest a write request waits for a connection of the pool. */
const UNIT_MAX_WAIT_MS = 10_000;

const ROLLBACK = Symbol('rollback');

/** Reads that may run on the pool while the unit has not written yet. */
const READS = new Set(['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'count', 'aggregate', 'groupBy']);

function open(unit: Unit): Promise<DbTransaction> {
  unit.opening ??= new Promise<DbTransaction>((resolve, reject) => {
    let started = false;
    unit.ended = unit.db
      .$transaction(
        (tx) => {
          started = true;
          resolve(tx);
          return new Promise((done, abort) => {
            unit.finish = (commit) => (commit ? done(undefined) : abort(ROLLBACK));
          });
        },
        { timeout: UNIT_TIMEOUT_MS, maxWait: UNIT_MAX_WAIT_MS },
      )
      .catch((error: unknown) => {
        if (!started) reject(error);
        throw error;
      });
    // Observed at the end of the unit; never an unhandled rejection meanwhile.
    unit.ended.catch(() => undefined);
  });
  return unit.opening;
}

async function runEffects(effects: Effect[], onError: (error: unknown) => void) {
  // Outside the unit: its transaction is over.
  await units.exit(async () => {
    for (const effect of effects) {
      try {
        await effect();
      } catch (error) {
        onError(error);
      }
    }
  });
}

/**
 * Runs `work` as one unit: its writes through `joinUnitOfWork` clients commit when it returns, or
 * roll back when it throws (or when its transaction was broken by a failed statement it caught).
 */
export async function runUnitOfWork<T>(db: Database, work: () => Promise<T>, onEffectError: (error: unknown) => void = () => undefined): Promise<T> {
  const unit: Unit = { db, opening: null, finish: null, ended: null, savepoints: 0, afterCommit: [], onRollback: [] };
  const rollback = async () => {
    if (unit.opening) {
      await unit.opening.catch(() => undefined);
      unit.finish?.(false);
      await unit.ended?.catch(() => undefined);
    }
    await runEffects(unit.onRollback, onEffectError);
  };
  let result: T;
  try {
    result = await units.run(unit, work);
    if (unit.opening) {
      const tx = await unit.opening;
      // A statement that failed and was caught leaves PostgreSQL's transaction aborted, whose
      // COMMIT would roll back in silence: this probe fails instead, and the unit with it.
      await tx.$executeRawUnsafe('SELECT 1');
    }
  } catch (error) {
    await rollback();
    throw error;
  }
  if (unit.opening) {
    unit.finish!(true);
    try {
      await unit.ended;
    } catch (error) {
      await runEffects(unit.onRollback, onEffectError);
      throw error;
    }
  }
  await runEffects(unit.afterCommit, onEffectError);
  return result;
}

/** Whether the caller runs inside a unit of work. */
export const inUnitOfWork = (): boolean => units.getStore() !== undefined;

/** Runs `effect` once the unit commits (at once outside a unit): effects outside PostgreSQL. */
export async function afterCommit(effect: Effect): Promise<void> {
  const unit = units.getStore();
  if (unit) unit.afterCommit.push(effect);
  else await effect();
}

/** Runs `effect` if the unit rolls back (never outside a unit): undoes what PostgreSQL cannot. */
export function onRollback(effect: Effect): void {
  units.getStore()?.onRollback.push(effect);
}

/** Runs `work` outside the caller's unit: its writes commit on their own, whatever the unit's outcome. */
export const independently = <T>(work: () => Promise<T>): Promise<T> => units.exit(work);

/**
 * A nested `$transaction` of the unit: its failure undoes its part only. As the unit's first write
 * it needs no savepoint (two statements saved on most write requests): its failure rolls back the
 * transaction, which held nothing else, and the unit's next write opens another.
 */
async function nested<T>(unit: Unit, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
  if (unit.opening) return savepoint(unit, work);
  const tx = await open(unit);
  try {
    return await work(tx);
  } catch (error) {
    unit.finish?.(false);
    await unit.ended?.catch(() => undefined);
    unit.opening = null;
    unit.finish = null;
    unit.ended = null;
    throw error;
  }
}

/** A savepoint around `work` in the unit's transaction: a nested `$transaction` undoes only its part. */
async function savepoint<T>(unit: Unit, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
  const tx = await open(unit);
  const name = `unit_${++unit.savepoints}`;
  await tx.$executeRawUnsafe(`SAVEPOINT ${name}`);
  try {
    const result = await work(tx);
    await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`);
    throw error;
  }
}

/** A model's delegate whose calls run in the unit's transaction (reads on the pool until the first write). */
function unitDelegate(unit: Unit, model: string, delegate: object): object {
  return new Proxy(delegate, {
    get(target, method: string) {
      const direct = Reflect.get(target, method) as unknown;
      if (typeof direct !== 'function') return direct;
      return (...args: unknown[]) => {
        if (!unit.opening && READS.has(method)) return (direct as (...a: unknown[]) => unknown).apply(target, args);
        return open(unit).then((tx) => {
          const inTx = (tx as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>)[model]!;
          return inTx[method]!(...args);
        });
      };
    },
  });
}

const RAW = new Set(['$queryRaw', '$queryRawUnsafe', '$executeRaw', '$executeRawUnsafe']);

/**
 * The client repositories hold: the Prisma client itself outside a unit, the unit's transaction
 * inside one. `$transaction(work)` inside a unit is a part of it (nested); the array form is refused
 * there (its queries would already run outside the savepoint): use the callback form.
 */
export function joinUnitOfWork(db: Database): Database {
  const joined = new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      const unit = units.getStore();
      if (!unit || unit.db !== target || typeof property !== 'string') {
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      if (property === '$transaction') {
        return (work: unknown) => {
          if (typeof work !== 'function') throw new Error('Inside a unit of work, $transaction takes a callback (the array form cannot be a savepoint).');
          return nested(unit, work as (tx: DbTransaction) => Promise<unknown>);
        };
      }
      if (RAW.has(property)) {
        return (...args: unknown[]) =>
          open(unit).then((tx) => (tx as unknown as Record<string, (...a: unknown[]) => unknown>)[property]!(...args));
      }
      if (value && typeof value === 'object' && !property.startsWith('$') && !property.startsWith('_')) return unitDelegate(unit, property, value);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  joinedClients.set(joined, db);
  return joined;
}

/** The Prisma client behind each view made by joinUnitOfWork. */
const joinedClients = new WeakMap<Database, Database>();

/**
 * The client a read may run on directly (its pool, db/read-rows.ts), as the model reads above do:
 * the client itself outside a unit of work or before the unit's first write; null once the unit
 * holds a transaction, whose writes the read must see (it then goes through `db`).
 */
export function readClientOf(db: Database): Database | null {
  const target = joinedClients.get(db);
  if (!target) return db;
  const unit = units.getStore();
  return unit && unit.db === target && unit.opening ? null : target;
}
