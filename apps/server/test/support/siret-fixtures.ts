// SIRET requests in tests: an association without SIRET (its head office address in the file),
// members linked to it, its REC, STC and LDC documents, and the calls of the request's routes.
import { randomUUID } from 'node:crypto';
import { API_BASE } from '@portail/contract';
import { newRna } from './association-factory.ts';
import { signIn } from './factories.ts';
import { TOKEN_HEADER } from './http-helpers.ts';
import type { TestApp } from './test-app.ts';

export interface SiretlessAssociation {
  id: string;
  rna: string;
  nom: string;
}

/** An association with an RNA number and no SIREN nor SIRET, its head office in Villeurbanne (no INSEE code in the file). */
export async function createSiretlessAssociation(t: TestApp, data: { nom?: string; sigle?: string | null; objet?: string | null; adresseSiege?: object | null } = {}): Promise<SiretlessAssociation> {
  const rna = newRna();
  const nom = data.nom ?? `Association sans SIRET ${rna}`;
  const association = await t.db.association.create({
    data: {
      idRna: rna, nom, nomRecherche: nom.toLowerCase(), sigle: data.sigle ?? 'ASS', objet: data.objet ?? 'Promouvoir le sport pour tous.',
      idFormeJuridique: '9220', regime: 'loi1901', cpSiege: '69100', dateCreation: new Date('2024-03-01'),
      adresseSiege: data.adresseSiege === undefined ? { num_voie: '3', type_voie: 'RUE', voie: 'des Lilas', cp: '69100', commune: 'Villeurbanne', pays: 'FRANCE' } : (data.adresseSiege ?? undefined),
    },
  });
  return { id: association.id, rna, nom };
}

/** A member of the association's head office (it has no establishment: the link names none). */
export async function linkToSiretless(t: TestApp, authId: string, asso: SiretlessAssociation) {
  const user = await t.db.associationUser.upsert({ where: { authId }, create: { authId }, update: {} });
  await t.db.userAssociation.create({ data: { associationUserId: user.id, associationId: asso.id, idSiret: null, type: 'Siège', fonction: 'Président' } });
}

export async function memberOfSiretless(t: TestApp, asso: SiretlessAssociation) {
  const member = await signIn(t, { roles: ['lca.association'] });
  await linkToSiretless(t, member.account.id, asso);
  return member;
}

/** One document of the association's file of each type the request needs (or those given). */
export async function siretDocuments(t: TestApp, asso: { id: string }, types: string[] = ['REC', 'STC', 'LDC']) {
  const rows = [];
  for (const type of types) {
    rows.push(
      await t.db.associationDocument.create({
        data: { associationId: asso.id, type, nom: `${type.toLowerCase()}.pdf`, mimeType: 'application/pdf', taille: 10, sha256: 'x'.repeat(64), storageKey: `test/${randomUUID()}` },
      }),
    );
  }
  return rows.map((row) => ({ type: row.type, uuid: row.id }));
}

/** A head office address that follows every rule of §5. */
export const VALID_ADDRESS = { code_insee: '69266', num_voie: '3', type_voie: 'RUE', voie: 'des Lilas', cp: '69100', commune: 'Villeurbanne', pays: 'FRANCE' };

/** The request's routes, as `token` calls them. */
export function siretCalls(t: TestApp, token: string) {
  const base = `${API_BASE}/lca-server/demande/numero-siret`;
  const auth = <T extends { set(name: string, value: string): T }>(request: T) => request.set(TOKEN_HEADER, token);
  return {
    list: (query: Record<string, string> = {}) => auth(t.http().get(base).query(query)),
    create: (idAsso: string, body: object = {}) => auth(t.http().post(base).query({ id_asso: idAsso }).send(body)),
    get: (id: string) => auth(t.http().get(`${base}/${id}`)),
    update: (id: string, body: object) => auth(t.http().put(`${base}/${id}`).send(body)),
    remove: (id: string) => auth(t.http().delete(`${base}/${id}`)),
    transmit: (id: string) => auth(t.http().post(`${base}/${id}/transmit`)),
    event: (id: string, body: object) => auth(t.http().post(`${base}/${id}/events`).send(body)),
    pdf: (id: string) => auth(t.http().get(`${base}/${id}/pdf`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    })),
    documents: (id: string) => auth(t.http().get(`${API_BASE}/proxy-asso/demande/documents`).query({ id_demande: id })),
    proxyCreate: (idAsso: string, body: object[]) => auth(t.http().post(`${API_BASE}/proxy-asso/associations/demandeSiret`).query({ id_asso: idAsso }).send(body)),
  };
}
