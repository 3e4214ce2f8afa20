// Access-matrix entries of the approvals' catalogue (rda-server): read by any signed-in user, written
// by the approvals' administrators (those of the matrix have no service record: the whole catalogue).
import { randomUUID } from 'node:crypto';
import { ROLE_SETS, type Role } from '@portail/contract';
import type { MatrixContext, MatrixEntries } from '../support/access-matrix.ts';
import { createAgrement, createApprovalChamp, createApprovalDocument, createService } from '../support/rds-fixtures.ts';

const WRITERS: readonly Role[] = ROLE_SETS.approvalAdmins;

export const rdaEntries: MatrixEntries = (ctx: MatrixContext) => {
  const { call } = ctx;
  const agrementBody = async () => ({ code: `MATRICE-${randomUUID().slice(0, 8)}`, type_agrement: 'JEP', service: (await createService(ctx.t)).id, campagne_exercice: 2026 });
  return {
    'GET /api/rda-server/agrements': { access: 'authenticated', scope: 'none', send: (route, tokenFor) => call(route, tokenFor(ctx.member), { query: { type: 'JEP' } }) },
    'GET /api/rda-server/agrements/historique': { access: WRITERS, scope: 'none', send: (route, tokenFor) => call(route, tokenFor(ctx.service), { query: { entite: 'agrement' } }) },
    'GET /api/rda-server/agrements/services': { access: WRITERS, scope: 'none', send: (route, tokenFor) => call(route, tokenFor(ctx.service)) },
    'GET /api/rda-server/agrements/:id': {
      access: 'authenticated',
      scope: 'none',
      send: async (route, tokenFor) => call(route, tokenFor(ctx.member), { params: { id: (await createAgrement(ctx.t)).id } }),
    },
    'POST /api/rda-server/agrements': {
      access: WRITERS,
      scope: 'none',
      send: async (route, tokenFor) => call(route, tokenFor(ctx.service), { body: await agrementBody() }),
    },
    'POST /api/rda-server/agrements/:id/duplicate': {
      access: WRITERS,
      scope: 'none',
      send: async (route, tokenFor) => call(route, tokenFor(ctx.service), { params: { id: (await createAgrement(ctx.t)).id } }),
    },
    'PATCH /api/rda-server/agrements/:id': {
      access: WRITERS,
      scope: 'none',
      send: async (route, tokenFor) => call(route, tokenFor(ctx.service), { params: { id: (await createAgrement(ctx.t)).id }, body: { active: false, code_service: 'MAT' } }),
    },
    'DELETE /api/rda-server/agrements/:id': {
      access: WRITERS,
      scope: 'none',
      send: async (route, tokenFor) => call(route, tokenFor(ctx.service), { params: { id: (await createAgrement(ctx.t)).id } }),
    },
    'GET /api/rda-server/champs-attendus': { access: 'authenticated', scope: 'none', send: (route, tokenFor) => call(route, tokenFor(ctx.member)) },
    'POST /api/rda-server/champs-attendus': {
      access: WRITERS,
      scope: 'none',
      send: (route, tokenFor) => call(route, tokenFor(ctx.service), { body: { code: `agr-${randomUUID().slice(0, 8)}`, label: 'Champ', type: 'text' } }),
    },
    'PUT /api/rda-server/champs-attendus/:id': {
      access: WRITERS,
      scope: 'none',
      send: async (route, tokenFor) => {
        const champ = await createApprovalChamp(ctx.t);
        return call(route, tokenFor(ctx.service), { params: { id: champ.id }, body: { code: champ.code, label: 'Champ renommé', type: 'number' } });
      },
    },
    'GET /api/rda-server/documents-attendus': { access: 'authenticated', scope: 'none', send: (route, tokenFor) => call(route, tokenFor(ctx.member)) },
    'POST /api/rda-server/documents-attendus': {
      access: WRITERS,
      scope: 'none',
      send: (route, tokenFor) => call(route, tokenFor(ctx.service), { body: { code: `agr-doc-${randomUUID().slice(0, 8)}`, label: 'Arrêté', nature: 'ATTAG' } }),
    },
    'PUT /api/rda-server/documents-attendus/:id': {
      access: WRITERS,
      scope: 'none',
      send: async (route, tokenFor) => {
        const document = await createApprovalDocument(ctx.t);
        return call(route, tokenFor(ctx.service), { params: { id: document.id }, body: { code: document.code, label: 'Arrêté à jour', nature: 'ATTAG' } });
      },
    },
  };
};
