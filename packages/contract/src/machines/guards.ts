// The guards the four machines share: who acts for the association, who acts for the instructing
// service (docs/domain.md « Droits »: members and service users act on their own objects; a role ending in .admin acts
// on any object of its side).
import type { Role } from '../roles.ts';
import type { Guard } from './machine.ts';

export const role = (...roles: Role[]): Guard => ({ kind: 'role', roles });
export const allOf = (...guards: Guard[]): Guard => ({ kind: 'allOf', guards });
export const anyOf = (...guards: Guard[]): Guard => ({ kind: 'anyOf', guards });
export const fact = (name: string, label: string): Guard => ({ kind: 'fact', fact: name, label });

/** A member of the object's association (lca.association), or an LCA admin. */
export const ASSOCIATION_SIDE: Guard = anyOf(allOf(role('lca.association'), { kind: 'associationMember' }), role('lca.admin'));

/** A user of the object's instructing service (rds.user, rds.service), or an RDS admin. */
export const SERVICE_SIDE: Guard = anyOf(allOf(role('rds.user', 'rds.service'), { kind: 'instructingService' }), role('rds.admin'));

/** Either side: who may read the object. */
export const EITHER_SIDE: Guard = anyOf(ASSOCIATION_SIDE, SERVICE_SIDE);

/** The instructing service, on an object a service user created (the removal rule, docs/domain.md « Machines à états », « Droits »). */
export const SERVICE_SIDE_ON_ITS_OWN: Guard = allOf(SERVICE_SIDE, { kind: 'createdBySide', side: 'service' });
