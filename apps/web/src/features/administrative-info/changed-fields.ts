// An edit form sends only the fields it changed; when nothing changed, the user is told so and no
// call is made.
import { diffToChanges, MESSAGES, type Change, type ChangeValue } from '@portail/contract';
import { toast } from '../../lib/toast/toast-store.ts';

type Values<K extends string> = { readonly [P in K]?: ChangeValue | undefined };

/** The changes of `keys` from `before` to `after` (a missing value is null); null when there are none. */
export function changedFields<K extends string>(
  keys: readonly K[],
  before: Values<K>,
  after: Values<K>,
): Change[] | null {
  const pick = (values: Values<K>): Record<string, ChangeValue> =>
    Object.fromEntries(keys.map((k) => [k, values[k] ?? null]));
  const changes = diffToChanges(pick(before), pick(after));
  if (changes.length > 0) return changes;
  toast.info(MESSAGES.noChangeDetected);
  return null;
}

interface SaveRow<K extends string> {
  /** The stored row as the form compares it; null for a new one. */
  before: (Values<K> & { id: string }) | null;
  keys: readonly K[];
  after: Values<K>;
  create: () => Promise<unknown>;
  patch: (id: string, changes: Change[]) => Promise<unknown>;
  /** Told once saved. */
  saved: string;
  onSaved: () => void;
}

/** Creates the row, or sends only its changed fields (no call when none); then tells and closes. */
export async function saveRow<K extends string>({ before, keys, after, create, patch, saved, onSaved }: SaveRow<K>) {
  if (before) {
    const changes = changedFields(keys, before, after);
    if (!changes) return;
    await patch(before.id, changes);
  } else {
    await create();
  }
  toast.success(saved);
  onSaved();
}
