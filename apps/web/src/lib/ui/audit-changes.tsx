// The fields an audit entry changed, one line each: « Label : value » for an addition, « before →
// after » otherwise (the server masks IBANs and secrets). Read by the association's journal and the
// histories of the portal content's, the referentials' and the approvals' catalogue's changes
// (change-history.tsx), each with its own field labels. The histories' values come readable from the
// server (names for ids, French text; a list of texts shown as bullets); any other value still reads
// as text here: Oui/Non, a list « a, b, c », an object « clé : valeur ; … », never JSON.
import { fr } from '@codegouvfr/react-dsfr';
import type { AuditEntryView } from '@portail/contract';

/** A long value (a note's HTML) is cut to this many characters. */
const MAX_VALUE = 160;

const cut = (text: string) => (text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text);

/** A value as one line of text. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : 'aucun';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${key} : ${item !== null && typeof item === 'object' ? `(${valueText(item)})` : valueText(item)}`)
      .join(' ; ');
  }
  return String(value);
}

/** How a screen names the plain values of some fields (a note's pages by their titles…), by field. */
export type ValueNames = Readonly<Record<string, (value: string) => string>>;

/** A value: a list of texts as bullets, anything else as one line; `name` words each text of it. */
function Value({ value, name = (text) => text }: { value: unknown; name?: (value: string) => string | undefined }) {
  const word = (text: string) => name(text) ?? text;
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) {
    return (
      <ul>
        {value.map((item, i) => (
          <li key={i}>{cut(word(item))}</li>
        ))}
      </ul>
    );
  }
  return <>{cut(typeof value === 'string' ? word(value) : valueText(value))}</>;
}

export function AuditChanges({ entry, labels, values = {}, raw = false }: { entry: AuditEntryView; labels: Readonly<Record<string, string>>; values?: ValueNames; raw?: boolean }) {
  if (entry.changements.length === 0) return <>—</>;
  return (
    <ul className={raw ? fr.cx('fr-raw-list') : undefined}>
      {entry.changements.map((c) => (
        <li key={c.champ} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: '14rem', maxWidth: '32rem' }}>
          {labels[c.champ] ?? c.champ} :{' '}
          {entry.action === 'create' ? (
            <Value value={c.apres} name={values[c.champ]} />
          ) : (
            <>
              <Value value={c.avant} name={values[c.champ]} /> → <Value value={c.apres} name={values[c.champ]} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
