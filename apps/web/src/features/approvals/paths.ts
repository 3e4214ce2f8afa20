// The paths of the approval pages (route-table.ts): the list, a new request on an association
// (named by its head office's SIRET, an id_asso the server takes), a dossier under the applicant's
// SIRET (the link the notifications carry).
export const APPROVAL_DOSSIERS_PATH = '/demande-agrements/dossiers';

export function newApprovalPath(idSiret: string | null | undefined): string {
  return idSiret ? `/associations/${encodeURIComponent(idSiret)}/demande-agrement` : '/associations/demande-agrement';
}

export function approvalDossierPath(dossier: { id: string; siret: string | null }, step?: number): string {
  const query = step === undefined ? '' : `?etape=${step}`;
  return `${newApprovalPath(dossier.siret)}/${dossier.id}${query}`;
}
