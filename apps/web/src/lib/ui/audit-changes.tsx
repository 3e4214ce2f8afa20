// The fields an audit entry changed, one line each: « Label : value » for an addition, « before →
// after » otherwise (the server masks IBANs and secrets). Read by the association's journal and the
// histories of the portal content's and the approvals' catalogue's changes (change-history.tsx),
// each with its own field labels.
import { fr } from '@codegouvfr/react-dsfr';
import type { AuditEntryView } from '@portail/contract';

/** A long value (a note's HTML) is cut to this many characters. */
const MAX_VALUE = 160;

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

export function AuditChanges({ entry, labels, raw = false }: { entry: AuditEntryView; labels: Readonly<Record<string, string>>; raw?: boolean }) {
  if (entry.changements.length === 0) return <>—</>;
  return (
    <ul className={raw ? fr.cx('fr-raw-list') : undefined}>
      {entry.changements.map((c) => (
        <li key={c.champ} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: '14rem', maxWidth: '32rem' }}>
          {labels[c.champ] ?? c.champ} : {entry.action === 'create' ? shown(c.apres) : `${shown(c.avant)} → ${shown(c.apres)}`}
        </li>
      ))}
    </ul>
  );
}
