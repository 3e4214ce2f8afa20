// The dossier wizard's calls to the API: one step's changes as the contract's step body (PUT
// /demande/dossiers/:id, steps 0-4), the documents of step 2 (PUT …/documents), a project as the
// projects routes take it, and the dossier's PDF fetched with the access token in its header
// (never in a URL), then saved by the browser from a local blob.
import {
  ACCESS_TOKEN_HEADER,
  dossierRoutes,
  projetRoutes,
  routeUrl,
  type Dossier,
  type ProjetInput,
  type RouteInput,
} from '@portail/contract';
import { callApi } from '../../lib/api/index.ts';
import { session } from '../../lib/session/session-store.ts';
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

/** Saves one step: steps 1 (the RIB's copy) and 2 first attach their documents, then the step itself. */
export async function saveStep(id: string, step: number, changes: DossierChanges) {
  if ((step === 1 || step === 2) && changes.documents) {
    await callApi(dossierRoutes.putDocuments, { params: { id }, query: {}, body: { documents: changes.documents.map(({ code, uuid }) => ({ code, uuid })) } });
  }
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

/**
 * Downloads the dossier's PDF: the access token goes in the header, as for every call; a stale
 * token is refreshed by one ordinary call, then the PDF is asked again.
 */
export async function downloadDossierPdf(id: string, fileName: string): Promise<void> {
  const url = routeUrl(projetRoutes.dossierPdf, { id });
  const get = () => fetch(url, { headers: { [ACCESS_TOKEN_HEADER]: session.getState().token ?? '' }, credentials: 'same-origin' });
  let response = await get();
  if (response.status === 401) {
    await callApi(dossierRoutes.getDossier, { params: { id }, query: {} });
    response = await get();
  }
  if (!response.ok) {
    // The same French text as any refused call (never a server message outside the catalogue).
    const [{ toApiError }, body] = await Promise.all([import('../../lib/api/error-mapping.ts'), response.json().catch(() => null)]);
    throw toApiError(response.status, body);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
