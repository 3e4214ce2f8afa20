// The RIB of a dossier past the wizard (PUT …/dossiers/:id/rib): once granted and until the last
// payment, the association may still name another account of the applicant establishment. Shown
// when the machine's options offer « changer_rib » and the wizard is read only; the server decides.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { dossierRoutes, MESSAGES, type DossierView, type Rib } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { ribLabel } from './format.ts';


export function DossierRibChange({ dossier, ribs, onChanged }: { dossier: DossierView; ribs: readonly Rib[]; onChanged: (next: DossierView) => void }) {
  const offered = ribs.filter((r) => r.id_siret === dossier.demandeur.id_siret);
  const [idRib, setIdRib] = useState(dossier.demandeur.id_rib ?? '');
  const { summary, errors, refuse, fix, sending: saving, send } = useSending({ fieldOfServerKey: (key) => (key === 'id_rib' ? 'id_rib' : null) });
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (refuse(idRib ? {} : { id_rib: MESSAGES.pleaseFill('RIB') })) return;
    await send(async () => {
      onChanged(await callApi(dossierRoutes.putRib, { params: { id: dossier.id }, query: {}, body: { id_rib: idRib } }));
      toast.success('Le RIB du dossier a été changé ; le service instructeur en est informé.');
    });
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="rib-dossier" className={fr.cx('fr-mt-4w')}>
      <h3 id="rib-dossier" className={fr.cx('fr-h5')}>
        Coordonnées bancaires du dossier
      </h3>
      <p className={fr.cx('fr-text--sm')}>La subvention sera versée sur ce compte. Vous pouvez encore le changer jusqu’au dernier versement.</p>
      <ErrorSummary {...summary} />
      <SelectField
        label="RIB de l’établissement demandeur"
        placeholder="Sélectionnez un RIB"
        name="id_rib"
        value={idRib}
        error={errors.id_rib}
        options={offered.map((r) => ({ value: r.id, label: ribLabel(r) }))}
        onChange={(value) => {
          setIdRib(value);
          fix('id_rib');
        }}
      />
      <Button type="submit" priority="secondary" disabled={saving || idRib === (dossier.demandeur.id_rib ?? '')}>
        {saving ? 'Enregistrement…' : 'Changer le RIB'}
      </Button>
    </form>
  );
}
