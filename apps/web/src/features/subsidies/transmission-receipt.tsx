// The receipt of a transmission, read from the dossier as the server stores it (its `transmission`:
// the date of the last transmission and the services it went to), so a reload shows it again: the
// dossier's number, when it was transmitted, the services, and its PDF. Right after the member
// transmitted, it takes the focus (it is what changed).
import { fr } from '@codegouvfr/react-dsfr';
import type { DossierView } from '@portail/contract';
import { useEffect, useRef } from 'react';
import { formatTimestamp } from '../../lib/format/timestamp.ts';
import { DossierPdfButton } from './dossier-pdf-button.tsx';

/** The receipt to show: the dossier's last transmission, unless it is back with the association (A or C) to be transmitted again. */
export function receiptOf(dossier: DossierView): NonNullable<DossierView['transmission']> | null {
  if (!dossier.transmission || dossier.instructions.some((i) => i.etat === 'A' || i.etat === 'C')) return null;
  return dossier.transmission;
}

export function TransmissionReceipt({ dossier, transmission, focus = false }: { dossier: DossierView; transmission: NonNullable<DossierView['transmission']>; focus?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const idFo = dossier.identifiant.id_fo;
  const services = transmission.services.map((s) => s.nom);
  return (
    <div className={fr.cx('fr-alert', 'fr-alert--success', 'fr-mb-4w')} data-testid="accuse-transmission">
      <h2 ref={heading} tabIndex={-1} className={fr.cx('fr-alert__title')}>
        Accusé de transmission du dossier n° {idFo}
      </h2>
      <p>Le dossier a été transmis au service instructeur.</p>
      <ul>
        <li>Dossier n° {idFo}</li>
        <li>Transmis le {formatTimestamp(transmission.date).replace(' ', ' à ')}</li>
        <li>
          {services.length > 1 ? 'Services destinataires' : 'Service destinataire'} : {services.join(', ')}
        </li>
      </ul>
      <DossierPdfButton dossier={dossier} label={`Télécharger le PDF du dossier n° ${idFo}`} />
    </div>
  );
}
