// Creating or changing an approval of the catalogue: its code, type (referential types-agrement),
// instructing service (among the existing services the administrator reaches), campaign, the
// service's own code, whether it is open to requests, and the expected fields and documents of its
// dossiers. A creation sends the whole body (POST); a change only what differs (PATCH): nothing
// differing is answered by the server's « Aucun changement n'a été détécté. », shown in the summary.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import {
  agrementBodySchema,
  approvalCatalogueRoutes,
  MESSAGES,
  type AgrementBody,
  type AgrementView,
  type ApprovalServiceOption,
  type ReferentielOption,
} from '@portail/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { focusElement } from '../../lib/focus/focus.ts';
import { CheckboxField, checkedText, isChecked } from '../../lib/forms/checkbox-field.tsx';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { issuesToFieldErrors } from '../../lib/forms/field-errors.ts';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { bodyOf, changesOf } from './approval-changes.ts';
import { ExpectedItemsFieldset } from './expected-items-fieldset.tsx';

type Values = { code: string; type_agrement: string; service: string; campagne_exercice: string; code_service: string; active: string };
const FIELDS = ['code', 'type_agrement', 'service', 'campagne_exercice', 'code_service', 'active'] as const;
const LEVELS: Record<string, string> = { national: 'national', regional: 'régional', departemental: 'départemental' };
const REQUIRED: Partial<Record<keyof Values, string>> = { code: 'code', type_agrement: 'type', service: 'service instructeur', campagne_exercice: 'campagne' };

export interface ApprovalFormChoices {
  types: readonly ReferentielOption[];
  services: readonly ApprovalServiceOption[];
  champs: readonly { code: string; label: string }[];
  documents: readonly { code: string; label: string }[];
}

interface ApprovalFormProps {
  /** The approval changed; null: a new one. */
  agrement: AgrementView | null;
  choices: ApprovalFormChoices;
  onSaved: (saved: AgrementView, created: boolean) => void;
  onCancel: () => void;
}

export function ApprovalForm({ agrement, choices, onSaved, onCancel }: ApprovalFormProps) {
  const start = agrement ? bodyOf(agrement) : null;
  const [values, setValues] = useState<Values>({
    code: start?.code ?? '',
    type_agrement: start?.type_agrement ?? '',
    service: start?.service ?? '',
    campagne_exercice: start ? String(start.campagne_exercice) : String(new Date().getFullYear()),
    code_service: start?.code_service ?? '',
    active: checkedText(start?.active ?? false),
  });
  const [champs, setChamps] = useState(start?.champs_attendus ?? []);
  const [documents, setDocuments] = useState(start?.documents_attendus ?? []);
  const { summary, errors, refuse, fix, sending, send } = useSending({
    fieldOfServerKey: (key) => ((FIELDS as readonly string[]).includes(key) ? key : null),
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (heading.current) focusElement(heading.current);
  }, []);

  const bind = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      fix(name);
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const [field, label] of Object.entries(REQUIRED)) if (!values[field as keyof Values].trim()) found[field] = MESSAGES.pleaseFill(label);
    if (refuse(found)) return;
    const checked = agrementBodySchema.safeParse({
      code: values.code,
      type_agrement: values.type_agrement,
      service: values.service,
      campagne_exercice: Number(values.campagne_exercice),
      code_service: values.code_service.trim() === '' ? null : values.code_service,
      active: isChecked(values.active),
      champs_attendus: champs,
      documents_attendus: documents,
    });
    if (!checked.success) {
      refuse(issuesToFieldErrors(checked.error));
      return;
    }
    const body: AgrementBody = checked.data;
    await send(async () => {
      const saved = agrement
        ? await callApi(approvalCatalogueRoutes.updateAgrement, { params: { id: agrement._id }, body: changesOf(start!, body) })
        : await callApi(approvalCatalogueRoutes.createAgrement, { body });
      onSaved(saved, agrement === null);
    });
  }

  const title = agrement ? `Modifier l’agrément ${agrement.code} (campagne ${agrement.campagne_exercice})` : 'Nouvel agrément';
  return (
    <section aria-labelledby="agrement-formulaire" className={fr.cx('fr-mb-6w', 'fr-p-3w')} style={{ border: '1px solid var(--border-default-grey)' }}>
      <h2 id="agrement-formulaire" ref={heading} tabIndex={-1} className={fr.cx('fr-h4')}>
        {title}
      </h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby="agrement-formulaire">
        <ErrorSummary {...summary} />
        <p className={fr.cx('fr-text--sm')}>Les champs marqués d’un astérisque (*) sont obligatoires.</p>
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
          <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
            <TextField label="Code *" maxLength={100} {...bind('code')} />
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
            <SelectField label="Type d’agrément *" placeholder="Sélectionnez un type" options={choices.types.map((t) => ({ value: t.value, label: t.label }))} {...bind('type_agrement')} />
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
            <SelectField
              label="Service instructeur *"
              placeholder="Sélectionnez un service"
              options={choices.services.map((s) => ({ value: s.id, label: s.niveau_territorial ? `${s.nom} (${LEVELS[s.niveau_territorial] ?? s.niveau_territorial})` : s.nom }))}
              {...bind('service')}
            />
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-md-3')}>
            <TextField label="Campagne (exercice) *" type="number" {...bind('campagne_exercice')} />
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-md-3')}>
            <TextField label="Code du service" maxLength={100} {...bind('code_service')} />
          </div>
        </div>
        <div className={fr.cx('fr-mt-2w')}>
          <CheckboxField label="Agrément actif (ouvert aux demandes)" {...bind('active')} />
        </div>
        <ExpectedItemsFieldset legend="Champs attendus" name="champ" definitions={choices.champs} links={champs} onChange={setChamps} />
        <ExpectedItemsFieldset legend="Documents attendus" name="document" definitions={choices.documents} links={documents} onChange={setDocuments} />
        <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md')}>
          <li>
            <Button type="submit" disabled={sending}>
              {sending ? 'Enregistrement…' : agrement ? 'Enregistrer les modifications' : 'Créer l’agrément'}
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
