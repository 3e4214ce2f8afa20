// Data access of the state-machine engine: the object's row locked for the transition, its new
// state, the history row, the actor's memberships and the people a transition is told to.
import { randomUUID } from 'node:crypto';
import type { Database, Prisma } from '../../db/prisma.ts';

type Tx = Prisma.TransactionClient;

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

    /** Associations the user is a member of and instructing services the user belongs to. */
    async membershipsOf(tx: Tx, userId: string): Promise<{ associationIds: string[]; serviceIds: string[] }> {
      // One after the other: a transaction holds a single connection.
      const links = await tx.userAssociation.findMany({ where: { associationUser: { authId: userId } }, select: { associationId: true } });
      const services = await tx.serviceAccount.findMany({ where: { authId: userId }, select: { id: true } });
      return { associationIds: links.map((l) => l.associationId), serviceIds: services.map((s) => s.id) };
    },

    /** Members of the association, with their address. */
    async associationMembers(tx: Tx, associationId: string): Promise<Person[]> {
      const links = await tx.userAssociation.findMany({
        where: { associationId },
        select: { associationUser: { select: { user: { select: { id: true, email: true } } } } },
      });
      return links.map((l) => ({ userId: l.associationUser.user.id, email: l.associationUser.user.email }));
    },

    /** The instructing service's account: its user, and the service's own address when it has one. */
    async serviceContact(tx: Tx, serviceId: string): Promise<Person | null> {
      const service = await tx.serviceAccount.findUnique({ where: { id: serviceId }, select: { email: true, user: { select: { id: true, email: true } } } });
      return service ? { userId: service.user.id, email: service.email ?? service.user.email } : null;
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
