// Pass'Sport fixtures (docs/domain.md « Pass'Sport »): the exercises around today (last year's
// closed, this year's open, next year's not open yet), beneficiaries with fresh valid codes, an
// eligible sports club (affiliated to a federation of the referential) with its member, and the
// calls of psp-server.
import { randomInt } from 'node:crypto';
import { PASS_SPORT_CODE_LETTERS, pspNameKey } from '@portail/contract';
import { createAssociation, linkUser, newSiren, type TestAssociation } from './association-factory.ts';
import { signIn } from './factories.ts';
import { TOKEN_HEADER } from './http-helpers.ts';
import type { TestApp } from './test-app.ts';

const YEAR = new Date().getUTCFullYear();
/** The exercises' ids (YY) of last year, this year and next year. */
export const EXERCICES = { past: (YEAR - 1) % 100, current: YEAR % 100, next: (YEAR + 1) % 100 } as const;
/** A federation of the referential federations-sportives (label), with a SIREN of ours. */
export const FOOTBALL = { siren: '', nom: 'Fédération française de football' };
export const TENNIS = { siren: '', nom: 'Fédération française de tennis' };
FOOTBALL.siren = newSiren();
TENNIS.siren = newSiren();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000);

/** The three exercises (idempotent). */
export async function ensureExercices(t: TestApp) {
  const rows = [
    { id: EXERCICES.past, annee: YEAR - 1, active: false, dateDebut: day(-500), dateFin: day(-30) },
    { id: EXERCICES.current, annee: YEAR, active: true, dateDebut: day(-60), dateFin: day(200) },
    { id: EXERCICES.next, annee: YEAR + 1, active: false, dateDebut: day(300), dateFin: day(600) },
  ];
  for (const row of rows) await t.db.pspExercice.upsert({ where: { id: row.id }, create: row, update: row });
}

const letters = (n: number) => Array.from({ length: n }, () => PASS_SPORT_CODE_LETTERS[randomInt(PASS_SPORT_CODE_LETTERS.length)]).join('');
/** A fresh code of the exercise, one no beneficiary has (likely: 24^8 codes). */
export const freshCode = (exerciceId: number = EXERCICES.current) => `${String(exerciceId).padStart(2, '0')}-${letters(4)}-${letters(4)}`;

export async function createBeneficiaire(t: TestApp, exerciceId: number = EXERCICES.current, who: { prenom?: string; nom?: string; codePostal?: string } = {}) {
  const nom = who.nom ?? 'Durand';
  return t.db.pspBeneficiaire.create({
    data: {
      codePsp: freshCode(exerciceId), exerciceId, prenom: who.prenom ?? 'Léa', nom, nomRecherche: pspNameKey(nom),
      dateNaissance: new Date('2012-04-03'), codePostal: who.codePostal ?? '75011', commune: 'Paris',
    },
  });
}

/** A sports club: affiliated to the football federation (unless `eligible: false`), a member linked to its head office. */
export async function createClub(t: TestApp, { eligible = true }: { eligible?: boolean } = {}) {
  const asso = await createAssociation(t, { nom: `Club sportif ${newSiren()}` });
  if (eligible) await t.db.reseauAffiliation.create({ data: { associationId: asso.id, nom: FOOTBALL.nom } });
  const member = await signIn(t, { roles: ['lca.association'] });
  await linkUser(t, member.account.id, asso);
  return { asso, member };
}

/** An affiliation certificate of the club to the federation (its document left out), for `exerciceId`. */
export const certify = (t: TestApp, asso: TestAssociation, federation: { siren: string; nom: string }, exerciceId: number = EXERCICES.current) =>
  t.db.pspAffiliation.create({ data: { associationId: asso.id, sirenFederation: federation.siren, nomFederation: federation.nom, exerciceId } });

const base = '/api/psp-server';
/** The psp-server calls with a token. */
export function pspCalls(t: TestApp, token: string) {
  const http = () => t.http();
  return {
    create: (body: object) => http().post(`${base}/dossiers`).set(TOKEN_HEADER, token).send(body),
    list: (query: Record<string, string>) => http().get(`${base}/dossiers`).query(query).set(TOKEN_HEADER, token),
    update: (id: string, body: object, query: Record<string, string> = {}) => http().put(`${base}/dossiers/${id}`).query(query).set(TOKEN_HEADER, token).send(body),
    structure: (siret: string) => http().get(`${base}/dossiers/${siret}/association`).set(TOKEN_HEADER, token),
    exercices: () => http().get(`${base}/exercices`).set(TOKEN_HEADER, token),
    add: (id: string, body: object) => http().post(`${base}/dossiers/${id}/inscriptions`).set(TOKEN_HEADER, token).send(body),
    patch: (id: string, inscriptionId: string, body: object) => http().patch(`${base}/dossiers/${id}/inscriptions/${inscriptionId}`).set(TOKEN_HEADER, token).send(body),
    remove: (id: string, inscriptionId: string) => http().delete(`${base}/dossiers/${id}/inscriptions/${inscriptionId}`).set(TOKEN_HEADER, token),
    pdf: (id: string) => http().get(`${base}/dossiers/${id}/pdf`).set(TOKEN_HEADER, token).buffer(true),
    event: (id: string, body: object) => http().post(`${base}/dossiers/${id}/events`).set(TOKEN_HEADER, token).send(body),
    beneficiaires: (query: Record<string, string>) => http().get(`${base}/beneficiaires`).query(query).set(TOKEN_HEADER, token),
    upload: (query: Record<string, string>, file: Buffer, name = 'attestation.pdf') =>
      http().post(`${base}/upload-affiliation`).query(query).set(TOKEN_HEADER, token).attach('file', file, name),
  };
}

/** A club with its dossier (football among its federations, certified for this exercise). */
export async function clubWithDossier(t: TestApp) {
  await ensureExercices(t);
  const club = await createClub(t);
  const calls = pspCalls(t, club.member.token);
  const created = await calls.create({ structure: { id_siret: club.asso.siege, nom: 'Club sportif' } });
  if (created.status !== 200) throw new Error(`dossier not created: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.dossier.id as string;
  await certify(t, club.asso, FOOTBALL);
  const updated = await calls.update(id, { federations: [FOOTBALL] });
  if (updated.status !== 200) throw new Error(`federations not set: ${updated.status} ${JSON.stringify(updated.body)}`);
  return { ...club, id, calls };
}
