// An action of the Pass'Sport administration: one at a time, its outcome told above the section (its
// success text, or the server's French message), and the list it changed read again.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { MESSAGES } from '@portail/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api/index.ts';

type Outcome = { severity: 'success' | 'error'; text: string } | null;

export function useAdminAction(changed: readonly unknown[]) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  /** Runs `action`; `done` is its success text (or made from its result). True when it succeeded. */
  async function run<T>(action: () => Promise<T>, done: string | ((result: T) => string)): Promise<boolean> {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await action();
      setOutcome({ severity: 'success', text: typeof done === 'function' ? done(result) : done });
      await queryClient.invalidateQueries({ queryKey: changed });
      return true;
    } catch (e) {
      setOutcome({ severity: 'error', text: errorMessage(e, MESSAGES.httpEmpty) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const shown = outcome && <Alert severity={outcome.severity} small description={outcome.text} className={fr.cx('fr-mb-2w')} />;
  /** Tells a refusal found before sending (a required field). */
  const refuse = (text: string) => setOutcome({ severity: 'error', text });
  return { run, refuse, busy, outcome: shown };
}
