// The RIB of a dossier past the wizard (PUT …/dossiers/:id/rib): once granted and until the last
// payment, the association may still name another account of the applicant establishment. Shown
// when the machine's options offer « changer_rib » and the wizard is read only; the server decides.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { dossierRoutes, MESSAGES, type DossierView, type Rib } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { FormError } from '../../lib/forms/form-error.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { ribLabel } from './format.ts';


export function DossierRibChange({ dossier, ribs, onChanged }: { dossier: DossierView; ribs: readonly Rib[]; onChanged: (next: DossierView) => void }) {
  const offered = ribs.filter((r) => r.id_siret === dossier.demandeur.id_siret);
  const [idRib, setIdRib] = useState(dossier.demandeur.id_rib ?? '');
  const { formError, setFormError, sending: saving, send } = useSending();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!idRib) {
      setFormError(MESSAGES.required('RIB'));
      return;
    }
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
      <FormError message={formError} />
      <div className={fr.cx('fr-select-group')}>
        <label className={fr.cx('fr-label')} htmlFor="rib-dossier-choix">
          RIB de l’établissement demandeur
        </label>
        <select id="rib-dossier-choix" className={fr.cx('fr-select')} value={idRib} onChange={(e) => setIdRib(e.target.value)}>
          <option value="">Sélectionnez un RIB</option>
          {offered.map((r) => (
            <option key={r.id} value={r.id}>
              {ribLabel(r)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" priority="secondary" disabled={saving || idRib === (dossier.demandeur.id_rib ?? '')}>
        {saving ? 'Enregistrement…' : 'Changer le RIB'}
      </Button>
    </form>
  );
}
