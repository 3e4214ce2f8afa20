// Properties of the four state machines (issue 8 §4), on random event sequences fired by random
// actors on random objects: no undeclared state or transition is ever reached, `can` and `apply`
// agree, terminal states offer nothing, and every declared state is reachable.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, can, MACHINES, optionsOf, ROLES, transitionsOf, type Machine, type MachineActor, type MachineSubject } from '../src/index.ts';

/** Random sequences per machine and property, and the longest sequence. */
const RUNS = 400;
const MAX_STEPS = 40;

const USERS = ['u1', 'u2', 'u3'] as const;
const actorArb: fc.Arbitrary<MachineActor> = fc.record({
  id: fc.constantFrom(...USERS),
  roles: fc.subarray([...ROLES]),
  associationIds: fc.subarray(['asso1', 'asso2']),
  serviceIds: fc.subarray(['svc1', 'svc2']),
});
const subjectBaseArb = fc.record({
  associationId: fc.constantFrom('asso1', 'asso2'),
  serviceId: fc.constantFrom('svc1', 'svc2', null),
  createdBy: fc.option(fc.record({ id: fc.constantFrom(...USERS), side: fc.constantFrom('association' as const, 'service' as const) }), { nil: null }),
  sharedWith: fc.subarray([...USERS]),
});
const factsArb = fc.record({ complete: fc.boolean(), allCrfReceived: fc.boolean() });

const machines = Object.values(MACHINES) as Machine[];
const eventNames = (m: Machine) => Object.keys(m.events);

/** One step: an actor fires an event (or a name the machine does not know) with the object's facts of the moment. */
const stepArb = (m: Machine) =>
  fc.record({ actor: actorArb, event: fc.oneof(fc.constantFrom(...eventNames(m)), fc.constantFrom('inconnu', 'toString', '__proto__')), facts: factsArb });

describe.each(machines.map((m) => [m.name, m] as const))('%s', (_name, machine) => {
  const declared = new Set(transitionsOf(machine).map((t) => `${t.from}>${t.event}>${t.to}`));
  const states = new Set(Object.keys(machine.states));

  it('random event sequences by random actors stay on declared states and transitions', () => {
    fc.assert(
      fc.property(subjectBaseArb, fc.array(stepArb(machine), { maxLength: MAX_STEPS }), (base, steps) => {
        let state: string = machine.initial;
        for (const step of steps) {
          const subject: MachineSubject = { ...base, state, facts: step.facts };
          const result = apply(machine, subject, step.event, step.actor);
          if (!result.ok) {
            if (result.reason === 'wrong_state') expect(machine.events[result.event]!.from).not.toContain(state);
            if (result.reason === 'guard') expect(machine.events[result.event]!.from).toContain(state);
            continue;
          }
          expect(states.has(result.to)).toBe(true);
          expect(declared.has(`${state}>${result.event}>${result.to}`)).toBe(true);
          state = result.to;
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('an event is in can() if and only if apply() accepts it, in every state', () => {
    fc.assert(
      fc.property(subjectBaseArb, fc.constantFrom(...states), actorArb, factsArb, (base, state, actor, facts) => {
        const subject = { ...base, state, facts };
        const allowed = can(machine, subject, actor);
        for (const event of eventNames(machine)) expect(allowed.includes(event)).toBe(apply(machine, subject, event, actor).ok);
        expect(optionsOf(machine, subject, actor).events).toEqual(allowed);
      }),
      { numRuns: RUNS },
    );
  });

  it('terminal states offer no event to anyone, and every other state has a way out', () => {
    for (const [state, definition] of Object.entries(machine.states)) {
      const leaving = transitionsOf(machine).filter((t) => t.from === state);
      expect(leaving.length === 0, `${state}`).toBe(definition.terminal === true);
    }
    fc.assert(
      fc.property(subjectBaseArb, actorArb, factsArb, (base, actor, facts) => {
        for (const [state, definition] of Object.entries(machine.states))
          if (definition.terminal) expect(can(machine, { ...base, state, facts }, actor)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('every declared state is reachable from the initial state', () => {
    const reached = new Set([machine.initial]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of transitionsOf(machine))
        if (reached.has(t.from) && !reached.has(t.to)) {
          reached.add(t.to);
          grew = true;
        }
    }
    expect([...reached].sort()).toEqual([...states].sort());
  });

  it('a state the machine does not declare is refused, never moved from', () => {
    const actor: MachineActor = { id: 'u1', roles: [...ROLES], associationIds: ['asso1'], serviceIds: ['svc1'] };
    for (const event of eventNames(machine)) {
      const result = apply(machine, { state: 'Z', associationId: 'asso1' }, event, actor);
      expect(result).toEqual({ ok: false, reason: 'unknown_state', state: 'Z' });
    }
  });
});
