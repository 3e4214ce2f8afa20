// An edit form sends only the fields it changed; when nothing changed, the user is told so and no
// call is made.
import { diffToChanges, MESSAGES, type Change, type ChangeValue } from '@portail/contract';
import { toast } from '../../lib/toast/toast-store.ts';

type Values<K extends string> = { readonly [P in K]?: ChangeValue | undefined };

/** The changes of `keys` from `before` to `after` (a missing value is null); null when there are none. */
export function changedFields<K extends string>(keys: readonly K[], before: Values<K>, after: Values<K>): Change[] | null {
  const pick = (values: Values<K>): Record<string, ChangeValue> =>
    Object.fromEntries(keys.map((k) => [k, values[k] ?? null]));
  const changes = diffToChanges(pick(before), pick(after));
  if (changes.length > 0) return changes;
  toast.info(MESSAGES.noChangeDetected);
  return null;
}
