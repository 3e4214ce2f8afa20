// The receipt of a transmission, shown once the server accepted it: the dossier's number, when it
// was transmitted, the services it went to, and its PDF. It takes the focus (it is what changed).
import { fr } from '@codegouvfr/react-dsfr';
import { useEffect, useRef } from 'react';
import { formatTimestamp } from '../../lib/format/timestamp.ts';
import { DossierPdfButton } from './dossier-pdf-button.tsx';

export interface Receipt {
  dossier: { id: string; identifiant: { id_fo: string } };
  /** When the server's answer came (ISO). */
  transmittedAt: string;
  services: readonly string[];
}

export function TransmissionReceipt({ receipt }: { receipt: Receipt }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const idFo = receipt.dossier.identifiant.id_fo;
  return (
    <div className={fr.cx('fr-alert', 'fr-alert--success', 'fr-mb-4w')} data-testid="accuse-transmission">
      <h2 ref={heading} tabIndex={-1} className={fr.cx('fr-alert__title')}>
        Accusé de transmission du dossier n° {idFo}
      </h2>
      <p>Le dossier a été transmis au service instructeur.</p>
      <ul>
        <li>Dossier n° {idFo}</li>
        <li>Transmis le {formatTimestamp(receipt.transmittedAt).replace(' ', ' à ')}</li>
        <li>
          {receipt.services.length > 1 ? 'Services destinataires' : 'Service destinataire'} : {receipt.services.join(', ')}
        </li>
      </ul>
      <DossierPdfButton dossier={receipt.dossier} label={`Télécharger le PDF du dossier n° ${idFo}`} />
    </div>
  );
}
