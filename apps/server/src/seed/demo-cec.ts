// Demo CEC data (never in production), seeded once the demo accounts and registry exist: the current
// validation session and the previous one, the back office's missions, volunteers' declarations of
// hours for the fixed demo associations, and a CEC validator, valideur.cec@demo…, member (head office)
// of « Les Amis du théâtre de démonstration » and its legal representative flagged valideur_cec with
// the same e-mail (docs/domain.md « Déclarations CEC »). Its decisions already taken have their log
// rows. The sports association's declarations wait for a validator: none of its representatives is one.
import { CEC_NOT_PROCESSED, CEC_REFUSED, CEC_VALIDATED, CEC_WAITING } from '@portail/contract';
import type { Database } from '../db/prisma.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { DEMO_CEC_VALIDATOR, DEMO_PASSWORD } from './demo-data.ts';
import { DEMO_ASSOCIATIONS } from './demo-registry.ts';

const MISSIONS = [
  { code: 'ENCADREMENT', libelle: "Encadrement d'une activité", description: 'Animer ou encadrer une activité régulière de l’association.', domaine: 'Animation' },
  { code: 'GOUVERNANCE', libelle: "Administration de l'association", description: 'Siéger au bureau ou au conseil d’administration.', domaine: 'Gouvernance' },
  { code: 'EVENEMENT', libelle: "Organisation d'un événement", description: 'Préparer et tenir une manifestation ouverte au public.', domaine: 'Animation' },
  { code: 'ACCUEIL', libelle: 'Accueil et information du public', description: 'Tenir une permanence d’accueil.', domaine: 'Solidarité' },
  { code: 'COMMUNICATION', libelle: 'Communication', description: 'Faire connaître l’association et ses actions.', domaine: 'Gouvernance' },
];

interface PlannedDeclaration {
  asso: 'culturelle' | 'sportive';
  secondaire?: boolean;
  past?: boolean;
  civilite: string;
  prenom: string;
  nom: string;
  mission: string;
  heures: number;
  status: string;
  motif?: number;
}

const PLAN: PlannedDeclaration[] = [
  { asso: 'culturelle', civilite: 'Mme', prenom: 'Élise', nom: 'Bonnet', mission: 'ENCADREMENT', heures: 120, status: CEC_WAITING },
  { asso: 'culturelle', civilite: 'M.', prenom: 'Yanis', nom: 'Chevalier', mission: 'EVENEMENT', heures: 45, status: CEC_WAITING },
  { asso: 'culturelle', civilite: 'Mme', prenom: 'Manon', nom: 'Faure', mission: 'GOUVERNANCE', heures: 80, status: CEC_WAITING },
  { asso: 'culturelle', civilite: 'M.', prenom: 'Théo', nom: 'Gauthier', mission: 'ACCUEIL', heures: 200, status: CEC_WAITING },
  { asso: 'culturelle', civilite: 'Mme', prenom: 'Sarah', nom: 'Henry', mission: 'COMMUNICATION', heures: 60, status: CEC_VALIDATED },
  { asso: 'culturelle', civilite: 'M.', prenom: 'Lucas', nom: 'Joly', mission: 'EVENEMENT', heures: 400, status: CEC_REFUSED, motif: 1 },
  { asso: 'culturelle', past: true, civilite: 'Mme', prenom: 'Élise', nom: 'Bonnet', mission: 'ENCADREMENT', heures: 110, status: CEC_VALIDATED },
  { asso: 'culturelle', past: true, civilite: 'M.', prenom: 'Hugo', nom: 'Lemaire', mission: 'ACCUEIL', heures: 30, status: CEC_NOT_PROCESSED },
  { asso: 'sportive', civilite: 'M.', prenom: 'Nathan', nom: 'Marchand', mission: 'ENCADREMENT', heures: 150, status: CEC_WAITING },
  { asso: 'sportive', civilite: 'Mme', prenom: 'Chloé', nom: 'Renaud', mission: 'GOUVERNANCE', heures: 70, status: CEC_WAITING },
  { asso: 'sportive', secondaire: true, civilite: 'M.', prenom: 'Enzo', nom: 'Vidal', mission: 'EVENEMENT', heures: 35, status: CEC_WAITING },
];

const utcDate = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

/** Seeds when no session exists; returns whether it did. */
export async function seedDemoCec(db: Database): Promise<boolean> {
  if ((await db.cecSession.count()) > 0) return false;
  const y = new Date().getUTCFullYear();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('demo-cec'))`;
    if ((await tx.cecSession.count()) > 0) return false;
    const culturelle = DEMO_ASSOCIATIONS.culturelle;
    if (!(await tx.association.findUnique({ where: { id: culturelle.id }, select: { id: true } }))) return false;

    const current = await tx.cecSession.create({
      data: { sessionId: String(y), libelle: `Campagne ${y} (heures de ${y - 1})`, anneeActivite: y - 1, dateDebut: utcDate(y, 1, 1), dateFin: utcDate(y, 12, 31) },
    });
    const past = await tx.cecSession.create({
      data: { sessionId: String(y - 1), libelle: `Campagne ${y - 1} (heures de ${y - 2})`, anneeActivite: y - 2, dateDebut: utcDate(y - 1, 1, 1), dateFin: utcDate(y - 1, 12, 31) },
    });
    const missions = new Map<string, string>();
    for (const mission of MISSIONS) missions.set(mission.code, (await tx.mission.create({ data: mission })).id);

    const validator = await tx.user.upsert({
      where: { email: DEMO_CEC_VALIDATOR },
      create: {
        email: DEMO_CEC_VALIDATOR, passwordHash, civilite: 'M.', nom: 'Lambert', prenom: 'Julien', origin: 'lca', enabled: true,
        roles: { create: [{ role: 'lca.association' }] }, associationUser: { create: {} },
      },
      update: {},
      select: { id: true, associationUser: { select: { id: true } } },
    });
    await tx.userAssociation.upsert({
      where: { associationUserId_associationId: { associationUserId: validator.associationUser!.id, associationId: culturelle.id } },
      create: { associationUserId: validator.associationUser!.id, associationId: culturelle.id, idSiret: culturelle.siretSiege, type: 'Siège', fonction: 'Président' },
      update: {},
    });
    await tx.representantLegal.create({
      data: {
        associationId: culturelle.id, civilite: 'M.', nom: 'Lambert', prenom: 'Julien', fonction: 'Président', courriel: DEMO_CEC_VALIDATOR,
        telephone: '0478000000', valideurCec: true,
      },
    });

    for (const [index, planned] of PLAN.entries()) {
      const asso = DEMO_ASSOCIATIONS[planned.asso];
      const etabSiret = (planned.secondaire ? asso.siretSecondaire : asso.siretSiege)!;
      const year = planned.past ? y - 2 : y - 1;
      const decided = planned.status === CEC_VALIDATED || planned.status === CEC_REFUSED;
      const decidedAt = decided ? new Date(Date.UTC(planned.past ? y - 1 : y, 0, 15 + index)) : null;
      const declaration = await tx.cecDeclaration.create({
        data: {
          associationId: asso.id, etabSiret, sessionId: planned.past ? past.id : current.id, missionId: missions.get(planned.mission)!,
          benevoleCivilite: planned.civilite, benevoleNom: planned.nom, benevolePrenom: planned.prenom,
          benevoleCourriel: `${planned.prenom}.${planned.nom}`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() + '@benevoles.example.org',
          heures: planned.heures, dateDebut: utcDate(year, 1, 1), dateFin: utcDate(year, 12, 31),
          status: planned.status, motifRefusId: planned.motif ?? null,
          decidedAt, decidedById: decided ? validator.id : null, decidedByEmail: decided ? DEMO_CEC_VALIDATOR : null,
        },
      });
      if (decided) {
        await tx.cecDeclarationLog.create({
          data: {
            declarationId: declaration.id, associationId: asso.id, etabSiret, status: planned.status, motifRefusId: planned.motif ?? null,
            actorId: validator.id, actorEmail: DEMO_CEC_VALIDATOR, createdAt: decidedAt!,
          },
        });
      }
    }
    return true;
  });
}
