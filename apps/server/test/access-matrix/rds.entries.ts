// Access-matrix entries of the instructing services (auth-server and rds-server) and the schemes.
import { randomUUID } from 'node:crypto';
import { ROLE_SETS, type Role, type RouteDefinition } from '@portail/contract';
import type { MatrixContext, MatrixEntries, MatrixEntry, TokenFor } from '../support/access-matrix.ts';
import { uniqueEmail } from '../support/http-helpers.ts';
import { createChamp, createDocumentAttendu, createService, createSubvention, testDispositif } from '../support/rds-fixtures.ts';

const MANAGERS: readonly Role[] = ROLE_SETS.referentielAdmins;
const READERS: readonly Role[] = [...new Set<Role>([...ROLE_SETS.instructors, ...ROLE_SETS.referentielAdmins])];
const SCHEME_READERS: readonly Role[] = ROLE_SETS.associationsAndServices;
const SCHEME_WRITERS: readonly Role[] = ROLE_SETS.schemeAdmins;

/** The account id a token names (undefined for a token that is not a JWT). */
function subjectOf(token: string | undefined): string | undefined {
  try {
    return JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()).sub;
  } catch {
    return undefined;
  }
}

export const rdsEntries: MatrixEntries = (ctx: MatrixContext) => {
  const { call } = ctx;
  const token = (tokenFor: TokenFor) => tokenFor(ctx.service);
  /** The caller's own service when it has one, else the matrix's service (managers reach every service). */
  async function ownServiceId(sent: string | undefined) {
    const sub = subjectOf(sent);
    const own = sub ? await ctx.t.db.serviceAccount.findUnique({ where: { authId: sub } }) : null;
    return own?.id ?? (await ctx.t.db.serviceAccount.findUniqueOrThrow({ where: { authId: ctx.service.account.id } })).id;
  }
  /** A write on a fresh service; every manager (no service record of its own) reaches any service. */
  const onFreshService = (parts: (s: Awaited<ReturnType<typeof createService>>) => { params: Record<string, string>; body?: object }): MatrixEntry => {
    const send = async (route: RouteDefinition, sent: string | undefined) => call(route, sent, parts(await createService(ctx.t)));
    return {
      access: MANAGERS,
      scope: 'service:write',
      send: (route, tokenFor) => send(route, token(tokenFor)),
      foreign: { reachedBy: MANAGERS, send },
    };
  };
  const subventionBody = async () => ({
    code: `MATRICE-${randomUUID().slice(0, 8)}`,
    label: 'Campagne de la matrice',
    dispositif: (await testDispositif(ctx.t)).code,
    campagne_exercice: 2026,
  });

  return {
    'POST /api/auth-server/services': {
      access: MANAGERS,
      scope: 'none',
      send: (route, tokenFor) =>
        call(route, token(tokenFor), { body: { email: uniqueEmail(), service: { nom: 'Service national', niveau_territorial: 'national' } } }),
    },
    'PATCH /api/auth-server/services/:id': onFreshService((s) => ({ params: { id: s.authId }, body: { locked: true } })),
    'DELETE /api/auth-server/services/:id': onFreshService((s) => ({ params: { id: s.authId } })),
    'GET /api/rds-server/services': {
      access: READERS,
      scope: 'caller',
      send: (route, tokenFor) => call(route, token(tokenFor), { query: { niveau: 'national' } }),
    },
    'GET /api/rds-server/services/:id': {
      access: READERS,
      scope: 'service:read',
      send: async (route, tokenFor) => {
        const sent = token(tokenFor);
        return call(route, sent, { params: { id: await ownServiceId(sent) } });
      },
      // Another service: managers reach it, an instructor only its own.
      foreign: { reachedBy: MANAGERS, send: async (route, sent) => call(route, sent, { params: { id: (await createService(ctx.t)).id } }) },
    },
    'POST /api/rds-server/services': {
      access: MANAGERS,
      scope: 'none',
      send: async (route, tokenFor) => {
        const s = await createService(ctx.t);
        await ctx.t.db.serviceAccount.delete({ where: { id: s.id } });
        return call(route, token(tokenFor), { body: { authId: s.authId, nom: 'Fiche ajoutée', niveau_territorial: 'national' } });
      },
    },
    'PATCH /api/rds-server/services/:id': onFreshService((s) => ({ params: { id: s.id }, body: { nom: 'Nom changé' } })),
    'DELETE /api/rds-server/services/:id': onFreshService((s) => ({ params: { id: s.id } })),

    'GET /api/rds-server/subventions': { access: SCHEME_READERS, scope: 'none', send: (route, tokenFor) => call(route, token(tokenFor)) },
    'GET /api/rds-server/subventions/:code': {
      access: SCHEME_READERS,
      scope: 'none',
      send: async (route, tokenFor) =>
        call(route, token(tokenFor), { params: { code: (await createSubvention(ctx.t)).code }, query: { populate: 'instructeurs,champs_attendus' } }),
    },
    'POST /api/rds-server/subventions': {
      access: SCHEME_WRITERS,
      scope: 'none',
      send: async (route, tokenFor) => call(route, token(tokenFor), { body: await subventionBody() }),
    },
    'PUT /api/rds-server/subventions/:id': {
      access: SCHEME_WRITERS,
      scope: 'none',
      send: async (route, tokenFor) =>
        call(route, token(tokenFor), { params: { id: (await createSubvention(ctx.t)).id }, body: await subventionBody() }),
    },
    'DELETE /api/rds-server/subventions/:id': {
      access: SCHEME_WRITERS,
      scope: 'none',
      send: async (route, tokenFor) => call(route, token(tokenFor), { params: { id: (await createSubvention(ctx.t)).id } }),
    },
    'POST /api/rds-server/subventions/:id/duplicate': {
      access: SCHEME_WRITERS,
      scope: 'none',
      send: async (route, tokenFor) => call(route, token(tokenFor), { params: { id: (await createSubvention(ctx.t)).id } }),
    },
    'POST /api/rds-server/subventions/:id/conditions/apercu': {
      access: SCHEME_WRITERS,
      scope: 'none',
      send: async (route, tokenFor) =>
        call(route, token(tokenFor), { params: { id: (await createSubvention(ctx.t)).id }, body: { part: 'dossier', asks: [{ scope: 'dossier', key: 'description.pluriannuel', operator: '==', value: true }] } }),
    },
    'GET /api/rds-server/dispositifs': {
      access: SCHEME_READERS,
      scope: 'none',
      send: (route, tokenFor) => call(route, token(tokenFor), { query: { fields: 'code,label', populate: 'sous_dispositifs' } }),
    },
    'GET /api/rds-server/champs-attendus': { access: SCHEME_READERS, scope: 'none', send: (route, tokenFor) => call(route, token(tokenFor)) },
    'POST /api/rds-server/champs-attendus': {
      access: SCHEME_WRITERS,
      scope: 'none',
      send: (route, tokenFor) => call(route, token(tokenFor), { body: { code: `champ-${randomUUID().slice(0, 8)}`, label: 'Champ', type: 'text' } }),
    },
    'PUT /api/rds-server/champs-attendus/:id': {
      access: SCHEME_WRITERS,
      scope: 'none',
      send: async (route, tokenFor) => {
        const champ = await createChamp(ctx.t);
        return call(route, token(tokenFor), { params: { id: champ.id }, body: { code: champ.code, label: 'Champ renommé', type: 'number' } });
      },
    },
    'GET /api/rds-server/documents-attendus': { access: SCHEME_READERS, scope: 'none', send: (route, tokenFor) => call(route, token(tokenFor)) },
    'POST /api/rds-server/documents-attendus': {
      access: SCHEME_WRITERS,
      scope: 'none',
      send: (route, tokenFor) => call(route, token(tokenFor), { body: { code: `doc-${randomUUID().slice(0, 8)}`, label: 'Statuts', nature: 'STC' } }),
    },
    'PUT /api/rds-server/documents-attendus/:id': {
      access: SCHEME_WRITERS,
      scope: 'none',
      send: async (route, tokenFor) => {
        const document = await createDocumentAttendu(ctx.t);
        return call(route, token(tokenFor), { params: { id: document.id }, body: { code: document.code, label: 'Statuts à jour', nature: 'STC' } });
      },
    },
  };
};
