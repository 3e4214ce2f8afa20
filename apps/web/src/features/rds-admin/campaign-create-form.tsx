// A new campaign of the chosen scheme (POST /subventions): its code, label, exercise, opening and
// closing dates, active or not; its sub-schemes, services and expected items are then given in the
// campaign's editor. Checked by the contract's form schema before sending (closing not before
// opening); a refusal, the server's included (a code already taken), focuses the first field in error.
import { fr } from '@codegouvfr/react-dsfr';
import { CAMPAIGN_MESSAGES, newCampaignFormSchema, rdsSchemeRoutes, type SubventionView } from '@portail/contract';
import { useEffect, useRef } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { focusElement } from '../../lib/focus/focus.ts';
import { CheckboxField, isChecked } from '../../lib/forms/checkbox-field.tsx';
import { useFocusFirstError } from '../../lib/forms/focus-first-error.ts';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';

interface CampaignCreateFormProps {
  dispositif: { code: string; label: string };
  onCreated: (campaign: SubventionView) => void;
}

export function CampaignCreateForm({ dispositif, onCreated }: CampaignCreateFormProps) {
  const year = new Date().getFullYear() + 1;
  const form = useZodForm(
    newCampaignFormSchema,
    { code: '', label: '', campagne_exercice: String(year), date_debut: '', date_fin: '', active: 'false' },
    (v) => ({ ...v, active: isChecked(v.active) }),
  );
  const { container, focusingErrors } = useFocusFirstError();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (heading.current) focusElement(heading.current);
  }, []);

  const submit = focusingErrors(
    form.handleSubmit(async (fields) => {
      const created = await callApi(rdsSchemeRoutes.createSubvention, { body: { ...fields, dispositif: dispositif.code } });
      toast.success(CAMPAIGN_MESSAGES.created(created.label));
      onCreated(created);
    }),
  );

  return (
    <div ref={container} className={fr.cx('fr-mt-3w', 'fr-mb-4w')}>
      <h4 ref={heading} tabIndex={-1} className={fr.cx('fr-h6')}>
        Nouvelle campagne de {dispositif.label}
      </h4>
      <SubmitForm form={form} onSubmit={submit} label={`Nouvelle campagne de ${dispositif.label}`} submitLabel="Créer la campagne">
        <TextField label="Libellé de la campagne" maxLength={300} required {...form.field('label')} />
        <TextField label="Code de la campagne" maxLength={100} required {...form.field('code')} />
        <TextField label="Exercice" type="number" required {...form.field('campagne_exercice')} />
        <TextField label="Date d’ouverture" type="date" required {...form.field('date_debut')} />
        <TextField label="Date de clôture" type="date" required {...form.field('date_fin')} />
        <CheckboxField label="Campagne active (visible des associations)" {...form.field('active')} />
      </SubmitForm>
    </div>
  );
}
