// What the PDF of a subsidy dossier prints, read in one statement (docs/domain.md « Dossiers de
// subvention »): the dossier with its scheme, services, budgets and projects (with their lines), the
// association's identity, and the rows of the association file the applicant names (representatives,
// RIB), the latter only when they belong to the dossier's association. Prisma would read the same
// with one statement per relation (13 round trips, most of the read's time): the rows' shape stays
// declared by the Prisma select below, and a test holds the statement to it. The rows leave as one
// JSON text that only the PDF worker parses (plain.ts): the largest dossier is over a megabyte, and
// parsing it on the event loop would make every other request wait.
import type { SubsidyOnly } from '../dossiers/subsidy-only.ts';
import type { Database, Prisma } from '../../../db/prisma.ts';
import { readRows } from '../../../db/read-rows.ts';

export const DOSSIER_FOR_PDF = {
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
/** A subsidy dossier's (the statement reads those only). */
export type DossierForPdf = SubsidyOnly<Prisma.DossierGetPayload<{ select: typeof DOSSIER_FOR_PDF }>>;

export const PERSON_FOR_PDF = { id: true, civilite: true, nom: true, prenom: true, fonction: true, courriel: true, telephone: true } as const;
export type PersonRow = Prisma.RepresentantLegalGetPayload<{ select: typeof PERSON_FOR_PDF }>;
export const RIB_FOR_PDF = { titulaire: true, banque: true, iban: true, bic: true } as const;

/** What the layout draws from: the dossier as Prisma reads it, its named people by id, its RIB. */
export interface PdfData {
  dossier: DossierForPdf;
  persons: Map<string, PersonRow>;
  rib: Prisma.RibGetPayload<{ select: typeof RIB_FOR_PDF }> | null;
}

// Dates (`date` columns) leave as YYYY-MM-DD text and amounts as JSON numbers (plain.ts).
const BUDGET_COLUMNS = `'id', b.id, 'annee', b.annee, 'exerciceDu', to_char(b.exercice_du, 'YYYY-MM-DD'), 'exerciceAu', to_char(b.exercice_au, 'YYYY-MM-DD'),
  'charges', b.charges, 'produits', b.produits, 'contributions', b.contributions, 'updatedAt', b.updated_at`;
const DOSSIER_FOR_PDF_SQL = `
SELECT q."idFo", q."deletedAt", row_to_json(q)::text AS json FROM (
SELECT d.id, d.id_fo AS "idFo", d.association_id AS "associationId", d.exercice, d.exercice_fin AS "exerciceFin", d.pluriannuel,
  d.renouvellement, d.statut, d.id_siret AS "idSiret", d.nom, d.enseigne, d.id_representant_legal AS "idRepresentantLegal",
  d.id_signataire AS "idSignataire", d.id_responsable AS "idResponsable", d.id_rib AS "idRib", d.attestation,
  d.created_at AS "createdAt", d.deleted_at AS "deletedAt",
  json_build_object('code', s.code, 'label', s.label, 'campagneExercice', s.campagne_exercice) AS subvention,
  json_build_object('code', di.code, 'label', di.label) AS dispositif,
  CASE WHEN sd.id IS NULL THEN NULL ELSE json_build_object('label', sd.label) END AS "sousDispositif",
  (SELECT coalesce(json_agg(json_build_object('etat', i.etat, 'isReferent', i.is_referent, 'service', json_build_object('id', sa.id, 'nom', sa.nom))
     ORDER BY i.is_referent DESC, i.created_at), '[]') FROM dossier_instructions i JOIN service_accounts sa ON sa.id = i.service_id WHERE i.dossier_id = d.id) AS instructions,
  (SELECT coalesce(json_agg(json_build_object('dossierId', b.dossier_id, ${BUDGET_COLUMNS}) ORDER BY b.annee), '[]') FROM dossier_budgets b WHERE b.dossier_id = d.id) AS budgets,
  (SELECT coalesce(json_agg(json_build_object(
      'id', p.id, 'dossierId', p.dossier_id, 'rangDossier', p.rang_dossier, 'numeroProjet', p.numero_projet, 'intitule', p.intitule,
      'recurrence', p.recurrence, 'periode', p.periode, 'dateDebut', to_char(p.date_debut, 'YYYY-MM-DD'), 'dateFin', to_char(p.date_fin, 'YYYY-MM-DD'),
      'objectifs', p.objectifs, 'description', p.description, 'exercice', p.exercice, 'exerciceFin', p.exercice_fin, 'idResponsable', p.id_responsable,
      'demandeurIdSiret', p.demandeur_id_siret, 'territoires', p.territoires, 'beneficiaire', p.beneficiaire, 'moyens', p.moyens,
      'evaluation', p.evaluation, 'cofinancements', p.cofinancements, 'customs', p.customs, 'needValidation', p.need_validation,
      'createdAt', p.created_at, 'updatedAt', p.updated_at,
      'financements', (SELECT coalesce(json_agg(json_build_object('id', f.id, 'projetId', f.projet_id, 'annee', f.annee, 'serviceId', f.service_id,
          'montantDemande', f.montant_demande, 'montantPropose', f.montant_propose, 'montantAccorde', f.montant_accorde, 'updatedAt', f.updated_at)
        ORDER BY f.annee, f.service_id), '[]') FROM projet_financements f WHERE f.projet_id = p.id),
      'budgets', (SELECT coalesce(json_agg(json_build_object('projetId', b.projet_id, ${BUDGET_COLUMNS}) ORDER BY b.annee), '[]') FROM projet_budgets b WHERE b.projet_id = p.id)
    ) ORDER BY p.rang_dossier), '[]') FROM projets p WHERE p.dossier_id = d.id) AS projets,
  json_build_object('nom', a.nom, 'sigle', a.sigle, 'idRna', a.id_rna, 'idSiren', a.id_siren, 'idSiretSiege', a.id_siret_siege, 'objet', a.objet,
    'adresseSiege', a.adresse_siege, 'telephone', a.telephone, 'courriel', a.courriel, 'siteWeb', a.site_web, 'utilPublique', a.util_publique,
    'datePublicationUtilPublique', to_char(a.date_publication_util_publique, 'YYYY-MM-DD'), 'regime', a.regime) AS association,
  (SELECT coalesce(json_agg(json_build_object('id', r.id, 'civilite', r.civilite, 'nom', r.nom, 'prenom', r.prenom, 'fonction', r.fonction,
     'courriel', r.courriel, 'telephone', r.telephone)), '[]')
   FROM representants_legaux r WHERE r.association_id = d.association_id AND r.id IN (d.id_representant_legal, d.id_signataire, d.id_responsable)) AS persons,
  (SELECT json_build_object('titulaire', r.titulaire, 'banque', r.banque, 'iban', r.iban, 'bic', r.bic)
   FROM ribs r WHERE r.id = d.id_rib AND r.association_id = d.association_id) AS rib
FROM dossiers d
JOIN subventions s ON s.id = d.subvention_id
JOIN dispositifs di ON di.id = d.dispositif_id
LEFT JOIN sous_dispositifs sd ON sd.id = d.sous_dispositif_id
JOIN associations a ON a.id = d.association_id
WHERE d.id = $1::uuid AND d.service = 'subvention') q`;

/** The dossier's number and deletion, and every row the PDF prints as JSON text (plain.ts reads it). */
export interface PdfRows {
  idFo: string;
  deletedAt: Date | null;
  json: string;
}

export function createPdfRepository(db: Database) {
  return {
    async dossierForPdf(id: string): Promise<PdfRows | null> {
      const [row] = await readRows<PdfRows>(db, DOSSIER_FOR_PDF_SQL, [id], 'dossier_for_pdf');
      return row ?? null;
    },
  };
}
export type PdfRepository = ReturnType<typeof createPdfRepository>;
