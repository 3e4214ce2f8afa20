// The approval dossier's PDF (GET /demande/dossiers/:id/pdf?from=rda): token in the header, never in
// a URL (lib/api/download.ts), a stale one refreshed by reading the dossier; saved by the browser.
import { approvalDossierRoutes, projetRoutes, routeUrl } from '@portail/contract';
import { callApi } from '../../lib/api/index.ts';
import { fetchWithToken, saveBlob } from '../../lib/api/download.ts';

export async function downloadApprovalPdf(id: string, fileName: string): Promise<void> {
  const response = await fetchWithToken(`${routeUrl(projetRoutes.dossierPdf, { id })}?from=rda`, () =>
    callApi(approvalDossierRoutes.getApprovalDossier, { params: { id }, query: {} }),
  );
  saveBlob(await response.blob(), fileName);
}
