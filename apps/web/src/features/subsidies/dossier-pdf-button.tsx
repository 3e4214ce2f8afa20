// The dossier's PDF (Cerfa 12156 layout), fetched with the token in a header and saved by the
// browser; a refusal or failure is said in a toast.
import { Button } from '@codegouvfr/react-dsfr/Button';
import { MESSAGES } from '@portail/contract';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/index.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { downloadDossierPdf } from './dossier-api.ts';

export function DossierPdfButton({ dossier, label = 'Télécharger le dossier (PDF)' }: { dossier: { id: string; identifiant: { id_fo: string } }; label?: string }) {
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      await downloadDossierPdf(dossier.id, `dossier-${dossier.identifiant.id_fo}.pdf`);
    } catch (e) {
      toast.error(errorMessage(e, MESSAGES.httpEmpty));
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Button priority="secondary" onClick={() => void download()} disabled={downloading}>
      {downloading ? 'Préparation du PDF…' : label}
    </Button>
  );
}
