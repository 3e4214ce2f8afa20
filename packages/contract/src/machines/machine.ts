// One mechanism for every state machine of the product (issue 8 §4): a machine is data — states,
// events with their from-states and guards, per-state actions that do not move the state (edit,
// consult), and effects to emit — and two pure functions read it: `can` lists what an actor may do
// on an object, `apply` gives the next state or says why not. Client and server read the same
// declarations, so the client offers exactly what the server accepts.
import type { NotificationTypeId } from '../notifications.ts';
import type { Role } from '../roles.ts';

/** Who acts: roles, and the associations and instructing services the actor belongs to. */
export interface MachineActor {
  id: string;
  roles: readonly string[];
  associationIds: readonly string[];
  serviceIds: readonly string[];
}

/** The object a machine moves, as its guards need to see it. */
export interface MachineSubject {
  state: string;
  associationId: string;
  /** The instructing service in charge (dossier instruction, CRF, Pass'Sport). */
  serviceId?: string | null;
  /** Who created it, and from which side of the portal. */
  createdBy?: { id: string; side: 'association' | 'service' } | null;
  /** Users the object is shared with (Pass'Sport dossier). */
  sharedWith?: readonly string[];
  /** Facts about the object that predicates read (wizard complete, every CRF received...). */
  facts?: Readonly<Record<string, boolean>>;
}

/** Guards are data, so a refusal can say which one failed and the docs can list them. */
export type Guard =
  | { kind: 'role'; roles: readonly Role[] }
  | { kind: 'associationMember' }
  | { kind: 'instructingService' }
  | { kind: 'creator' }
  | { kind: 'createdBySide'; side: 'association' | 'service' }
  | { kind: 'sharedWith' }
  | { kind: 'fact'; fact: string; label: string }
  | { kind: 'allOf'; guards: readonly Guard[] }
  | { kind: 'anyOf'; guards: readonly Guard[] };

/** Who hears of a transition. */
export type Audience = 'association' | 'service' | 'creator';

export interface Effects {
  /** Notification type (docs/domain.md « Données ») written for the audience's users. */
  notify?: NotificationTypeId;
  /** Audiences mailed about the transition. */
  mail?: readonly Audience[];
  /** Audiences notified (defaults to the mailed ones). */
  notifyAudience?: readonly Audience[];
}

export interface StateDefinition {
  label: string;
  /** No event leaves it. */
  terminal?: boolean;
  /** Its content may be changed (per-state "edit" option). */
  editable?: boolean;
  /** Locked against changes (SIRET request's locked list). */
  locked?: boolean;
}

export interface EventDefinition<S extends string> {
  label: string;
  from: readonly S[];
  to: S;
  guard: Guard;
  effects?: Effects;
}

/** An option that does not move the state (consult, edit): allowed in some states to some actors. */
export interface ActionDefinition<S extends string> {
  label: string;
  in: readonly S[];
  guard: Guard;
  /** A further guard the action needs in some of its states (the RIB change in C: a closed campaign). */
  guardIn?: Partial<Readonly<Record<S, Guard>>>;
}

export interface Machine<S extends string = string, E extends string = string, A extends string = string> {
  name: string;
  label: string;
  initial: S;
  states: Readonly<Record<S, StateDefinition>>;
  events: Readonly<Record<E, EventDefinition<S>>>;
  actions: Readonly<Record<A, ActionDefinition<S>>>;
}

/** Declares a machine, checking once that every state an event names is declared. */
export function defineMachine<S extends string, E extends string, A extends string>(machine: Machine<S, E, A>): Machine<S, E, A> {
  const states = new Set(Object.keys(machine.states));
  if (!states.has(machine.initial)) throw new Error(`${machine.name}: initial state ${machine.initial} not declared`);
  for (const [name, event] of Object.entries<EventDefinition<S>>(machine.events)) {
    for (const s of [...event.from, event.to])
      if (!states.has(s)) throw new Error(`${machine.name}.${name}: state ${s} not declared`);
    for (const s of event.from)
      if (machine.states[s].terminal) throw new Error(`${machine.name}.${name}: leaves terminal state ${s}`);
  }
  return machine;
}

/** The first guard that refuses the actor (null: allowed). */
export function failingGuard(guard: Guard, subject: MachineSubject, actor: MachineActor): Guard | null {
  switch (guard.kind) {
    case 'role':
      return actor.roles.some((r) => (guard.roles as readonly string[]).includes(r)) ? null : guard;
    case 'associationMember':
      return actor.associationIds.includes(subject.associationId) ? null : guard;
    case 'instructingService':
      return subject.serviceId != null && actor.serviceIds.includes(subject.serviceId) ? null : guard;
    case 'creator':
      return subject.createdBy?.id === actor.id ? null : guard;
    case 'createdBySide':
      return subject.createdBy?.side === guard.side ? null : guard;
    case 'sharedWith':
      return subject.sharedWith?.includes(actor.id) ? null : guard;
    case 'fact':
      return subject.facts?.[guard.fact] === true ? null : guard;
    case 'allOf':
      for (const g of guard.guards) {
        const failed = failingGuard(g, subject, actor);
        if (failed) return failed;
      }
      return null;
    case 'anyOf':
      return guard.guards.some((g) => failingGuard(g, subject, actor) === null) ? null : guard;
  }
}

export type Refusal<E extends string = string> =
  | { ok: false; reason: 'unknown_event'; event: string }
  | { ok: false; reason: 'unknown_state'; state: string }
  | { ok: false; reason: 'wrong_state'; event: E; state: string; from: readonly string[] }
  | { ok: false; reason: 'guard'; event: E; guard: Guard };

export type Transition<S extends string = string, E extends string = string> =
  | { ok: true; event: E; from: S; to: S; effects: Effects }
  | Refusal<E>;

const isKey = <K extends string>(record: Readonly<Record<K, unknown>>, key: string): key is K =>
  Object.prototype.hasOwnProperty.call(record, key);

/** The next state of `subject` if `actor` fires `event`, or why not. */
export function apply<S extends string, E extends string>(
  machine: Machine<S, E, string>,
  subject: MachineSubject,
  event: string,
  actor: MachineActor,
): Transition<S, E> {
  if (!isKey(machine.events, event)) return { ok: false, reason: 'unknown_event', event };
  const state = subject.state;
  if (!isKey(machine.states, state)) return { ok: false, reason: 'unknown_state', state };
  const definition = machine.events[event];
  if (!definition.from.includes(state)) return { ok: false, reason: 'wrong_state', event, state, from: definition.from };
  const failed = failingGuard(definition.guard, subject, actor);
  if (failed) return { ok: false, reason: 'guard', event, guard: failed };
  return { ok: true, event, from: state, to: definition.to, effects: definition.effects ?? {} };
}

/** The events `actor` may fire on `subject` now. */
export function can<S extends string, E extends string>(machine: Machine<S, E, string>, subject: MachineSubject, actor: MachineActor): E[] {
  return (Object.keys(machine.events) as E[]).filter((event) => apply(machine, subject, event, actor).ok);
}

/** The per-state options (docs/domain.md « Machines à états ») for this actor: actions (consult, edit) and events alike. */
export function optionsOf<S extends string, E extends string, A extends string>(
  machine: Machine<S, E, A>,
  subject: MachineSubject,
  actor: MachineActor,
): { actions: A[]; events: E[] } {
  const actions = (Object.keys(machine.actions) as A[]).filter((name) => {
    const action = machine.actions[name];
    if (!(action.in as readonly string[]).includes(subject.state) || failingGuard(action.guard, subject, actor) !== null) return false;
    const further = (action.guardIn as Partial<Record<string, Guard>> | undefined)?.[subject.state];
    return !further || failingGuard(further, subject, actor) === null;
  });
  return { actions, events: can(machine, subject, actor) };
}

/** Every (from, event, to) the machine declares. */
export function transitionsOf<S extends string, E extends string>(machine: Machine<S, E, string>): { from: S; event: E; to: S }[] {
  return (Object.keys(machine.events) as E[]).flatMap((event) =>
    machine.events[event].from.map((from) => ({ from, event, to: machine.events[event].to })),
  );
}

/** A guard in French, for refusals and the documentation. */
export function describeGuard(guard: Guard): string {
  switch (guard.kind) {
    case 'role':
      return `avoir l'un des rôles ${guard.roles.join(', ')}`;
    case 'associationMember':
      return "être membre de l'association";
    case 'instructingService':
      return 'appartenir au service instructeur';
    case 'creator':
      return 'en être le créateur';
    case 'createdBySide':
      return guard.side === 'service' ? 'avoir été créé par un service instructeur' : 'avoir été créé par l’association';
    case 'sharedWith':
      return 'en être destinataire d’un partage';
    case 'fact':
      return guard.label;
    case 'allOf':
      return guard.guards.map(describeGuard).join(' et ');
    case 'anyOf':
      return guard.guards.map(describeGuard).join(' ou ');
  }
}
