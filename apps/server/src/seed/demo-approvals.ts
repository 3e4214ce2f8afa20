// Demo approvals' catalogue (never in production), seeded after the demo services: JEP by the DJEPVA,
// Sport by the DS, the food-aid authorisation (HAA) by the DRAJES Île-de-France, for the current
// campaign, with the approvals' expected field and documents (docs/domain.md « Agréments »).
import type { Database } from '../db/prisma.ts';

const CHAMPS = [{ code: 'agrement_nb_adherents', label: "Nombre d'adhérents à jour de leur cotisation", type: 'number', meta: {} }];
/** Natures are document types of the association file (referential types-documents). */
const DOCUMENTS = [
  { code: 'agrement_statuts', label: 'Statuts à jour', nature: 'STC' },
  { code: 'agrement_arrete', label: "Arrêté d'agrément en cours", nature: 'ATTAG' },
  { code: 'agrement_reglement', label: 'Règlement intérieur', nature: 'RI' },
];

export async function seedDemoApprovals(db: Database): Promise<void> {
  const service = (email: string) => db.serviceAccount.findFirstOrThrow({ where: { user: { email } }, select: { id: true } });
  const [djepva, ds, drajes] = await Promise.all(['djepva@demo.example.org', 'ds@demo.example.org', 'service@demo.example.org'].map(service));
  const champs = new Map<string, string>();
  for (const champ of CHAMPS) champs.set(champ.code, (await db.champAttendu.create({ data: { ...champ, service: 'agrement' } })).id);
  const documents = new Map<string, string>();
  for (const document of DOCUMENTS) documents.set(document.code, (await db.documentAttendu.create({ data: { ...document, service: 'agrement' } })).id);

  const y = new Date().getUTCFullYear();
  const approvals = [
    { code: 'JEP', typeAgrement: 'JEP', serviceId: djepva!.id, documents: ['agrement_statuts', 'agrement_arrete'] },
    { code: 'SPORT', typeAgrement: 'Sport', serviceId: ds!.id, documents: ['agrement_statuts', 'agrement_arrete', 'agrement_reglement'] },
    { code: 'HAA-IDF', typeAgrement: 'HAA', serviceId: drajes!.id, documents: ['agrement_statuts'] },
  ];
  for (const approval of approvals) {
    await db.agrement.create({
      data: {
        code: approval.code, typeAgrement: approval.typeAgrement, serviceId: approval.serviceId, campagneExercice: y, active: true,
        codeService: `${approval.code}-${y}`,
        champsAttendus: { create: [{ champAttenduId: champs.get('agrement_nb_adherents')!, obligatoire: true, rang: 0 }] },
        documentsAttendus: { create: approval.documents.map((code, rang) => ({ documentAttenduId: documents.get(code)!, obligatoire: true, rang })) },
      },
    });
  }
}
