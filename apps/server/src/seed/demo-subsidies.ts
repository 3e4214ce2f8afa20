// Demo instructing services and subsidy schemes (never in production), seeded with the demo accounts:
// national DS and DJEPVA, regional DRAJES Île-de-France (service@demo…) above departmental SDJES de
// Paris (instructeur@demo…), the schemes of the current exercise with their sub-schemes, campaigns,
// expected fields and documents, and their instructing services (docs/domain.md « Services
// instructeurs », « Dispositifs et subventions »).
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/prisma.ts';
import { hashPassword } from '../modules/auth/index.ts';

const year = () => new Date().getUTCFullYear();
const DAY_MS = 86_400_000;
/**
 * The demo campaigns' window, around the day the demo data are loaded (campaigns take dossiers only
 * between their dates): opened 90 days before, so the oldest demo dossier (60 days) was filed in it,
 * and closing in 120 days, so the demo works whatever the date.
 */
export const DEMO_CAMPAIGN_WINDOW = { openedDaysAgo: 90, closesInDays: 120 } as const;
const dayOffset = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + days * DAY_MS);

const SCHEMES = [
  {
    code: 'CNDS', label: 'Agence nationale du Sport – Part territoriale', duree: 2,
    sous: ['Part territoriale - Projets sportifs fédéraux', 'Part territoriale - Emploi', 'Part territoriale - Apprentissage'],
  },
  { code: 'FDVA', label: 'Fonds pour le développement de la vie associative', duree: null, sous: ['FDVA 1 - Formation des bénévoles', 'FDVA 2 - Fonctionnement et projets innovants'] },
  { code: 'FEDE', label: 'Fonds d’expérimentation pour la jeunesse – Éducation populaire', duree: null, sous: [] },
  { code: '2h-sport-college', label: '2 heures de sport en plus au collège', duree: null, sous: [] },
] as const;

const CHAMPS = [
  { code: 'nb_licencies', label: 'Nombre de licenciés de la saison passée', type: 'number', meta: { dest: 'api_asso' } },
  { code: 'justification_pluriannuel', label: 'Pourquoi un financement sur plusieurs années ?', type: 'text', meta: {} },
  { code: 'public_prioritaire', label: 'Le projet vise-t-il un public prioritaire (QPV, ZRR) ?', type: 'boolean', meta: {} },
];
/** Natures are document types of the association file (referential types-documents). */
const DOCUMENTS = [
  { code: 'statuts', label: 'Statuts à jour', nature: 'STC' },
  { code: 'rapport_activite', label: 'Dernier rapport d’activité approuvé', nature: 'RAPACT' },
  { code: 'budget_previsionnel', label: 'Budget prévisionnel de l’année', nature: 'BUDG' },
  { code: 'rib', label: 'Relevé d’identité bancaire', nature: 'RIB' },
  { code: 'comptes_approuves', label: 'Derniers comptes approuvés', nature: 'CPTE' },
];
const BASE_DOCUMENTS = ['statuts', 'rapport_activite', 'budget_previsionnel', 'rib'];
/** Shown only for a multi-year dossier: the condition the wizard evaluates (contract asks.ts). */
const PLURIANNUEL_ASK = [{ scope: 'dossier', key: 'description.pluriannuel', operator: '==', value: true }];

/** Seeds the services' subsidy part and the schemes; the demo accounts exist already. */
export async function seedDemoSubsidies(db: Database): Promise<void> {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const national = async (email: string, nom: string, dispositifs: string[]) =>
    db.user.create({
      data: {
        email, passwordHash, origin: 'rds', enabled: true, nom, roles: { create: [{ role: 'rds.service' }] },
        serviceAccount: { create: { nom, email, type: 'administration centrale', niveauTerritorial: 'national', profil: 'Administrateur national', codeTerritoire: 'FR' } },
      },
      select: { serviceAccount: { select: { id: true } } },
    }).then((user) => ({ id: user.serviceAccount!.id, dispositifs }));
  const ds = await national('ds@demo.example.org', 'DS – Direction des sports', ['CNDS', '2h-sport-college']);
  const djepva = await national('djepva@demo.example.org', 'DJEPVA – Direction de la jeunesse, de l’éducation populaire et de la vie associative', ['FDVA', 'FEDE']);
  const drajes = await db.serviceAccount.update({
    where: { authId: (await db.user.findUniqueOrThrow({ where: { email: 'service@demo.example.org' } })).id },
    data: { niveauTerritorial: 'regional', zoneTerritoriale: 'Île-de-France', codeTerritoire: '11', profil: 'Administrateur local', parentId: djepva.id },
  });
  const sdjes = await db.serviceAccount.update({
    where: { authId: (await db.user.findUniqueOrThrow({ where: { email: 'instructeur@demo.example.org' } })).id },
    data: { niveauTerritorial: 'departemental', zoneTerritoriale: 'Paris', codeTerritoire: '75', parentId: drajes.id },
  });

  const schemes = new Map<string, { id: string; sous: string[] }>();
  for (const scheme of SCHEMES) {
    const row = await db.dispositif.create({
      data: { code: scheme.code, label: scheme.label, dureePluriannuelle: scheme.duree, sousDispositifs: { create: scheme.sous.map((label) => ({ label })) } },
      include: { sousDispositifs: true },
    });
    schemes.set(scheme.code, { id: row.id, sous: row.sousDispositifs.map((s) => s.id) });
  }
  const links = [
    [ds, ['CNDS', '2h-sport-college']], [djepva, ['FDVA', 'FEDE']],
    [drajes, ['CNDS', 'FDVA', 'FEDE']], [sdjes, ['CNDS', 'FDVA', '2h-sport-college']],
  ] as const;
  for (const [service, codes] of links) {
    await db.serviceDispositif.createMany({ data: codes.map((code) => ({ serviceId: service.id, dispositifId: schemes.get(code)!.id })) });
  }

  const champs = new Map<string, string>();
  for (const champ of CHAMPS) champs.set(champ.code, (await db.champAttendu.create({ data: champ })).id);
  const documents = new Map<string, string>();
  for (const document of DOCUMENTS) documents.set(document.code, (await db.documentAttendu.create({ data: { ...document, isDefault: BASE_DOCUMENTS.includes(document.code) } })).id);

  const y = year();
  const opens = dayOffset(-DEMO_CAMPAIGN_WINDOW.openedDaysAgo);
  const closes = dayOffset(DEMO_CAMPAIGN_WINDOW.closesInDays);
  const campaigns = [
    { code: `CNDS-PT-${y}`, label: `ANS Part territoriale ${y}`, dispositif: 'CNDS', instructeurs: [[sdjes.id, true], [drajes.id, false]], champs: ['nb_licencies', 'justification_pluriannuel', 'public_prioritaire'] },
    { code: `FDVA1-${y}`, label: `FDVA 1 – Formation des bénévoles ${y}`, dispositif: 'FDVA', sous: 0, instructeurs: [[drajes.id, true]], champs: [] },
    { code: `FDVA2-${y}`, label: `FDVA 2 – Fonctionnement et projets innovants ${y}`, dispositif: 'FDVA', sous: 1, instructeurs: [[sdjes.id, true], [drajes.id, false]], champs: ['justification_pluriannuel'] },
    { code: `FEDE-${y}`, label: `FEDE ${y}`, dispositif: 'FEDE', instructeurs: [[djepva.id, true]], champs: [] },
    { code: `2HSC-${y}`, label: `2 heures de sport en plus au collège ${y}`, dispositif: '2h-sport-college', instructeurs: [[sdjes.id, true], [ds.id, false]], champs: ['nb_licencies'] },
  ] as const;
  for (const campaign of campaigns) {
    const scheme = schemes.get(campaign.dispositif)!;
    const sous = 'sous' in campaign ? [scheme.sous[campaign.sous]!] : scheme.sous;
    await db.subvention.create({
      data: {
        code: campaign.code, label: campaign.label, active: true, dispositifId: scheme.id, campagneExercice: y,
        dateDebut: opens, dateFin: closes,
        sousDispositifs: { create: sous.map((sousDispositifId) => ({ sousDispositifId, dateDebut: opens, dateFin: closes })) },
        instructeurs: { create: campaign.instructeurs.map(([serviceId, isReferent]) => ({ serviceId, isReferent })) },
        champsAttendus: {
          create: campaign.champs.map((code, rang) => ({
            champAttenduId: champs.get(code)!, part: code === 'nb_licencies' ? 'dossier' : 'projet', rang,
            obligatoire: code !== 'public_prioritaire', asks: code === 'justification_pluriannuel' ? PLURIANNUEL_ASK : [],
          })),
        },
        documentsAttendus: {
          create: [...BASE_DOCUMENTS, ...(campaign.dispositif === 'FDVA' ? ['comptes_approuves'] : [])].map((code, rang) => ({
            documentAttenduId: documents.get(code)!, part: 'dossier', rang, obligatoire: code !== 'comptes_approuves',
          })),
        },
      },
    });
  }
}
