// Demo subsidy dossiers (never in production), seeded after the demo accounts, the demo registry and
// the demo schemes: a second demo member, membre.subventions@demo…, linked to the head office of one
// generated association (not one of the three fixed ones the README keeps for the joining demo), and
// four dossiers of that association on the current exercise's campaigns: one being filled (A, step
// 1), one transmitted (D), one sent back (C), one granted (6). Each instruction moves through the
// `dossier_instruction` machine (contract), each move checked by the machine and written with its
// state_history row, all in one transaction; no mail nor notification leaves for demo data.
import { apply, dossierInstructionMachine, type MachineActor } from '@portail/contract';
import type { Database } from './prisma.ts';
import type { DbTransaction } from './transaction.ts';
import { hashPassword } from '../modules/auth/index.ts';
import type { DEFAULT_QUESTIONS } from '../modules/lca/index.ts';
import { DEMO_DOSSIERS_MEMBER, DEMO_PASSWORD } from './demo-data.ts';
import { DEMO_ASSOCIATIONS } from './demo-registry.ts';
import { frenchIban } from './registry/identifiers.ts';

export { DEMO_DOSSIERS_MEMBER } from './demo-data.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Actor extends MachineActor {
  email: string;
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

/** The association of the demo dossiers: the first generated one (by SIREN) with a head office. */
async function pickAssociation(tx: DbTransaction) {
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
    select: { id: true, roles: { select: { role: true } }, serviceAccount: { select: { id: true } }, associationUser: { select: { links: { select: { associationId: true } } } } },
  });
  return {
    id: user.id, email, roles: user.roles.map((r) => r.role),
    associationIds: user.associationUser?.links.map((l) => l.associationId) ?? [],
    serviceIds: user.serviceAccount ? [user.serviceAccount.id] : [],
  };
}

/**
 * Seeds the demo dossiers when the database holds none and the demo accounts, registry and schemes
 * are there; returns whether it did.
 */
export async function seedDemoDossiers(db: Database): Promise<boolean> {
  if ((await db.dossier.count()) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const year = new Date().getUTCFullYear();
  return db.$transaction(async (tx) => {
    // Another instance may have seeded meanwhile: checked again under the transaction.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('demo-dossiers'))`;
    if ((await tx.dossier.count()) > 0) return false;
    const association = await pickAssociation(tx);
    const campaigns = await tx.subvention.findMany({
      where: { code: { in: PLAN.map((p) => p.campagne(year)) } },
      include: { instructeurs: { orderBy: { isReferent: 'desc' } }, sousDispositifs: { take: 1, orderBy: { sousDispositifId: 'asc' } } },
    });
    if (!association?.idSiretSiege || campaigns.length < PLAN.length) return false;
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
    for (const plan of PLAN) {
      const campaign = campaigns.find((c) => c.code === plan.campagne(year))!;
      const createdAt = new Date(now - plan.createdDaysAgo * DAY_MS);
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

      for (const move of plan.moves) {
        for (const instruction of dossier.instructions) {
          const actor = move.by === 'member' ? memberActor : serviceActors.get(instruction.serviceId)!;
          const current = await tx.dossierInstruction.findUniqueOrThrow({ where: { id: instruction.id } });
          const transition = apply(dossierInstructionMachine, {
            state: current.etat, associationId: current.associationId, serviceId: current.serviceId,
            createdBy: { id: member.id, side: 'association' }, facts: { complete: current.complet, allCrfReceived: current.crfRecus },
          }, move.event, actor);
          if (!transition.ok) throw new Error(`Demo dossier ${idFo}: ${move.event} refused (${transition.reason}).`);
          const at = new Date(now - move.daysAgo * DAY_MS);
          await tx.dossierInstruction.update({ where: { id: instruction.id }, data: { etat: transition.to, updatedAt: at } });
          await tx.stateHistory.create({
            data: {
              machine: dossierInstructionMachine.name, objectId: instruction.id, associationId: association.id,
              fromState: transition.from, toState: transition.to, event: move.event, actorId: actor.id, actorEmail: actor.email,
              comment: move.event === 'renvoyer' ? (plan.comment ?? null) : null, createdAt: at,
            },
          });
        }
      }
    }
    return true;
  }, { timeout: 30_000 });
}
