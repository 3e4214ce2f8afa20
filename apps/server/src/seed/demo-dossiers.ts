// Demo subsidy dossiers (never in production), seeded after the demo accounts, the demo registry and
// the demo schemes: a second demo member, membre.subventions@demo…, linked to the head office of one
// generated association (not one of the three fixed ones the README keeps for the joining demo), and
// four dossiers of that association on the current exercise's campaigns: one being filled (A, step
// 1), one transmitted (D), one sent back (C), one granted (6).
//
// Their history is written as the portal writes a real one, with its past dates: the association
// file holds the documents the campaigns expect (small generated PDFs, stored through the storage
// driver like an upload), the complete dossiers hold them, and the audit trail has each creation and
// each attachment of documents; each move goes through the workflow engine (machine checked, state,
// state_history row, audit entry, notifications), in time order, all in one transaction. No mail
// leaves for demo data: the engine gets an outbox that sends nothing.
import { SEED_TRANSACTION_MAX_WAIT_MS } from './seeding-needed.ts';
import { dossierInstructionMachine } from '@portail/contract';
import type { Database } from '../db/prisma.ts';
import type { DbTransaction } from '../db/transaction.ts';
import { createAuditRepository, createAuditService } from '../modules/audit/index.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { instructionTarget } from '../modules/demande/index.ts';
import type { DEFAULT_QUESTIONS } from '../modules/lca/index.ts';
import { createNotificationRepository, createNotificationService } from '../modules/notifications/index.ts';
import { createTransitionService, createWorkflowRepository, type WorkflowOutbox } from '../modules/workflow/index.ts';
import type { FileStorage, StoredFile } from '../storage/index.ts';
import { DEMO_DOSSIERS_MEMBER, DEMO_PASSWORD } from './demo-data.ts';
import { storeDemoPdf } from './demo-files.ts';
import { DEMO_ASSOCIATIONS } from './demo-registry.ts';
import { frenchIban } from './registry/identifiers.ts';

export { DEMO_DOSSIERS_MEMBER } from './demo-data.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A demo user as the engine and the audit trail see the caller. */
interface Actor {
  userId: string;
  email: string;
  roles: string[];
}

interface PlannedMove {
  /** Who fires the event on every instruction of the dossier: the member, or each instruction's own service. */
  by: 'member' | 'service';
  event: string;
  daysAgo: number;
}

interface PlannedDossier {
  campagne: (year: number) => string;
  intitule: string;
  objectifs: string;
  step: number;
  complete: boolean;
  demande: number;
  accorde?: number;
  /** Answers to the scheme's expected fields; a complete dossier also answers the questions. */
  customs: { code: string; value: number }[];
  createdDaysAgo: number;
  moves: PlannedMove[];
  comment?: string;
}

/** What the demo association answers to the questions asked of every dossier (lca DEFAULT_QUESTIONS). */
const QUESTION_ANSWERS: Record<(typeof DEFAULT_QUESTIONS)[number]['code'], boolean | string> = {
  contrat_engagement_republicain: true,
  seuil_dons_subventions: false,
  autres_financeurs: 'La commune, pour la mise à disposition des équipements.',
};

const PLAN: PlannedDossier[] = [
  {
    campagne: (y) => `FDVA1-${y}`, intitule: 'Formation des nouveaux bénévoles', objectifs: 'Former les bénévoles arrivés cette saison à l’accueil du public',
    step: 1, complete: false, demande: 2_500, customs: [], createdDaysAgo: 3, moves: [],
  },
  {
    campagne: (y) => `CNDS-PT-${y}`, intitule: 'École multisports pour les 6-12 ans', objectifs: 'Ouvrir deux créneaux hebdomadaires aux enfants du quartier',
    step: 4, complete: true, demande: 6_000, customs: [{ code: 'nb_licencies', value: 142 }], createdDaysAgo: 30,
    moves: [{ by: 'member', event: 'transmettre', daysAgo: 21 }],
  },
  {
    campagne: (y) => `FDVA2-${y}`, intitule: 'Local associatif partagé', objectifs: 'Équiper un local ouvert aux associations du quartier',
    step: 4, complete: true, demande: 8_000, customs: [], createdDaysAgo: 40,
    moves: [{ by: 'member', event: 'transmettre', daysAgo: 28 }, { by: 'service', event: 'renvoyer', daysAgo: 14 }],
    comment: 'Merci de préciser le budget prévisionnel du projet.',
  },
  {
    campagne: (y) => `2HSC-${y}`, intitule: 'Deux heures de sport en plus au collège', objectifs: 'Animer deux heures de sport hebdomadaires avec le collège voisin',
    step: 4, complete: true, demande: 4_000, accorde: 3_500, customs: [{ code: 'nb_licencies', value: 142 }], createdDaysAgo: 60,
    moves: [
      { by: 'member', event: 'transmettre', daysAgo: 50 },
      { by: 'service', event: 'ouvrir_instruction', daysAgo: 40 },
      { by: 'service', event: 'accorder', daysAgo: 10 },
    ],
  },
];

/**
 * The documents of the association file, one per document type the demo campaigns expect (their
 * natures, referential types-documents), uploaded by the demo member before the first dossier.
 */
const FILE_DOCUMENTS = [
  { type: 'STC', nom: 'statuts-2019.pdf', titre: 'Statuts', lignes: ['Statuts adoptés en assemblée générale extraordinaire le 12 mars 2019.', 'Article 1 – Constitution et dénomination.', 'Article 2 – Objet : favoriser la pratique sportive et la vie associative du quartier.'], anneeValidite: null },
  { type: 'RAPACT', nom: 'rapport-activite.pdf', titre: 'Rapport d’activité', lignes: ['Rapport d’activité de la saison écoulée, approuvé en assemblée générale.', 'Adhérents, actions menées, partenaires.'], anneeValidite: -1 },
  { type: 'BUDG', nom: 'budget-previsionnel.pdf', titre: 'Budget prévisionnel', lignes: ['Budget prévisionnel de l’association pour l’exercice en cours.', 'Charges et produits par compte, contributions volontaires.'], anneeValidite: 0 },
  { type: 'RIB', nom: 'rib-siege.pdf', titre: 'Relevé d’identité bancaire', lignes: ['Relevé d’identité bancaire du compte de l’association (siège).'], anneeValidite: null },
  { type: 'CPTE', nom: 'comptes-annuels.pdf', titre: 'Comptes annuels', lignes: ['Bilan et compte de résultat du dernier exercice clos, approuvés en assemblée générale.'], anneeValidite: -1 },
] as const;

/** Uploaded this many days before the oldest dossier. */
const FILE_DAYS_BEFORE = 5;

/** The outbox of the demo history: past events send no mail. */
const silentOutbox: WorkflowOutbox = { enqueue: async () => undefined, flush: async () => undefined };

/** The association of the demo dossiers: the first generated one (by SIREN) with a head office. */
async function pickAssociation(tx: Database | DbTransaction) {
  const fixed = Object.values(DEMO_ASSOCIATIONS).map((a) => a.id);
  return tx.association.findFirst({
    where: { id: { notIn: fixed }, idSiretSiege: { not: null }, etablissements: { some: { estSiege: true, actif: true } } },
    orderBy: { idSiren: 'asc' },
    select: { id: true, nom: true, idSiretSiege: true },
  });
}

async function actorOf(tx: DbTransaction, email: string): Promise<Actor> {
  const user = await tx.user.findUniqueOrThrow({
    where: { email },
    select: { id: true, roles: { select: { role: true } } },
  });
  return { userId: user.id, email, roles: user.roles.map((r) => r.role) };
}

/** The demo campaigns with what the dossiers need of them (null: not all there yet). */
async function campaignsOf(client: Database | DbTransaction, year: number) {
  const campaigns = await client.subvention.findMany({
    where: { code: { in: PLAN.map((p) => p.campagne(year)) } },
    include: {
      instructeurs: { orderBy: { isReferent: 'desc' } },
      sousDispositifs: { take: 1, orderBy: { sousDispositifId: 'asc' } },
      documentsAttendus: { where: { part: 'dossier' }, orderBy: { rang: 'asc' }, select: { documentAttendu: { select: { code: true, nature: true } } } },
    },
  });
  return campaigns.length < PLAN.length ? null : campaigns;
}

/**
 * Seeds the demo dossiers when the database holds none and the demo accounts, registry and schemes
 * are there; returns whether it did. The files of the association's documents go to `storage`
 * first; they are removed again when the dossiers are not written.
 */
export async function seedDemoDossiers(db: Database, storage: FileStorage): Promise<boolean> {
  if ((await db.dossier.count()) > 0) return false;
  const year = new Date().getUTCFullYear();
  const candidate = await pickAssociation(db);
  if (!candidate?.idSiretSiege || !(await campaignsOf(db, year))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // The files, before the transaction (storage is no part of it).
  const files: { document: (typeof FILE_DOCUMENTS)[number]; stored: StoredFile }[] = [];
  for (const document of FILE_DOCUMENTS) {
    files.push({ document, stored: await storeDemoPdf(storage, document.titre, candidate.nom, document.lignes) });
  }
  const removeFiles = () => Promise.all(files.map((f) => storage.remove(f.stored.key).catch(() => undefined)));

  const audit = createAuditService(createAuditRepository(db));
  const engine = createTransitionService({
    repository: createWorkflowRepository(db),
    audit,
    mail: silentOutbox,
    notifications: createNotificationService(createNotificationRepository(db)),
    publicUrl: '',
    log: { warn: () => undefined },
  });

  const seeded = await db.$transaction(async (tx) => {
    // Another instance may have seeded meanwhile: checked again under the transaction.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('demo-dossiers'))`;
    if ((await tx.dossier.count()) > 0) return false;
    const association = await pickAssociation(tx);
    const campaigns = await campaignsOf(tx, year);
    if (!association?.idSiretSiege || association.id !== candidate.id || !campaigns) return false;
    const siege = association.idSiretSiege;

    const member = await tx.user.upsert({
      where: { email: DEMO_DOSSIERS_MEMBER },
      create: {
        email: DEMO_DOSSIERS_MEMBER, passwordHash, civilite: 'M.', nom: 'Petit', prenom: 'Thomas', origin: 'lca', enabled: true,
        roles: { create: [{ role: 'lca.association' }] }, associationUser: { create: {} },
      },
      update: {},
      select: { id: true, associationUser: { select: { id: true } } },
    });
    await tx.userAssociation.upsert({
      where: { associationUserId_associationId: { associationUserId: member.associationUser!.id, associationId: association.id } },
      create: { associationUserId: member.associationUser!.id, associationId: association.id, idSiret: siege, type: 'Siège', fonction: 'Trésorier' },
      update: {},
    });

    const representant =
      (await tx.representantLegal.findFirst({ where: { associationId: association.id, deleted: false, estRepresentantLegal: true }, orderBy: { createdAt: 'asc' } })) ??
      (await tx.representantLegal.create({
        data: { associationId: association.id, idSiret: siege, civilite: 'Mme', nom: 'Lambert', prenom: 'Claire', fonction: 'Présidente', courriel: 'presidence@demo.example.org', estRepresentantLegal: true },
      }));
    const rib =
      (await tx.rib.findFirst({ where: { associationId: association.id, idSiret: siege }, orderBy: { createdAt: 'asc' } })) ??
      (await tx.rib.create({
        data: { associationId: association.id, idSiret: siege, titulaire: association.nom.toUpperCase(), banque: 'Banque de démonstration', iban: frenchIban('30004', '00001', '00012345678'), bic: 'BNPAFRPP' },
      }));

    const memberActor = await actorOf(tx, DEMO_DOSSIERS_MEMBER);
    const serviceActors = new Map<string, Actor>();
    for (const account of await tx.serviceAccount.findMany({ where: { id: { in: campaigns.flatMap((c) => c.instructeurs.map((i) => i.serviceId)) } }, select: { id: true, user: { select: { email: true } } } })) {
      serviceActors.set(account.id, await actorOf(tx, account.user.email));
    }

    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * DAY_MS);
    const uploadedAt = daysAgo(Math.max(...PLAN.map((p) => p.createdDaysAgo)) + FILE_DAYS_BEFORE);
    const fileDocuments = new Map<string, string>();
    for (const { document, stored } of files) {
      const row = await tx.associationDocument.create({
        data: {
          associationId: association.id, idSiret: document.type === 'RIB' ? siege : null, type: document.type, nom: document.nom,
          anneeValidite: document.anneeValidite === null ? null : year + document.anneeValidite, mimeType: 'application/pdf',
          taille: stored.size, sha256: stored.sha256, storageKey: stored.key, uploadedBy: memberActor.userId, dateChargement: uploadedAt,
        },
      });
      fileDocuments.set(document.type, row.id);
    }

    // What happened, written in time order once every dossier row exists: the audit chain follows the dates.
    const timeline: { at: Date; write: () => Promise<unknown> }[] = [];
    const record = (at: Date, entityId: string, action: string, after: Record<string, unknown>) =>
      timeline.push({ at, write: () => audit.record(tx, { associationId: association.id, actor: { id: memberActor.userId, email: memberActor.email }, entity: 'dossier', entityId, action, before: null, after, at }) });

    for (const plan of PLAN) {
      const campaign = campaigns.find((c) => c.code === plan.campagne(year))!;
      const createdAt = daysAgo(plan.createdDaysAgo);
      const idFo = (await tx.$queryRaw<{ id: string }[]>`SELECT next_dossier_id_fo(${year}::int) AS id`)[0]!.id;
      const dossier = await tx.dossier.create({
        data: {
          idFo, step: plan.step, statut: plan.complete ? 'complet' : 'incomplet', exercice: year, exerciceFin: year,
          subventionId: campaign.id, dispositifId: campaign.dispositifId, sousDispositifId: campaign.sousDispositifs[0]?.sousDispositifId ?? null,
          renouvellement: false, pluriannuel: false, associationId: association.id,
          customs: [...plan.customs, ...(plan.complete ? Object.entries(QUESTION_ANSWERS).map(([code, value]) => ({ code, value })) : [])],
          idSiret: siege, nom: association.nom, idRepresentantLegal: representant.id, idSignataire: representant.id, idResponsable: representant.id,
          idRib: plan.complete ? rib.id : null,
          attestation: plan.complete ? { certifie: true, date: new Date(createdAt.getTime() + DAY_MS).toISOString() } : undefined,
          createdById: member.id, createdByType: 'association', createdAt,
          instructions: {
            create: campaign.instructeurs.map((i) => ({
              serviceId: i.serviceId, associationId: association.id, etat: dossierInstructionMachine.initial, isReferent: i.isReferent,
              createdById: member.id, createdByType: 'association', complet: plan.complete, createdAt,
            })),
          },
          projets: {
            create: {
              rangDossier: 1, numeroProjet: '1', intitule: plan.intitule, recurrence: 'première demande', periode: 'Annuel',
              dateDebut: new Date(`${year}-09-01T00:00:00Z`), dateFin: new Date(`${year}-12-31T00:00:00Z`),
              objectifs: plan.objectifs, description: plan.objectifs, exercice: year, exerciceFin: year,
              idResponsable: representant.id, demandeurIdSiret: siege,
              evaluation: { commentaire: 'Bilan présenté à l’assemblée générale.' }, createdAt,
              // One line per year (an annual project: the exercise) and instructing service; the referent is asked.
              financements: {
                create: campaign.instructeurs.map((i) => ({
                  annee: year, serviceId: i.serviceId, montantDemande: i.isReferent ? plan.demande : 0,
                  montantAccorde: i.isReferent && plan.accorde !== undefined ? plan.accorde : null,
                  montantPropose: i.isReferent && plan.accorde !== undefined ? plan.accorde : null,
                })),
              },
              budgets: {
                create: {
                  annee: year, exerciceDu: new Date(`${year}-01-01T00:00:00Z`), exerciceAu: new Date(`${year}-12-31T00:00:00Z`),
                  charges: { comptes: { '60': Math.round(plan.demande * 0.6), '64': Math.round(plan.demande * 1.4) } },
                  produits: { comptes: { '74': plan.demande, '75': plan.demande } },
                  contributions: {},
                },
              },
            },
          },
        },
        include: { instructions: true },
      });

      record(createdAt, dossier.id, 'creer', { id_fo: idFo, code_subvention: campaign.code, exercice: year, id_siret: siege });
      // A complete dossier holds the documents its campaign expects, attached the day after its creation.
      if (plan.complete) {
        const attachedAt = new Date(createdAt.getTime() + DAY_MS);
        const attached = campaign.documentsAttendus.flatMap(({ documentAttendu: d }) => {
          const documentId = fileDocuments.get(d.nature);
          return documentId ? [{ dossierId: dossier.id, documentId, code: d.code, createdAt: attachedAt }] : [];
        });
        await tx.dossierDocument.createMany({ data: attached });
        record(attachedAt, dossier.id, 'documents', { documents: attached.map((d) => `${d.code}:${d.documentId}`).join(',') });
      }
      for (const move of plan.moves) {
        const at = daysAgo(move.daysAgo);
        const comment = move.event === 'renvoyer' ? (plan.comment ?? null) : null;
        for (const instruction of dossier.instructions) {
          const actor = move.by === 'member' ? memberActor : serviceActors.get(instruction.serviceId)!;
          // The engine checks the machine (a refused move throws and nothing is seeded) and writes
          // the state, its history row, the audit entry and the notifications, dated `at`.
          timeline.push({
            at,
            write: async () => {
              await engine.fireIn(tx, { target: instructionTarget, objectId: instruction.id, event: move.event, claims: actor, comment, at });
              await tx.dossierInstruction.update({ where: { id: instruction.id }, data: { updatedAt: at } });
            },
          });
        }
      }
    }
    // Same date: in the order planned (sort is stable).
    for (const event of timeline.sort((a, b) => a.at.getTime() - b.at.getTime())) await event.write();
    return true;
  }, { timeout: 60_000, maxWait: SEED_TRANSACTION_MAX_WAIT_MS }).catch(async (error: unknown) => {
    await removeFiles();
    throw error;
  });
  if (!seeded) await removeFiles();
  return seeded;
}
