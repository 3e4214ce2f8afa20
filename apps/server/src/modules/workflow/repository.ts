// Data access of the state-machine engine: the object's row locked for the transition, its new
// state, the history row, the actor's memberships and the people a transition is told to.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/prisma.ts';
import { transactionRunner, type DbTransaction } from '../../db/transaction.ts';

type Tx = DbTransaction;

/** Where a machine's objects live: the table and the columns the engine reads and writes. */
export interface WorkflowTable {
  table: string;
  stateColumn: string;
  associationColumn: string;
}

export interface HistoryRow {
  machine: string;
  objectId: string;
  associationId: string;
  fromState: string;
  toState: string;
  event: string;
  actorId: string | null;
  actorEmail: string | null;
  comment: string | null;
  /** When the event happened: the database's now unless said. */
  createdAt?: Date;
}

export interface Person {
  userId: string;
  email: string;
}

/** Table and column names go into SQL text: only plain lower-case identifiers, quoted. */
function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`workflow: invalid SQL identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}

export function createWorkflowRepository(db: Database) {
  return {
    /** Runs one transition's writes in one transaction. */
    transaction: transactionRunner(db),

    /** The object's row, locked until the transaction ends (null: no such object). */
    async lockRow(tx: Tx, table: WorkflowTable, id: string): Promise<Record<string, unknown> | null> {
      const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(
        `SELECT * FROM ${identifier(table.table)} WHERE id = $1::uuid FOR UPDATE`,
        id,
      );
      return rows[0] ?? null;
    },

    async writeState(tx: Tx, table: WorkflowTable, id: string, state: string) {
      await tx.$executeRawUnsafe(`UPDATE ${identifier(table.table)} SET ${identifier(table.stateColumn)} = $1 WHERE id = $2::uuid`, state, id);
    },

    async insertHistory(tx: Tx, row: HistoryRow) {
      return tx.stateHistory.create({ data: { id: randomUUID(), ...row } });
    },

    // Plain SQL joins below: one statement each on the transaction's connection.

    /** Associations the user is a member of and instructing services the user acts for. */
    async membershipsOf(tx: Tx, userId: string): Promise<{ associationIds: string[]; serviceIds: string[] }> {
      // Its associations; its own service, and those it acts for with an administrator profile (below it, or all).
      const [row] = await tx.$queryRaw<{ associations: string[]; services: string[] }[]>`SELECT
          ARRAY(SELECT ua.association_id::text FROM user_associations ua JOIN association_users au ON au.id = ua.association_user_id
                 WHERE au.auth_id = ${userId}::uuid) AS associations,
          ARRAY(SELECT r::text FROM service_reach(${userId}::uuid) AS r) AS services`;
      return { associationIds: row!.associations, serviceIds: row!.services };
    },

    /** Members of the association, with their address. */
    associationMembers: (tx: Tx, associationId: string): Promise<Person[]> =>
      tx.$queryRaw<Person[]>`SELECT u.id::text AS "userId", u.email FROM user_associations ua
        JOIN association_users au ON au.id = ua.association_user_id JOIN users u ON u.id = au.auth_id
        WHERE ua.association_id = ${associationId}::uuid ORDER BY u.email`,

    /** The instructing service's account: its user, and the service's own address when it has one. */
    async serviceContact(tx: Tx, serviceId: string): Promise<Person | null> {
      const [contact] = await tx.$queryRaw<Person[]>`SELECT u.id::text AS "userId", COALESCE(s.email, u.email) AS email
        FROM service_accounts s JOIN users u ON u.id = s.auth_id WHERE s.id = ${serviceId}::uuid`;
      return contact ?? null;
    },

    async user(tx: Tx, userId: string): Promise<Person | null> {
      const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true, email: true } });
      return user ? { userId: user.id, email: user.email } : null;
    },

    /** An object's transitions, oldest first. */
    history: (machine: string, objectId: string) =>
      db.stateHistory.findMany({ where: { machine, objectId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
  };
}
export type WorkflowRepository = ReturnType<typeof createWorkflowRepository>;
