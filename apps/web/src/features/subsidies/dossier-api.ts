// The dossier wizard's calls to the API: one step's changes as the contract's step body (PUT
// /demande/dossiers/:id, steps 0-4), the documents of step 2 (PUT …/documents), a project as the
// projects routes take it, and the dossier's PDF (lib/api/download.ts: token in the header, never
// in a URL; saved by the browser from a local blob).
import {
  crfRoutes,
  dossierRoutes,
  projetRoutes,
  routeUrl,
  type Dossier,
  type ProjetInput,
  type RouteInput,
} from '@portail/contract';
import { callApi } from '../../lib/api/index.ts';
import { fetchWithToken, saveBlob } from '../../lib/api/download.ts';
import type { ProjectDraft } from './wizard/project/project-editor.tsx';
import type { DossierChanges } from './wizard/types.ts';

type StepBody = RouteInput<typeof dossierRoutes.updateDossier>['body'];

/** The contract's body of wizard step `step` from the changes a step component gives. */
export function stepBody(step: number, changes: DossierChanges): StepBody {
  const d = changes.description ?? {};
  switch (step) {
    case 0:
      return { step: 0, code_subvention: d.code_subvention, id_sous_type_dispositif: d.id_sous_type_dispositif ?? null, exercice: d.exercice };
    case 1: {
      const p = changes.demandeur ?? {};
      return {
        step: 1,
        demandeur: {
          id_siret: p.id_siret ?? '',
          enseigne: p.enseigne ?? null,
          id_representant_legal: p.id_representant_legal ?? null,
          id_signataire: p.id_signataire ?? null,
          id_responsable: p.id_responsable ?? null,
          id_rib: p.id_rib ?? null,
        },
      };
    }
    case 2:
      return {
        step: 2,
        renouvellement: d.renouvellement ?? false,
        pluriannuel: d.pluriannuel ?? false,
        exercice_fin: d.exercice_fin ?? null,
        customs: d.customs ?? [],
      };
    case 3:
      return { step: 3 };
    default:
      return { step: 4, attestation: changes.attestation ?? { certifie: false } };
  }
}

/** Attaches the association's documents to the dossier's expected ones (the list replaces the saved one). */
export function attachDocuments(id: string, documents: NonNullable<DossierChanges['documents']>) {
  return callApi(dossierRoutes.putDocuments, { params: { id }, query: {}, body: { documents: documents.map(({ code, uuid }) => ({ code, uuid })) } });
}

/** Saves one step: steps 1 (the RIB's copy) and 2 first attach their documents, then the step itself. */
export async function saveStep(id: string, step: number, changes: DossierChanges) {
  if ((step === 1 || step === 2) && changes.documents) await attachDocuments(id, changes.documents);
  return callApi(dossierRoutes.updateDossier, { params: { id }, query: {}, body: stepBody(step, changes) });
}

/** What the projects routes take of a project (the services' amounts and the rank are theirs). */
export function projectBody(projet: ProjectDraft): ProjetInput {
  const { rang_dossier: _rank, numero_projet: _number, ...description } = projet.description;
  return {
    description,
    // Read as stored (lines written before the contract's line schemas may differ); the editor sends
    // only lines its check (projectProblems) passed through those schemas.
    territoires: projet.territoires as ProjetInput['territoires'],
    beneficiaire: projet.beneficiaire,
    moyens: projet.moyens,
    evaluation: projet.evaluation,
    financements: projet.financements.map((f) => ({ annee: f.annee, id_service_instructeur: f.id_service_instructeur, montant_demande: f.montant_demande })),
    cofinancements: projet.cofinancements as ProjetInput['cofinancements'],
    budgets: projet.budgets.map((b) => ({ annee: b.annee, exerciceDu: b.exerciceDu, exerciceAu: b.exerciceAu, charges: b.charges, produits: b.produits, contributions: b.contributions })),
    customs: projet.customs,
  };
}

export function saveProject(id: string, projet: ProjectDraft) {
  const body = projectBody(projet);
  return projet.id
    ? callApi(projetRoutes.updateProjet, { params: { id, idProjet: projet.id }, body })
    : callApi(projetRoutes.createProjet, { params: { id }, body });
}

/** The dossier with its full projects (the dossier view lists only their ids and titles). */
export async function loadProjects(id: string): Promise<Dossier['projets']> {
  const projets = await callApi(projetRoutes.listProjets, {
    params: { id },
    query: { fields: 'identifiant,description,territoires,beneficiaire,moyens,evaluation,financements,cofinancements,budgets,customs,need_validation' },
  });
  return projets as Dossier['projets'];
}

/** Downloads the dossier's PDF (token in the header; a stale one refreshed by reading the dossier). */
export async function downloadDossierPdf(id: string, fileName: string): Promise<void> {
  const response = await fetchWithToken(routeUrl(projetRoutes.dossierPdf, { id }), () => callApi(dossierRoutes.getDossier, { params: { id }, query: {} }));
  saveBlob(await response.blob(), fileName);
}

/** Downloads a financial report's PDF (Cerfa 15059 layout), as the dossier's. */
export async function downloadCrfPdf(id: string, idCrf: string, fileName: string): Promise<void> {
  const response = await fetchWithToken(routeUrl(crfRoutes.crfPdf, { id, idCrf }), () => callApi(crfRoutes.getCrf, { params: { id, idCrf }, query: {} }));
  saveBlob(await response.blob(), fileName);
}
