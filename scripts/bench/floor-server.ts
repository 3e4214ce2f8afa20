// The floor of `pnpm bench:floor`: a bare Fastify + @fastify/jwt + pg server answering
// GET /api/proxy-asso/association/identite with the same work as the portal, and nothing else:
// verify the access token (same algorithm, issuer, audience, required claims), read the account
// state (same query), find the association named by id_asso (SIREN, SIRET, RNA or id), load the
// caller's links, read the association, map it to the identity JSON. No contract, no validation,
// no hooks, no logs. Started by scripts/bench-floor.ts with DATABASE_URL, JWT_SECRET and PORT.
// FLOOR_ACCOUNT_READ=0: the floor without the account read, trusting the token's roles (what a
// server that never asks the database about the session would cost).
import { createRequire } from 'node:module';
import type fastifyJwtPlugin from '@fastify/jwt';
import type fastifyFactory from 'fastify';
import type pgModule from 'pg';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../../packages/contract/src/index.ts';

// fastify, @fastify/jwt and pg are the server's dependencies: resolved from its package.
const require = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const Fastify = require('fastify') as typeof fastifyFactory;
const fastifyJwt = require('@fastify/jwt') as typeof fastifyJwtPlugin;
const pg = require('pg') as typeof pgModule;

const READ_ROLES = ['lca.admin', 'lca.association', 'rds.admin'];
const ACCOUNT_READ = process.env.FLOOR_ACCOUNT_READ !== '0';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
await app.register(fastifyJwt, {
  secret: process.env.JWT_SECRET!,
  verify: {
    algorithms: ['HS256'],
    allowedIss: ACCESS_TOKEN_ISSUER,
    allowedAud: ACCESS_TOKEN_AUDIENCE,
    requiredClaims: ['iss', 'aud', 'sub', 'iat', 'exp'],
  },
});

const fail = (status: number, code: string) => Object.assign(new Error(code), { statusCode: status });
const iso = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

app.get('/api/proxy-asso/association/identite', async (request) => {
  const header = request.headers['x-access-token'];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) throw fail(401, 'UNAUTHENTICATED');
  let claims: { sub: string; sid?: string; sv?: number; roles?: string[] };
  try {
    claims = app.jwt.verify(token);
  } catch {
    throw fail(401, 'INVALID_TOKEN');
  }
  if (!UUID.test(claims.sub) || !UUID.test(claims.sid ?? '')) throw fail(401, 'INVALID_TOKEN');
  let roles: string[] = claims.roles ?? [];
  if (ACCOUNT_READ) {
    const { rows: states } = await pool.query(
      `SELECT u.enabled, u.must_change_password, u.session_version, s.locked,
              (SELECT array_agg(r.role) FROM user_roles r WHERE r.user_id = u.id) AS roles,
              NOT EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.family_id = $2::uuid AND t.revoked_at IS NULL) AS session_revoked
       FROM users u LEFT JOIN service_accounts s ON s.auth_id = u.id
       WHERE u.id = $1::uuid`,
      [claims.sub, claims.sid],
    );
    const state = states[0];
    if (!state) throw fail(401, 'INVALID_TOKEN');
    if (state.session_version !== (claims.sv ?? 0) || state.session_revoked) throw fail(401, 'SESSION_REVOKED');
    if (state.locked || !state.enabled || state.must_change_password) throw fail(403, 'ENTRY_CHECK');
    roles = state.roles ?? [];
  }
  if (!roles.some((role) => READ_ROLES.includes(role))) throw fail(403, 'FORBIDDEN');

  const idAsso = String((request.query as { id_asso?: string }).id_asso ?? '').replace(/\s/g, '');
  const column = UUID.test(idAsso) ? 'id' : /^W\d{9}$/i.test(idAsso) ? 'id_rna' : /^\d{9}$/.test(idAsso) ? 'id_siren' : /^\d{14}$/.test(idAsso) ? 'siret' : null;
  if (!column) throw fail(404, 'NOT_FOUND');
  const { rows: found } =
    column === 'siret'
      ? await pool.query('SELECT id FROM associations WHERE id_siren = $1 AND deleted_at IS NULL LIMIT 1', [idAsso.slice(0, 9)])
      : await pool.query(`SELECT id FROM associations WHERE ${column} = $1 AND deleted_at IS NULL LIMIT 1`, [column === 'id_rna' ? idAsso.toUpperCase() : idAsso]);
  const associationId: string | undefined = found[0]?.id;
  if (!associationId) throw fail(404, 'NOT_FOUND');
  if (!roles.includes('lca.admin') && roles.includes('lca.association')) {
    const { rows: links } = await pool.query(
      `SELECT ua.association_id, ua.type, ua.id_siret FROM user_associations ua
       JOIN association_users au ON au.id = ua.association_user_id WHERE au.auth_id = $1::uuid`,
      [claims.sub],
    );
    if (!links.some((link) => link.association_id === associationId)) throw fail(404, 'NOT_FOUND');
  }
  const { rows } = await pool.query('SELECT * FROM associations WHERE id = $1::uuid', [associationId]);
  const a = rows[0];
  return {
    identite: {
      id_correspondance: a.id, id_rna: a.id_rna, id_siren: a.id_siren, id_siret: a.id_siret_siege, id_siret_siege: a.id_siret_siege,
      nom: a.nom, sigle: a.sigle, id_forme_juridique: a.id_forme_juridique, date_creation: iso(a.date_creation), regime: a.regime,
      util_publique: a.util_publique, date_publication_util_publique: iso(a.date_publication_util_publique),
      date_pub_registre: iso(a.date_pub_registre), tribunal_instance: a.tribunal_instance, numero_amalia: a.numero_amalia,
      volume: a.volume, folio: a.folio, impots_commerciaux: a.impots_commerciaux, a_dons_subv_153000: a.a_dons_subv_153000,
      a_publication_comptes_jo: a.a_publication_comptes_jo, a_commissaire_aux_comptes: a.a_commissaire_aux_comptes,
      type_structure_sportive: a.type_structure_sportive,
    },
    coordonnees: {
      adresse_siege: obj(a.adresse_siege), adresse_gestion: obj(a.adresse_gestion), telephone: a.telephone, site_web: a.site_web, courriel: a.courriel,
    },
    activites: { domaine: a.domaine, champ_action_territorial: a.champ_action_territorial, objet: a.objet },
    specificites: { ...(obj(a.specificites) ?? {}), passsport: obj(obj(a.specificites)?.passsport) ?? {} },
    agrement: a.agrement ?? null,
    commentaire: a.commentaire,
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(`floor ready on ${process.env.PORT}`);
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
