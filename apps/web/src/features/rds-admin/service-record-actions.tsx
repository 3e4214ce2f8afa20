// What an administrator does to one service from its record: hang it under another parent of the
// level above (PATCH rds /services/{id}: the server refuses a loop or a wrong level in French,
// shown on the field), and delete it after confirming (DELETE rds /services/{id}: its login goes
// with it; refused, with the server's reason, while services, dossiers, schemes, campaigns or
// approvals still depend on it).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { MESSAGES, rdsServiceRoutes, reparentFormSchema, SERVICE_FORM_MESSAGES } from '@portail/contract';
import { useEffect, useRef, useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { focusElement } from '../../lib/focus/focus.ts';
import { useFocusFirstError } from '../../lib/forms/focus-first-error.ts';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog.tsx';
import { possibleParents, type ServiceNode } from './hierarchy.ts';

interface ServiceRecordActionsProps {
  service: ServiceNode;
  services: readonly ServiceNode[];
  /** A change was written: the list is to be read again. */
  onChanged: () => Promise<void>;
  /** The service no longer exists. */
  onDeleted: () => void;
}

function ReparentForm({ service, services, onChanged }: Omit<ServiceRecordActionsProps, 'onDeleted'>) {
  const parents = possibleParents(services, service.niveau_territorial, service.id).filter((s) => s.id !== service.parent);
  const form = useZodForm(reparentFormSchema, { parent: '' });
  const { container, focusingErrors } = useFocusFirstError();
  const submit = focusingErrors(
    form.handleSubmit(async ({ parent }) => {
      const saved = await callApi(rdsServiceRoutes.updateService, { params: { id: service.id }, body: { parent } });
      toast.success(SERVICE_FORM_MESSAGES.reparented(saved.nom, services.find((s) => s.id === parent)?.nom ?? ''));
      form.setValues({ parent: '' });
      await onChanged();
    }),
  );
  if (service.niveau_territorial === 'national' || !service.niveau_territorial) {
    return <p>{SERVICE_FORM_MESSAGES.nationalWithoutParent}</p>;
  }
  if (parents.length === 0) return <p>Aucun autre service du niveau au-dessus ne peut l’accueillir.</p>;
  return (
    <div ref={container}>
      <SubmitForm form={form} onSubmit={submit} label={`Rattachement de ${service.nom}`} submitLabel="Changer le service parent">
        <SelectField label="Nouveau service parent" placeholder="Choisir le service parent" options={parents.map((s) => ({ value: s.id, label: s.nom }))} {...form.field('parent')} />
      </SubmitForm>
    </div>
  );
}

export function ServiceRecordActions({ service, services, onChanged, onDeleted }: ServiceRecordActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  // The refusal takes the focus once the modal has closed (and given it back to its button).
  useEffect(() => {
    if (refusal && !confirming && refusalRef.current) focusElement(refusalRef.current);
  }, [refusal, confirming]);

  async function remove() {
    setRefusal(null);
    try {
      const { message } = await callApi(rdsServiceRoutes.deleteService, { params: { id: service.id } });
      toast.success(message);
      setConfirming(false);
      onDeleted();
      await onChanged();
    } catch (error) {
      setConfirming(false);
      setRefusal(errorMessage(error, MESSAGES.httpEmpty));
    }
  }

  return (
    <>
      <h4 className={fr.cx('fr-h6', 'fr-mt-3w')}>Rattachement</h4>
      <ReparentForm key={`${service.id}-${service.parent}`} service={service} services={services} onChanged={onChanged} />
      <h4 className={fr.cx('fr-h6', 'fr-mt-3w')}>Suppression</h4>
      {refusal && (
        <div ref={refusalRef} tabIndex={-1}>
          <Alert severity="error" small role="alert" description={refusal} className={fr.cx('fr-mb-2w')} />
        </div>
      )}
      <div>
        <Button priority="secondary" iconId="fr-icon-delete-line" onClick={() => setConfirming(true)}>
          Supprimer le service<span className={fr.cx('fr-sr-only')}> {service.nom}</span>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Supprimer le service « ${service.nom} » ?`}
        confirmLabel="Supprimer définitivement"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      >
        <p>
          Son compte de connexion est supprimé avec lui. La suppression est refusée tant que des services lui sont rattachés, qu’il instruit des
          dossiers ou qu’il reste rattaché à des dispositifs, campagnes ou agréments.
        </p>
      </ConfirmDialog>
    </>
  );
}
