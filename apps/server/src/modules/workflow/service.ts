// Applies one event of a state machine (contract machines/) to one object in one transaction: the
// row is locked (SELECT … FOR UPDATE) so concurrent events on an object queue and the later ones see
// the state the first left; the machine decides; the new state, a history row, an audit entry and
// the notifications and mails the event declares are written together, and mails leave after commit.
import {
  apply,
  describeGuard,
  type Audience,
  type Machine,
  type MachineSubject,
  type Refusal,
} from '@portail/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DbTransaction } from '../../db/transaction.ts';
import { appError, type AppError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { AuditService } from '../audit/index.ts';
import { linkMail, type MailService } from '../mail/index.ts';
import type { NotificationService } from '../notifications/index.ts';
import type { Person, WorkflowRepository, WorkflowTable } from './repository.ts';

type Tx = DbTransaction;

/** One kind of object a machine moves: where it lives and how its guards see it. */
export interface WorkflowTarget {
  machine: Machine;
  table: WorkflowTable;
  /** What guards read besides state and association: service, creator, facts (wizard complete...). */
  subjectOf(row: Record<string, unknown>): Omit<MachineSubject, 'state' | 'associationId'>;
  /** How mails name the object, e.g. « le dossier n° 2026-12 ». */
  nameOf(row: Record<string, unknown>): string;
  /** Page of the object, linked from mails. */
  linkOf(row: Record<string, unknown>): string;
  /**
   * Keys the notifications of a transition carry besides the engine's, e.g. { dossier } for unread
   * counts, or what names the object to its reader (read in the transition's transaction).
   */
  payloadOf?(row: Record<string, unknown>, tx: Tx): Record<string, string | number> | Promise<Record<string, string | number>>;
}

export interface FireInput {
  target: WorkflowTarget;
  objectId: string;
  event: string;
  claims: AuthClaims;
  comment?: string | null;
  /**
   * When the event happened, for the history row, the audit entry and the notifications: now
   * unless said. Only the demo data gives one, to seed a past history through the engine.
   */
  at?: Date;
}

export interface FiredTransition {
  objectId: string;
  event: string;
  from: string;
  to: string;
  historyId: string;
  /** Mails were queued: flush them once the transaction has committed (`flushMails`). */
  mailed: boolean;
}

/** A refusal as the API answers it (error catalogue): 409 wrong state, 403 guard failed, 400 unknown event. */
export function refusalError(machine: Machine, refusal: Refusal): AppError {
  const labelOf = (event: string) => machine.events[event]?.label ?? event;
  switch (refusal.reason) {
    case 'unknown_event':
      return appError('TRANSITION_UNKNOWN_EVENT', { event: refusal.event });
    case 'unknown_state':
      return appError('TRANSITION_WRONG_STATE', { action: machine.label, etat: refusal.state });
    case 'wrong_state':
      return appError('TRANSITION_WRONG_STATE', {
        action: labelOf(refusal.event),
        etat: machine.states[refusal.state]?.label ?? refusal.state,
      });
    case 'guard':
      return appError('TRANSITION_FORBIDDEN', { action: labelOf(refusal.event), condition: describeGuard(refusal.guard) });
  }
}

/** What the engine needs of the outbox: mails queued in the transition's transaction, flushed after its commit. */
export interface WorkflowOutbox {
  enqueue(tx: Tx, mail: Parameters<MailService['enqueue']>[1]): Promise<unknown>;
  flush(): Promise<void>;
}

/** A state change as the listeners hear it, in the transition's transaction. */
export interface TransitionEvent {
  machine: string;
  objectId: string;
  /** The instructing service of the object (null: none, e.g. a SIRET request). */
  serviceId: string | null;
  /** The dossier the object belongs to, when its row names one. */
  dossierId: string | null;
  event: string;
  from: string;
  to: string;
  stateLabel: string;
  /** The history row: the event's id. */
  historyId: string;
  at: Date;
}

/** Who writes something with every state change, in its transaction (the services' webhooks). */
export interface TransitionListener {
  transitioned(tx: Tx, event: TransitionEvent): Promise<void>;
}

export interface WorkflowDeps {
  repository: WorkflowRepository;
  listeners?: readonly TransitionListener[];
  audit: AuditService;
  mail: WorkflowOutbox;
  notifications: NotificationService;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export function createTransitionService({ repository, listeners = [], audit, mail, notifications, publicUrl, log }: WorkflowDeps) {
  /**
   * The people of audiences, for this object; `known` keeps each audience read once per transition
   * (the notified and the mailed are often the same).
   */
  async function audiencesOf(tx: Tx, audiences: readonly Audience[], subject: MachineSubject, known: Map<Audience, Person[]>): Promise<Person[]> {
    const people: Person[] = [];
    for (const audience of audiences) {
      if (!known.has(audience)) known.set(audience, await audienceOf(tx, audience, subject));
      people.push(...known.get(audience)!);
    }
    return people;
  }

  async function audienceOf(tx: Tx, audience: Audience, subject: MachineSubject): Promise<Person[]> {
    if (audience === 'association') return repository.associationMembers(tx, subject.associationId);
    if (audience === 'service') {
      const contact = subject.serviceId ? await repository.serviceContact(tx, subject.serviceId) : null;
      return contact ? [contact] : [];
    }
    const creator = subject.createdBy ? await repository.user(tx, subject.createdBy.id) : null;
    return creator ? [creator] : [];
  }

  /**
   * Fires `event` on the object inside the caller's transaction `tx`: the caller's other writes and
   * other transitions commit or roll back with it. Throws the refusal when the machine says no; the
   * caller flushes the mails after its commit when `mailed`.
   */
  async function fireIn(tx: Tx, { target, objectId, event, claims, comment = null, at }: FireInput): Promise<FiredTransition> {
    const { machine, table } = target;
    let mailed = false;
    const row = await repository.lockRow(tx, table, objectId);
    if (!row) throw appError('NOT_FOUND');
    const subject: MachineSubject = {
      ...target.subjectOf(row),
      state: String(row[table.stateColumn]),
      associationId: String(row[table.associationColumn]),
    };
    const actor = { id: claims.userId, roles: claims.roles, ...(await repository.membershipsOf(tx, claims.userId)) };
    const transition = apply(machine, subject, event, actor);
    if (!transition.ok) throw refusalError(machine, transition);

    await repository.writeState(tx, table, objectId, transition.to);
    const history = await repository.insertHistory(tx, {
      machine: machine.name,
      objectId,
      associationId: subject.associationId,
      fromState: transition.from,
      toState: transition.to,
      event,
      actorId: claims.userId,
      actorEmail: claims.email,
      comment,
      ...(at ? { createdAt: at } : {}),
    });
    await audit.record(tx, {
      associationId: subject.associationId,
      actor: { id: claims.userId, email: claims.email },
      entity: machine.name,
      entityId: objectId,
      action: event,
      before: { etat: transition.from },
      after: { etat: transition.to, ...(comment ? { commentaire: comment } : {}) },
      at,
    });

    // The actor knows what they did: only the others hear of it.
    const others = (people: Person[]) => people.filter((p) => p.userId !== claims.userId);
    const stateLabel = machine.states[transition.to]?.label ?? transition.to;
    const happenedAt = history.createdAt;
    for (const listener of listeners) {
      await listener.transitioned(tx, {
        machine: machine.name, objectId, serviceId: subject.serviceId ?? null, dossierId: row.dossier_id ? String(row.dossier_id) : null,
        event, from: transition.from, to: transition.to, stateLabel, historyId: history.id, at: happenedAt,
      });
    }
    const { notify, mail: mailAudiences = [], notifyAudience = mailAudiences } = transition.effects;
    const audiences = new Map<Audience, Person[]>();
    const people = notify ? others(await audiencesOf(tx, notifyAudience, subject, audiences)) : [];
    // The payload is read only for someone to tell.
    if (notify && people.length > 0) {
      await notifications.notify(tx, {
        associationId: subject.associationId,
        userIds: people.map((p) => p.userId),
        type: notify,
        payload: {
          ...(await target.payloadOf?.(row, tx)),
          machine: machine.name, objet: objectId, evenement: event, de: transition.from, vers: transition.to, libelle_etat: stateLabel, date: happenedAt.toISOString(),
          // The reason given with the change (a dossier sent back for correction says what to correct).
          ...(comment ? { commentaire: comment } : {}),
        },
        author: claims.userId,
        createdAt: at,
      });
    }
    const recipients = new Set(others(await audiencesOf(tx, mailAudiences, subject, audiences)).map((p) => p.email.toLowerCase()));
    const name = target.nameOf(row);
    for (const to of recipients) {
      const content = linkMail(
        `${name} est passé à l'état « ${stateLabel} » (${machine.events[event]!.label.toLowerCase()}, par ${claims.email}).${comment ? `\nCommentaire : ${comment}` : ''}\nPour le consulter :`,
        `${publicUrl}${target.linkOf(row)}`,
        'Vous recevez ce message car vous suivez ce dossier sur le compte association.',
      );
      // The link carries no secret: the outbox may show it.
      await mail.enqueue(tx, { to, subject: `${machine.label} : ${stateLabel} – Le compte association`, text: content.text, html: content.html });
      mailed = true;
    }
    return { objectId, event, from: transition.from, to: transition.to, historyId: history.id, mailed };
  }

  /** Sends the mails queued by transitions, after their transaction committed (a failure is logged, the outbox retries). */
  async function flushMails(fired: readonly FiredTransition[]) {
    if (fired.some((f) => f.mailed)) await mail.flush().catch((error: Error) => log.warn({ err: error.message }, 'mail flush after transition failed'));
  }

  return {
    fireIn,
    flushMails,

    /** Fires `event` on the object in its own transaction; throws the refusal (nothing written) when the machine says no. */
    async fire(input: FireInput): Promise<FiredTransition> {
      const fired = await repository.transaction((tx) => fireIn(tx, input));
      await flushMails([fired]);
      return fired;
    },

    /** Runs `work` in one transaction, for callers that fire several transitions with their own writes (fireIn). */
    transaction: repository.transaction,

    history: repository.history,
  };
}
export type TransitionService = ReturnType<typeof createTransitionService>;
