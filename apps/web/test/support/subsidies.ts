// Test data of the subsidy screens: dossiers and subventions in the contract's shapes.
import type { CrfView, Dossier, DossierView, Subvention } from '@portail/contract';

export const SERVICE_ID = '44444444-4444-4444-8444-444444444444';
export const DOSSIER_ID = '55555555-5555-4555-8555-555555555555';

export function makeDossier(
  overrides: Partial<Dossier['description']> & { step?: number; etat?: Dossier['instructions'][number]['etat'] } = {},
): Dossier {
  const { step = 0, etat = 'A', ...description } = overrides;
  return {
    id: DOSSIER_ID,
    identifiant: { id_fo: '2026-000001', step },
    description: {
      service: 'subvention',
      statut: 'incomplet',
      exercice: 2026,
      exercice_fin: null,
      code_subvention: 'FDVA-2026',
      id_type_dispositif: 'FDVA',
      id_sous_type_dispositif: null,
      renouvellement: null,
      pluriannuel: null,
      couplage_tca: false,
      customs: [],
      donnees: {},
      budget: [],
      ...description,
    },
    instructions: [{ etat, id_service_instructeur: SERVICE_ID }],
    demandeur: { id_siret: null, nom: null, enseigne: null, id_representant_legal: null, id_signataire: null, id_responsable: null, id_rib: null },
    projets: [],
    documents: [],
    attestation: null,
    createdBy: { id: null, type: 'association' },
    instructeurs: [],
    mode: 'edit',
  };
}

export function makeSubvention(overrides: Partial<Subvention> = {}): Subvention {
  return {
    id: '66666666-6666-4666-8666-666666666666',
    code: 'FDVA-2026',
    label: 'FDVA – fonctionnement et innovation 2026',
    active: true,
    dispositif: { code: 'FDVA', label: 'Fonds pour le développement de la vie associative', duree_pluriannuelle: 2 },
    sous_dispositifs: [],
    campagne_exercice: 2026,
    type_projet: null,
    champs_attendus: [],
    documents_attendus: [],
    instructeurs: [],
    ...overrides,
  };
}

/** The dossier as GET /demande/dossiers/:id answers it (view), with its options. */
export function makeDossierView(dossier: Dossier = makeDossier(), overrides: Partial<DossierView> = {}): DossierView {
  const { projets, ...rest } = dossier;
  return {
    ...rest,
    projets: projets.map((p) => ({ id: p.id, rang_dossier: p.description.rang_dossier, intitule: p.description.intitule })),
    deleted: false,
    options: { events: [], actions: ['consulter'] },
    transmission: null,
    crfs: [],
    ...overrides,
  };
}

export const CRF_ID = '99999999-9999-4999-8999-999999999999';
export const CRF_PROJET_ID = '88888888-8888-4888-8888-888888888888';

/** A financial report as GET …/crf/:idCrf answers it: one project, one financing line of SERVICE_ID, a planned budget. */
export function makeCrfView(overrides: Partial<CrfView> = {}): CrfView {
  const lines = (charges: Record<string, number>, produits: Record<string, number>) => ({
    charges: { comptes: charges, charges_fixes: {} },
    produits: { comptes: produits, ressources_propres: {} },
    contributions: {},
  });
  return {
    id: CRF_ID,
    identifiant: { id_dossier: DOSSIER_ID, id_fo: '2026-000001' },
    exercice: 2026,
    etat: '1',
    etat_libelle: 'À saisir',
    description: { montant_accorde: 3000, montant_realise: null, commentaire: null },
    moyens: { commentaire: null, recrutement_specifique: null, recrutement_nb_etpt: null },
    beneficiaire: [],
    evaluation: { indicateurs: [], commentaire: null },
    financements: [{ projet: CRF_PROJET_ID, annee: 2026, id_service_instructeur: SERVICE_ID, montant_accorde: 3000, montant_realise: null }],
    cofinancements: [],
    budgetCrf: { prevu: lines({ '60': 1200, '64': 3000 }, { '74': 4200 }), realise: lines({}, {}), commentaire_ecarts: null },
    customs: [],
    projets: [
      {
        id: CRF_PROJET_ID,
        rang_dossier: 1,
        intitule: 'École de natation',
        isRealised: null,
        isReported: null,
        description: { montant_realise: null, date_debut: null, date_fin: null, commentaire: null },
        moyens: { commentaire: null, recrutement_specifique: null, recrutement_nb_etpt: null },
        beneficiaire: [],
        evaluation: { indicateurs: [{ rang: 1, intitule: 'Enfants formés', prevu_min: 40, prevu_max: 50, realise: null }], commentaire: null },
        financements: [{ annee: 2026, id_service_instructeur: SERVICE_ID, montant_accorde: 3000, montant_realise: null }],
      },
    ],
    attestation: null,
    isRealised: null,
    isReported: null,
    demandeur: { id_representant_legal: null, id_signataire: null },
    documents: [],
    updatedBy: null,
    mode: 'edit',
    options: { events: [], actions: ['consulter', 'modifier'] },
    created_at: '2027-01-10T10:00:00.000Z',
    updated_at: '2027-01-10T10:00:00.000Z',
    ...overrides,
  };
}
