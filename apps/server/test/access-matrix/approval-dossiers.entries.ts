// Access-matrix entries of the approval dossiers (contract approvals/dossier-routes.ts). Each call
// works on a fresh approval dossier of the matrix association, created by the caller and instructed
// by the caller's own service (the matrix's service for callers without one): the association side
// and the approval's service change it in 1-2, the service decides once transmitted (4). Foreign
// calls act on a dossier of another association instructed by another service: only the admins reach it.
import { randomUUID } from 'node:crypto';
import { HAA_APPROVAL_TYPE, type Role, type RouteDefinition } from '@portail/contract';
import type { MatrixContext, MatrixEntries, MatrixEntry } from '../support/access-matrix.ts';
import { createAssociation, type TestAssociation } from '../support/association-factory.ts';
import { createAgrement } from '../support/rds-fixtures.ts';
import { signInService } from '../support/subsidy-fixtures.ts';

const ACTORS: Role[] = ['lca.association', 'lca.admin', 'rds.user', 'rds.service', 'rds.admin'];
const DECIDERS: Role[] = ['rds.user', 'rds.service', 'rds.admin'];

/** The account id a token names (undefined for a token that is not a JWT). */
function subjectOf(token: string | undefined): string | undefined {
  try {
    return JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()).sub;
  } catch {
    return undefined;
  }
}

export const approvalDossierEntries: MatrixEntries = (ctx: MatrixContext) => {
  let foreign: { asso: TestAssociation; serviceId: string } | null = null;
  async function foreignSide() {
    foreign ??= { asso: await createAssociation(ctx.t), serviceId: (await signInService(ctx.t, 'Service étranger aux agréments de la matrice')).serviceId };
    return foreign;
  }
  /**
   * A fresh approval dossier in `etat`, complete, created by the token's account, instructed by its
   * service (else the matrix's); `by` service: created by a service (a foreign one by the matrix's agent);
   * of an approval of `type`.
   */
  async function dossier(token: string | undefined, etat: '1' | '2' | '4', where: 'own' | 'foreign', by: 'association' | 'service' = 'association', type = 'ESC') {
    const sub = subjectOf(token);
    const own = sub ? await ctx.t.db.serviceAccount.findUnique({ where: { authId: sub } }) : null;
    const f = where === 'foreign' ? await foreignSide() : null;
    const asso = f?.asso ?? ctx.asso;
    const serviceId = f?.serviceId ?? own?.id ?? (await ctx.t.db.serviceAccount.findUniqueOrThrow({ where: { authId: ctx.service.account.id } })).id;
    const agrement = await createAgrement(ctx.t, { serviceId, type, code: `MAT-${randomUUID().slice(0, 8)}` });
    const creator = where === 'own' && sub ? sub : by === 'service' ? ctx.service.account.id : null;
    return ctx.t.db.dossier.create({
      data: {
        idFo: `2026-9${randomUUID().replace(/\D/g, '').slice(0, 8)}`, service: 'agrement', exercice: 2026, agrementId: agrement.id, agrementServiceId: serviceId,
        etatAgrement: etat, statut: 'complet', step: 3, associationId: asso.id, idSiret: asso.siege, createdById: creator, createdByType: by,
      },
    });
  }
  const entry = (access: Role[], scope: string, etat: '1' | '2' | '4', reachedBy: Role[], parts: () => object, by: 'association' | 'service' = 'association', type?: string): MatrixEntry => {
    const send = async (route: RouteDefinition, token: string | undefined, where: 'own' | 'foreign') =>
      ctx.call(route, token, { params: { id: (await dossier(token, etat, where, by, type)).id }, ...parts() });
    return {
      access,
      scope,
      send: (route, tokenFor) => send(route, tokenFor(ctx.member), 'own'),
      foreign: { reachedBy, send: (route, token) => send(route, token, 'foreign') },
    };
  };
  return {
    'GET /api/lca-server/demande/dossiers/agrements': {
      access: ACTORS, scope: 'caller',
      send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { query: { etats: '1,2,4', limit: '5' } }),
    },
    'GET /api/lca-server/demande/dossiers/:id/agrement': entry(ACTORS, 'dossier:read', '2', ['lca.admin', 'rds.admin'], () => ({})),
    // The association file the steps choose among, for whom may change the dossier (its creator, its service, the admins).
    'GET /api/lca-server/demande/dossiers/:id/agrement/fichier': entry(ACTORS, 'dossier:read', '2', ['lca.admin', 'rds.admin'], () => ({})),
    'PATCH /api/lca-server/demande/dossiers/:id': entry(ACTORS, 'dossier:write', '2', ['lca.admin', 'rds.admin'], () => ({ body: { step: 3, tca: { objet_interet_general: true } } })),
    'POST /api/lca-server/demande/dossiers/:id/transmit': entry(ACTORS, 'dossier:write', '2', ['lca.admin', 'rds.admin'], () => ({ body: { cerfa: { engagement: true } } })),
    'POST /api/lca-server/demande/dossiers/:id/agrement/events': entry(DECIDERS, 'dossier:read', '4', ['rds.admin'], () => ({ body: { event: 'ouvrir_instruction' } })),
    // The food-aid sites the association declares, read by a food-aid request's service side once transmitted.
    'GET /api/lca-server/demande/dossiers/:id/agrement/sites-aide-alimentaire': entry(DECIDERS, 'dossier:read', '4', ['rds.admin'], () => ({}), 'association', HAA_APPROVAL_TYPE),
    // Withdrawal of a dossier a service created, in 1, by the approval's service side.
    'DELETE /api/lca-server/demande/dossiers/:id/agrement': entry(DECIDERS, 'dossier:write', '1', ['rds.admin'], () => ({}), 'service'),
    // Creation on the association's behalf, for a fresh approval of the caller's service (the matrix's for rds.admin).
    'POST /api/lca-server/demande/service/dossiers/agrements': {
      access: DECIDERS, scope: 'caller',
      send: async (route, tokenFor) => {
        const token = tokenFor(ctx.member);
        const sub = subjectOf(token);
        const own = sub ? await ctx.t.db.serviceAccount.findUnique({ where: { authId: sub } }) : null;
        const serviceId = own?.id ?? (await ctx.t.db.serviceAccount.findUniqueOrThrow({ where: { authId: ctx.service.account.id } })).id;
        const agrement = await createAgrement(ctx.t, { serviceId, type: 'ESC', code: `MAT-${randomUUID().slice(0, 8)}` });
        return ctx.call(route, token, {
          body: { id_asso: ctx.asso.id, description: { code_agrement: agrement.code, id_type_agrement: 'ESC', id_service_instructeur: serviceId, exercice: 2026 }, demandeur: { id_siret: ctx.asso.siege } },
        });
      },
    },
  };
};
