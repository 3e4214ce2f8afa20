// The PDF of a dossier (Cerfa 12156 layout) or of one of its financial reports (Cerfa 15059), or any
// other the caller gives (`PdfButton`),
// fetched with the token in a header and saved by the browser; a refusal or failure is said in a
// toast. The button says while the PDF is being prepared.
import { Button } from '@codegouvfr/react-dsfr/Button';
import { MESSAGES } from '@portail/contract';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/index.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { downloadCrfPdf, downloadDossierPdf } from './dossier-api.ts';

/** A PDF's download button (also the approval dossier's). */
export function PdfButton({ label, download }: { label: string; download: () => Promise<void> }) {
  const [downloading, setDownloading] = useState(false);
  async function run() {
    setDownloading(true);
    try {
      await download();
    } catch (e) {
      toast.error(errorMessage(e, MESSAGES.httpEmpty));
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Button priority="secondary" onClick={() => void run()} disabled={downloading}>
      {downloading ? 'Préparation du PDF…' : label}
    </Button>
  );
}

export function DossierPdfButton({ dossier, label = 'Télécharger le dossier (PDF)' }: { dossier: { id: string; identifiant: { id_fo: string } }; label?: string }) {
  return <PdfButton label={label} download={() => downloadDossierPdf(dossier.id, `dossier-${dossier.identifiant.id_fo}.pdf`)} />;
}

export function CrfPdfButton({ dossierId, crf }: { dossierId: string; crf: { id: string; exercice: number; identifiant: { id_fo: string } } }) {
  return (
    <PdfButton
      label={`Télécharger le compte rendu ${crf.exercice} (PDF)`}
      download={() => downloadCrfPdf(dossierId, crf.id, `compte-rendu-financier-${crf.identifiant.id_fo}-${crf.exercice}.pdf`)}
    />
  );
}
