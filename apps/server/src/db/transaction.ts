// Database-level names for services that must not know Prisma: the transaction handle a
// repository's writes take, the runner that opens one, and the unique-violation test.
import { Prisma, type Database } from './prisma.ts';

/** A transaction in progress; repositories take it for writes that must commit together. */
export type DbTransaction = Prisma.TransactionClient;

/** Runs `work` in one transaction (commit on success, rollback on throw). */
export type TransactionRunner = <T>(work: (tx: DbTransaction) => Promise<T>) => Promise<T>;

export const transactionRunner =
  (db: Database): TransactionRunner =>
  (work) =>
    db.$transaction(work);

/** A write refused by a foreign key: a row still referenced elsewhere (Prisma P2003). */
export const isForeignKeyViolation = (error: unknown): boolean =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003';

/** A write refused by a unique index (Prisma P2002). */
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
