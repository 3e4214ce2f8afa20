// The refusal of one declaration: a reason among the four (required, said before any call, with
// the contract's message), then the server's answer.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { RadioButtons } from '@codegouvfr/react-dsfr/RadioButtons';
import { CEC_MESSAGES, CEC_REFUSAL_REASONS } from '@portail/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';

export function RefusalForm({ benevole, onRefuse, onCancel, busy }: { benevole: string; onRefuse: (reason: number) => void; onCancel: () => void; busy: boolean }) {
  const [reason, setReason] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason === null) {
      setError(CEC_MESSAGES.reasonRequired);
      (event.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>('input[name="motif_refus_id"]')?.focus();
      return;
    }
    onRefuse(reason);
  }
  return (
    <section className={fr.cx('fr-p-3w', 'fr-mt-3w')} aria-labelledby="cec-refusal-title">
      <h2 id="cec-refusal-title" ref={heading} tabIndex={-1} className={fr.cx('fr-h5')}>
        Refuser la déclaration de {benevole}
      </h2>
      <form onSubmit={submit} noValidate aria-label={`Refus de la déclaration de ${benevole}`}>
        <RadioButtons
          legend="Motif du refus (obligatoire)"
          name="motif_refus_id"
          state={error ? 'error' : 'default'}
          stateRelatedMessage={error ?? undefined}
          options={CEC_REFUSAL_REASONS.map((r) => ({
            label: r.label,
            nativeInputProps: {
              value: String(r.id),
              checked: reason === r.id,
              onChange: () => {
                setReason(r.id);
                setError(null);
              },
            },
          }))}
        />
        <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md')}>
          <li>
            <Button type="submit" disabled={busy}>
              Confirmer le refus
            </Button>
          </li>
          <li>
            <Button type="button" priority="secondary" onClick={onCancel}>
              Annuler
            </Button>
          </li>
        </ul>
      </form>
    </section>
  );
}
