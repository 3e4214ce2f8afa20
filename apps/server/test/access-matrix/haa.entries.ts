// Access-matrix entries of food aid (contract haa.ts): association readers read, association members
// write (the head office: association-wide writes); each call acts on the current association of the
// matrix (its own, or the foreign one the matrix swaps in), its sites run by its head office.
import type { Role } from '@portail/contract';
import type { MatrixContext, MatrixEntries, MatrixEntry } from '../support/access-matrix.ts';

const READERS: Role[] = ['lca.association', 'lca.admin', 'rds.admin'];
const WRITERS: Role[] = ['lca.association', 'lca.admin'];
const ADDRESS = { num_voie: '12', voie: 'rue de la République', cp: '69001', commune: 'Lyon' };

export const haaEntries: MatrixEntries = (ctx: MatrixContext) => {
  const site = () => ({ type_membre: 'etablissement', nature_activite: 'distribution', membre_siret_id: ctx.asso.siege, itinerant: true });
  const newAddress = () => ctx.t.db.haaAdresse.create({ data: { associationId: ctx.asso.id, numVoie: ADDRESS.num_voie, voie: ADDRESS.voie, cp: ADDRESS.cp, commune: ADDRESS.commune, geocodage: 'adresse' } });
  const newSite = () =>
    ctx.t.db.haaSite.create({ data: { associationId: ctx.asso.id, typeMembre: 'etablissement', natureActivite: 'distribution', membreSiretId: ctx.asso.siege, itinerant: true } });
  const entry = (access: Role[], send: MatrixEntry['send']): MatrixEntry => ({ access, send });

  return {
    'GET /api/proxy-asso/association/haa/membres': entry(READERS, (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { query: { id_asso: ctx.asso.id } })),
    'GET /api/proxy-asso/association/haa/sites': entry(READERS, (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { query: { id_asso: ctx.asso.id } })),
    'POST /api/proxy-asso/association/haa/sites': entry(WRITERS, (route, tokenFor) =>
      ctx.call(route, tokenFor(ctx.member), { query: { id_asso: ctx.asso.id }, body: site() }),
    ),
    'PATCH /api/proxy-asso/association/haa/sites': entry(WRITERS, async (route, tokenFor) => {
      const row = await newSite();
      return ctx.call(route, tokenFor(ctx.member), { query: { id_asso: ctx.asso.id, id: row.id }, body: { periode_fermeture: [{ debut: '2026-08-01', fin: '2026-08-15' }] } });
    }),
    'DELETE /api/proxy-asso/association/haa/sites': entry(WRITERS, async (route, tokenFor) => {
      const row = await newSite();
      return ctx.call(route, tokenFor(ctx.member), { query: { id_asso: ctx.asso.id, id: row.id } });
    }),
    'GET /api/proxy-asso/association/haa/adresse': entry(READERS, (route, tokenFor) =>
      ctx.call(route, tokenFor(ctx.member), { query: { idAsso: ctx.asso.id, codePostal: '69001' } }),
    ),
    'POST /api/proxy-asso/association/haa/adresse': entry(WRITERS, (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { query: { id_asso: ctx.asso.id }, body: ADDRESS })),
    'PATCH /api/proxy-asso/association/haa/adresse': entry(WRITERS, async (route, tokenFor) => {
      const row = await newAddress();
      return ctx.call(route, tokenFor(ctx.member), { query: { id_asso: ctx.asso.id, id: row.id }, body: { cplt: 'Porte 2' } });
    }),
    'DELETE /api/proxy-asso/association/haa/adresse': entry(WRITERS, async (route, tokenFor) => {
      const row = await newAddress();
      return ctx.call(route, tokenFor(ctx.member), { query: { id_asso: ctx.asso.id, id: row.id } });
    }),
    'POST /api/proxy-asso/association/haa/sites_adresses': entry(WRITERS, (route, tokenFor) =>
      ctx.call(route, tokenFor(ctx.member), { query: { id_asso: ctx.asso.id }, body: { site: { ...site(), itinerant: false }, adresse: ADDRESS } }),
    ),
  };
};
