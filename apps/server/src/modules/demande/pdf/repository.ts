// What the PDF of a subsidy dossier prints, read at once (docs/domain.md « Dossiers de subvention »):
// the dossier with its scheme, services, budgets and projects (with their lines), the association's
// identity, and the rows of the association file the applicant names (representatives, RIB), the
// latter only when they belong to the dossier's association.
import type { Database } from '../../../db/prisma.ts';
import type { Prisma } from '../../../db/prisma.ts';

const DOSSIER_FOR_PDF = {
  id: true, idFo: true, associationId: true, exercice: true, exerciceFin: true, pluriannuel: true, renouvellement: true, statut: true,
  idSiret: true, nom: true, enseigne: true, idRepresentantLegal: true, idSignataire: true, idResponsable: true, idRib: true,
  attestation: true, createdAt: true, deletedAt: true,
  subvention: { select: { code: true, label: true, campagneExercice: true } },
  dispositif: { select: { code: true, label: true } },
  sousDispositif: { select: { label: true } },
  instructions: { select: { etat: true, isReferent: true, service: { select: { id: true, nom: true } } }, orderBy: [{ isReferent: 'desc' }, { createdAt: 'asc' }] },
  budgets: { orderBy: { annee: 'asc' } },
  projets: {
    orderBy: { rangDossier: 'asc' },
    include: { financements: { orderBy: [{ annee: 'asc' }, { serviceId: 'asc' }] }, budgets: { orderBy: { annee: 'asc' } } },
  },
  association: {
    select: {
      nom: true, sigle: true, idRna: true, idSiren: true, idSiretSiege: true, objet: true, adresseSiege: true,
      telephone: true, courriel: true, siteWeb: true, utilPublique: true, datePublicationUtilPublique: true, regime: true,
    },
  },
} as const satisfies Prisma.DossierSelect;
export type DossierForPdf = Prisma.DossierGetPayload<{ select: typeof DOSSIER_FOR_PDF }>;

const PERSON = { id: true, civilite: true, nom: true, prenom: true, fonction: true, courriel: true, telephone: true } as const;
export type PersonRow = Prisma.RepresentantLegalGetPayload<{ select: typeof PERSON }>;

export function createPdfRepository(db: Database) {
  return {
    async dossierForPdf(id: string) {
      const dossier = await db.dossier.findUnique({ where: { id }, select: DOSSIER_FOR_PDF });
      if (!dossier) return null;
      const personIds = [dossier.idRepresentantLegal, dossier.idSignataire, dossier.idResponsable].filter((v): v is string => v !== null);
      const [persons, rib] = await Promise.all([
        personIds.length > 0 ? db.representantLegal.findMany({ where: { id: { in: personIds }, associationId: dossier.associationId }, select: PERSON }) : [],
        dossier.idRib ? db.rib.findFirst({ where: { id: dossier.idRib, associationId: dossier.associationId }, select: { titulaire: true, banque: true, iban: true, bic: true } }) : null,
      ]);
      return { dossier, persons: new Map(persons.map((p) => [p.id, p])), rib };
    },
  };
}
export type PdfRepository = ReturnType<typeof createPdfRepository>;
export type PdfData = NonNullable<Awaited<ReturnType<PdfRepository['dossierForPdf']>>>;
