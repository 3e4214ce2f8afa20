// Subsidy data for the tests of dossiers, projects and the dossier PDF: a scheme, a campaign with its
// instructing services, and dossiers of an association in a given instruction state, written straight
// to the tables (the routes that write them have their own tests).
import { randomUUID } from 'node:crypto';
import { createAssociation, linkUser, type AssociationOptions, type TestAssociation } from './association-factory.ts';
import { signIn } from './factories.ts';
import { TOKEN_HEADER } from './http-helpers.ts';
import type { TestApp } from './test-app.ts';

/** The base path of the dossier routes. */
export const DOSSIERS_PATH = '/api/lca-server/demande/dossiers';

export interface SubsidyScheme {
  dispositifId: string;
  sousDispositifId: string | null;
  subventionId: string;
}

/** A scheme (dispositif) with one sub-scheme and a 2026 campaign instructed by `serviceIds`. */
export async function createScheme(
  t: TestApp,
  options: { code?: string; duree?: 1 | 2 | null; sousDispositif?: string | null; serviceIds: string[]; exercice?: number },
): Promise<SubsidyScheme> {
  const code = options.code ?? `DISP-${randomUUID().slice(0, 8)}`;
  const existing = await t.db.dispositif.findUnique({ where: { code } });
  const dispositif = existing ?? (await t.db.dispositif.create({ data: { code, label: `Dispositif ${code}`, dureePluriannuelle: options.duree ?? null } }));
  const sous = options.sousDispositif
    ? await t.db.sousDispositif.upsert({
        where: { dispositifId_label: { dispositifId: dispositif.id, label: options.sousDispositif } },
        create: { dispositifId: dispositif.id, label: options.sousDispositif },
        update: {},
      })
    : null;
  const subvention = await t.db.subvention.create({
    data: {
      code: `SUB-${randomUUID().slice(0, 8)}`,
      label: `Campagne ${code} ${options.exercice ?? 2026}`,
      active: true,
      dispositifId: dispositif.id,
      campagneExercice: options.exercice ?? 2026,
      instructeurs: { create: options.serviceIds.map((serviceId, i) => ({ serviceId, isReferent: i === 0 })) },
    },
  });
  return { dispositifId: dispositif.id, sousDispositifId: sous?.id ?? null, subventionId: subvention.id };
}

/** A signed-in instructing service user and its service's id. */
export async function signInService(t: TestApp, nom = `Service ${randomUUID().slice(0, 6)}`) {
  const caller = await signIn(t, { roles: ['rds.user'], service: { nom } });
  return { ...caller, serviceId: caller.account.serviceAccount!.id };
}

/** A signed-in user, as signIn answers. */
export type SignedIn = Awaited<ReturnType<typeof signIn>>;
/** A signed-in instructing service user, as signInService answers. */
export type ServiceAgent = Awaited<ReturnType<typeof signInService>>;

/** A signed-in association member linked to the association, at its head office unless `siret` says. */
export async function memberOf(t: TestApp, asso: TestAssociation, siret?: string): Promise<SignedIn> {
  const member = await signIn(t, { roles: ['lca.association'] });
  await linkUser(t, member.account.id, asso, siret);
  return member;
}

/** What subsidySetting prepares for a test file. */
export interface SubsidySetting {
  asso: TestAssociation;
  member: SignedIn;
  agent: ServiceAgent;
  /** The agents of `extraServices`, in their order. */
  extras: ServiceAgent[];
  /** A scheme instructed by the agent's service (referent) and the extra services. */
  scheme: SubsidyScheme;
}

/** An association with a member at its head office, a service agent (and extra ones), and a scheme they instruct. */
export async function subsidySetting(
  t: TestApp,
  options: { service: string; association?: AssociationOptions; extraServices?: string[] },
): Promise<SubsidySetting> {
  const asso = await createAssociation(t, options.association);
  const member = await memberOf(t, asso);
  const agent = await signInService(t, options.service);
  const extras: ServiceAgent[] = [];
  for (const nom of options.extraServices ?? []) extras.push(await signInService(t, nom));
  const scheme = await createScheme(t, { serviceIds: [agent.serviceId, ...extras.map((e) => e.serviceId)] });
  return { asso, member, agent, extras, scheme };
}

type Query = Record<string, string | string[]>;

/** Calls of the dossier routes as `token`: `path` below DOSSIERS_PATH, a query, a body ({} unless given, null for none). */
export function dossierCalls(t: TestApp, token: string) {
  const call = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, query: Query) =>
    t.http()[method](`${DOSSIERS_PATH}${path}`).query(query).set(TOKEN_HEADER, token);
  return {
    get: (path: string, query: Query = {}) => call('get', path, query),
    post: (path: string, body: object | null = {}, query: Query = {}) => (body === null ? call('post', path, query) : call('post', path, query).send(body)),
    put: (path: string, body: object, query: Query = {}) => call('put', path, query).send(body),
    patch: (path: string, body: object, query: Query = {}) => call('patch', path, query).send(body),
    del: (path: string, query: Query = {}) => call('delete', path, query),
  };
}

export interface DossierOptions {
  exercice?: number;
  exerciceFin?: number | null;
  pluriannuel?: boolean | null;
  renouvellement?: boolean | null;
  etat?: string;
  createdById?: string | null;
}

/** A dossier of the association on the scheme, one instruction per service in `etat` (A unless said). */
export async function createDossier(t: TestApp, asso: TestAssociation, scheme: SubsidyScheme, serviceIds: string[], options: DossierOptions = {}) {
  const exercice = options.exercice ?? 2026;
  const idFo = (await t.db.$queryRaw<{ id: string }[]>`SELECT next_dossier_id_fo(${exercice}::int) AS id`)[0]!.id;
  const representant = await t.db.representantLegal.findFirst({ where: { associationId: asso.id } });
  return t.db.dossier.create({
    data: {
      idFo,
      exercice,
      exerciceFin: options.exerciceFin === undefined ? exercice : options.exerciceFin,
      pluriannuel: options.pluriannuel === undefined ? false : options.pluriannuel,
      renouvellement: options.renouvellement ?? null,
      subventionId: scheme.subventionId,
      dispositifId: scheme.dispositifId,
      sousDispositifId: scheme.sousDispositifId,
      associationId: asso.id,
      idSiret: asso.siege,
      nom: asso.association.nom,
      idRepresentantLegal: representant?.id ?? null,
      idSignataire: representant?.id ?? null,
      idResponsable: representant?.id ?? null,
      createdById: options.createdById ?? null,
      createdByType: 'association',
      instructions: {
        create: serviceIds.map((serviceId, i) => ({
          serviceId,
          associationId: asso.id,
          etat: options.etat ?? 'A',
          isReferent: i === 0,
          createdByType: 'association',
        })),
      },
    },
  });
}


/** The code of the scheme's subvention. */
export const subventionCode = async (t: TestApp, scheme: SubsidyScheme) =>
  (await t.db.subvention.findUniqueOrThrow({ where: { id: scheme.subventionId }, select: { code: true } })).code;

/** A RIB of the association's head office. */
export const createRib = (t: TestApp, asso: TestAssociation, siret = asso.siege) =>
  t.db.rib.create({ data: { associationId: asso.id, idSiret: siret, titulaire: asso.association.nom, iban: `FR76${randomUUID().replace(/\D/g, '').padEnd(23, '0').slice(0, 23)}`, bic: 'BNPAFRPP' } });

/**
 * Answers to every enabled question asked of dossiers (the seeded ones and any a test adds), as the
 * wizard's step 2 writes them in the dossier's customs: yes to a yes/no question, a sentence otherwise.
 */
export async function questionAnswers(t: TestApp): Promise<{ code: string; value: boolean | string }[]> {
  const questions = await t.db.question.findMany({ where: { enabled: true }, orderBy: { rang: 'asc' } });
  return questions.map((q) => ({ code: q.code, value: q.type === 'booleen' ? true : 'Réponse de test' }));
}

/** A dossier with nothing missing for transmission: wizard done, applicant with RIB, one valid project, questions answered, attestation. */
export async function createCompleteDossier(t: TestApp, asso: TestAssociation, scheme: SubsidyScheme, serviceIds: string[], options: DossierOptions = {}) {
  const row = await createDossier(t, asso, scheme, serviceIds, options);
  const rib = await createRib(t, asso);
  await t.db.dossier.update({
    where: { id: row.id },
    data: {
      step: 4, statut: 'complet', renouvellement: false, pluriannuel: false, exerciceFin: row.exercice, idRib: rib.id,
      customs: await questionAnswers(t), attestation: { certifie: true, date: new Date().toISOString() },
    },
  });
  await t.db.dossierInstruction.updateMany({ where: { dossierId: row.id }, data: { complet: true } });
  await t.db.projet.create({ data: { dossierId: row.id, rangDossier: 1, intitule: 'Projet complet', exercice: row.exercice, exerciceFin: row.exercice, evaluation: { commentaire: 'Bilan' } } });
  return row;
}

/** A project body that passes the checks (an evaluation comment, no recruitment). */
export const validProjet = (intitule = 'École de vélo', extra: Record<string, unknown> = {}) => ({
  description: { intitule, objectifs: 'Apprendre à rouler', description: 'Séances hebdomadaires' },
  evaluation: { commentaire: 'Bilan en fin de saison' },
  ...extra,
});

/** A document of the association file (no stored file: the dossier routes only read its row). */
export const createAssociationDocument = (t: TestApp, asso: TestAssociation, options: { idSiret?: string | null; type?: string } = {}) =>
  t.db.associationDocument.create({
    data: {
      associationId: asso.id,
      idSiret: options.idSiret ?? null,
      type: options.type ?? 'STC',
      nom: 'statuts.pdf',
      mimeType: 'application/pdf',
      taille: 10,
      sha256: 'x'.repeat(64),
      storageKey: `test/${randomUUID()}`,
    },
  });

/** An expected document of the dossiers of the scheme's subvention (part dossier, optional unless said). */
export async function createExpectedDocument(t: TestApp, scheme: SubsidyScheme, options: { obligatoire?: boolean } = {}) {
  const code = `doc_${randomUUID().slice(0, 8)}`;
  const expected = await t.db.documentAttendu.create({ data: { code, label: `Pièce ${code}`, nature: 'STC' } });
  await t.db.subventionDocumentAttendu.create({ data: { subventionId: scheme.subventionId, documentAttenduId: expected.id, part: 'dossier', obligatoire: options.obligatoire ?? false } });
  return expected;
}

/** An expected field of the scheme's subvention: its kind of answer (text unless said), part, options. */
export async function createExpectedField(
  t: TestApp,
  scheme: SubsidyScheme,
  options: { type?: string; part?: 'dossier' | 'projet'; obligatoire?: boolean; meta?: Record<string, unknown>; label?: string } = {},
) {
  const code = `champ_${randomUUID().slice(0, 8)}`;
  const champ = await t.db.champAttendu.create({ data: { code, label: options.label ?? `Champ ${code}`, type: options.type ?? 'text', meta: (options.meta ?? {}) as object } });
  await t.db.subventionChampAttendu.create({ data: { subventionId: scheme.subventionId, champAttenduId: champ.id, part: options.part ?? 'dossier', obligatoire: options.obligatoire ?? false } });
  return champ;
}

/** Dates the scheme's campaign (YYYY-MM-DD, null: open on that side). */
export const dateCampaign = (t: TestApp, scheme: SubsidyScheme, debut: string | null, fin: string | null) =>
  t.db.subvention.update({ where: { id: scheme.subventionId }, data: { dateDebut: debut ? new Date(`${debut}T00:00:00Z`) : null, dateFin: fin ? new Date(`${fin}T00:00:00Z`) : null } });

/** Puts the scheme's sub-scheme in its campaign, with its own dates (YYYY-MM-DD, null: open on that side). */
export const linkSousDispositif = (t: TestApp, scheme: SubsidyScheme, debut: string | null = null, fin: string | null = null) =>
  t.db.subventionSousDispositif.create({
    data: { subventionId: scheme.subventionId, sousDispositifId: scheme.sousDispositifId!, dateDebut: debut ? new Date(`${debut}T00:00:00Z`) : null, dateFin: fin ? new Date(`${fin}T00:00:00Z`) : null },
  });

/** The day `offset` days from today (UTC), YYYY-MM-DD: two days or more away, it is the same seen from Paris. */
export const dayFromToday = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Calls of the instruction routes as `token`: an event of the service's instruction, its « incomplet » mark. */
export function instructionCalls(t: TestApp, token: string) {
  const calls = dossierCalls(t, token);
  return {
    fire: (dossierId: string, serviceId: string, body: object) => calls.post(`/${dossierId}/instructions/${serviceId}/events`, body),
    statut: (dossierId: string, serviceId: string, body: object) => calls.put(`/${dossierId}/instructions/${serviceId}/statut`, body),
    history: (dossierId: string) => calls.get(`/${dossierId}/history`),
    /** A dossier created by the service on an association's behalf. */
    createForAssociation: (body: object) => t.http().post('/api/lca-server/demande/service/dossiers').set(TOKEN_HEADER, token).send(body),
  };
}

/** One financing line per project of the dossier for each service, for the dossier's exercise (what the projects' realignment writes). */
export async function createFinancingLines(t: TestApp, dossierId: string, serviceIds: string[], montantDemande = 5000) {
  const projets = await t.db.projet.findMany({ where: { dossierId }, select: { id: true, exercice: true } });
  for (const p of projets) {
    for (const serviceId of serviceIds) {
      await t.db.projetFinancement.create({ data: { projetId: p.id, annee: p.exercice, serviceId, montantDemande } });
    }
  }
  return projets.map((p) => ({ projet: p.id, annee: p.exercice }));
}
