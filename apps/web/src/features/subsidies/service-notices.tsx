// What the instructing services told the association about this dossier, at the top of its page:
// what to correct in a dossier sent back (C), the reason of a refusal (11) or a rejection (12), and
// the « incomplet » mark with what is missing. Read from the dossier as the server answers it
// (instructions[].commentaire, incomplet), so the member reads it where they correct the dossier,
// on every visit, and not only in a notification of the dossiers list. Under the « incomplet » mark,
// the member declares the dossier complete when the machine offers it (DossierComplete).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import type { DossierView } from '@portail/contract';
import { formatDate } from '../../lib/format/date.ts';
import { DossierComplete } from './dossier-complete.tsx';

const TITLES: Partial<Record<DossierView['instructions'][number]['etat'], { severity: 'warning' | 'error'; title: (service: string) => string; lead: string }>> = {
  C: { severity: 'warning', title: (s) => `Dossier renvoyé pour correction par ${s}`, lead: 'Ce que le service vous demande de corriger' },
  '11': { severity: 'error', title: (s) => `Subvention refusée par ${s}`, lead: 'Motif du refus' },
  '12': { severity: 'error', title: (s) => `Dossier rejeté par ${s}`, lead: 'Motif du rejet' },
};

export function ServiceNotices({ dossier, onChanged }: { dossier: DossierView; onChanged: (next: DossierView) => void }) {
  const serviceName = (id: string) => dossier.instructeurs?.find((i) => i.service.id === id)?.service.nom ?? 'le service instructeur';
  const notices = dossier.instructions.flatMap((i) => {
    const kind = TITLES[i.etat];
    return kind && i.commentaire ? [{ key: i.id_service_instructeur, ...kind, title: kind.title(serviceName(i.id_service_instructeur)), comment: i.commentaire }] : [];
  });
  if (notices.length === 0 && !dossier.incomplet) return null;
  return (
    <div data-testid="messages-du-service" className={fr.cx('fr-mb-4w')}>
      {notices.map((n) => (
        <Alert
          key={n.key}
          as="h2"
          severity={n.severity}
          className={fr.cx('fr-mb-2w')}
          title={n.title}
          description={
            <>
              {n.lead} : <q>{n.comment}</q>
            </>
          }
        />
      ))}
      {dossier.incomplet && (
        <>
          <Alert
            as="h2"
            severity="warning"
            title={`Dossier marqué incomplet par ${dossier.incomplet.service.nom} le ${formatDate(dossier.incomplet.date)}`}
            description={
              <>
                Ce qui manque au dossier : <q>{dossier.incomplet.commentaire}</q>
              </>
            }
          />
          {dossier.options.actions.includes('completer') && <DossierComplete dossier={dossier} onCompleted={onChanged} />}
        </>
      )}
    </div>
  );
}
