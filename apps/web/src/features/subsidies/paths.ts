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

/** A dossier read through dossier-scoped calls only: where the instructing services open it. */
export const readingPath = (id: string) => `/dossiers/${id}`;

/** Where a dossier opens: the wizard (read or edit) for the association side, the reading page for the services. */
export function openDossierPath(side: 'association' | 'service', dossier: { id: string; siret: string | null }): string {
  return side === 'service' ? readingPath(dossier.id) : dossierPath(dossier);
}
