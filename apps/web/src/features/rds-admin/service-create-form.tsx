// A new instructing service (POST auth-server/services): its name, its login address (the service
// receives there the link to choose its password), its level, its parent exactly one level above,
// its territory's code. Checked by the contract's form schema before sending; a refusal focuses the
// first field in error.
import { fr } from '@codegouvfr/react-dsfr';
import { NIVEAUX_TERRITORIAUX, newServiceFormSchema, SERVICE_FORM_MESSAGES, serviceAccountRoutes } from '@portail/contract';
import { useEffect, useRef } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { focusElement } from '../../lib/focus/focus.ts';
import { useFocusFirstError } from '../../lib/forms/focus-first-error.ts';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { NIVEAU_LABELS, possibleParents, type ServiceNode } from './hierarchy.ts';

interface ServiceCreateFormProps {
  services: readonly ServiceNode[];
  /** The service was created (the list is read again by the caller). */
  onCreated: (id: string) => void;
}

export function ServiceCreateForm({ services, onCreated }: ServiceCreateFormProps) {
  const form = useZodForm(
    newServiceFormSchema,
    { nom: '', email: '', niveau_territorial: '', parent: '', code_territoire: '' },
    (v) => ({ ...v, parent: v.parent === '' ? null : v.parent, code_territoire: v.code_territoire.trim() === '' ? null : v.code_territoire }),
  );
  const { container, focusingErrors } = useFocusFirstError();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (heading.current) focusElement(heading.current);
  }, []);
  const parents = possibleParents(services, form.values.niveau_territorial || null);

  const submit = focusingErrors(
    form.handleSubmit(async ({ email, ...service }) => {
      const created = await callApi(serviceAccountRoutes.createServiceAccount, { body: { email, roles: ['rds.service'], service } });
      toast.success(SERVICE_FORM_MESSAGES.created(created.service.nom, created.email));
      onCreated(created.service.id);
    }),
  );

  return (
    <div ref={container} className={fr.cx('fr-mt-3w', 'fr-mb-4w')}>
      <h3 ref={heading} tabIndex={-1} className={fr.cx('fr-h5')}>
        Nouveau service instructeur
      </h3>
      <SubmitForm form={form} onSubmit={submit} label="Nouveau service instructeur" submitLabel="Créer le service">
        <TextField label="Nom du service" maxLength={200} required {...form.field('nom')} />
        <TextField label="Adresse électronique de connexion" type="email" autoComplete="off" required describedBy="service-email-aide" {...form.field('email')} />
        <p id="service-email-aide" className={fr.cx('fr-hint-text', 'fr-mt-n2w', 'fr-mb-3w')}>
          Le service y reçoit un lien pour choisir son mot de passe.
        </p>
        <SelectField
          label="Niveau territorial"
          placeholder="Choisir un niveau"
          options={NIVEAUX_TERRITORIAUX.map((n) => ({ value: n, label: NIVEAU_LABELS[n] }))}
          {...form.field('niveau_territorial')}
          onChange={(value) => {
            form.setValue('niveau_territorial', value);
            form.setValue('parent', '');
          }}
        />
        <SelectField
          label="Service parent"
          placeholder={form.values.niveau_territorial === 'national' ? 'Aucun (service national)' : 'Choisir le service parent'}
          disabled={parents.length === 0}
          options={parents.map((s) => ({ value: s.id, label: s.nom }))}
          {...form.field('parent')}
        />
        <TextField label="Code du territoire (facultatif)" maxLength={20} {...form.field('code_territoire')} />
      </SubmitForm>
    </div>
  );
}
