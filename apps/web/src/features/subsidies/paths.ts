// The paths of the subsidy pages (route-table.ts): the creation wizard on an association, a dossier
// under its applicant establishment's SIRET (an id_asso the server accepts), the list.
export const DOSSIERS_PATH = '/dossiers';

export function creationPath(idAsso: string, codeSubvention?: string): string {
  const query = codeSubvention ? `?subvention=${encodeURIComponent(codeSubvention)}` : '';
  return `/associations/${encodeURIComponent(idAsso)}/subvention-demande${query}`;
}

export function dossierPath(dossier: { id: string; siret: string | null }, step?: number): string {
  const query = step === undefined ? '' : `?etape=${step}`;
  return dossier.siret
    ? `/associations/${dossier.siret}/subvention-demande/${dossier.id}${query}`
    : `/associations/subvention-demande/${dossier.id}${query}`;
}
