// /ajout-association/choix-etablissement: the establishment (SIRET) of the chosen association the
// member acts for, and their fonction. The entry checks send users without a chosen association
// back to choix-association.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { RadioButtons } from '@codegouvfr/react-dsfr/RadioButtons';
import { ASSOCIATION_FILE_MESSAGES, type AssociationLight, formatSiret, joinLinkSchema, MESSAGES } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/api/index.ts';
import { issuesToFieldErrors, type FieldErrors } from '../../lib/forms/field-errors.ts';
import { FormError } from '../../lib/forms/form-error.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useSession } from '../../lib/session/use-session.ts';
import { Page } from '../shell/index.ts';
import { AssociationSummary } from './association-summary.tsx';
import { joinDraft } from './join-draft.ts';
import { JOIN_PATHS, JoinSteps } from './join-steps.tsx';
import { useAssociationLight } from './use-association-light.ts';

export function ChooseEstablishmentPage() {
  const { selectedAssociation } = useSession();
  const light = useAssociationLight(selectedAssociation);
  if (!selectedAssociation) return <Navigate to={JOIN_PATHS.association} replace />;
  return (
    <Page title="Choix de l’établissement">
      <JoinSteps current={2} />
      {light.isPending && <p>Chargement de l’association…</p>}
      {light.isError && (
        <Alert severity="error" small role="alert" description={errorMessage(light.error, MESSAGES.httpEmpty)} />
      )}
      {light.data && <EstablishmentForm association={light.data} />}
    </Page>
  );
}

function EstablishmentForm({ association }: { association: AssociationLight }) {
  const navigate = useNavigate();
  const draft = joinDraft.read(association.id_correspondance);
  const only = association.etablissements.length === 1 ? association.etablissements[0]!.siret : null;
  const [siret, setSiret] = useState<string | null>(
    association.etablissements.some((e) => e.siret === draft?.id_siret) ? draft!.id_siret : only,
  );
  const [fonction, setFonction] = useState(draft?.fonction ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const needsSiret = association.etablissements.length > 0;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (needsSiret && !siret) {
      setErrors({ id_siret: ASSOCIATION_FILE_MESSAGES.associationRequiresSiret });
      setFormError(MESSAGES.invalidForm);
      return;
    }
    const parsed = joinLinkSchema.safeParse({ id_correspondance: association.id_correspondance, id_siret: siret, fonction });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error));
      setFormError(MESSAGES.invalidForm);
      return;
    }
    joinDraft.write({ id_correspondance: association.id_correspondance, id_siret: siret, fonction: fonction.trim() });
    void navigate(JOIN_PATHS.certificate);
  }

  return (
    <>
      <AssociationSummary association={association} />
      <FormError message={formError} />
      <form onSubmit={onSubmit} noValidate aria-label="Choix de l’établissement">
        {needsSiret ? (
          <RadioButtons
            legend="Établissement auquel vous vous rattachez"
            name="id_siret"
            state={errors.id_siret ? 'error' : 'default'}
            stateRelatedMessage={errors.id_siret}
            options={association.etablissements.map((etablissement) => ({
              label: (
                <span>
                  SIRET {formatSiret(etablissement.siret)}
                  {etablissement.est_siege && (
                    <Badge small severity="info" className={fr.cx('fr-ml-1w')}>
                      Siège
                    </Badge>
                  )}
                </span>
              ),
              hintText: [etablissement.enseigne, [etablissement.cp, etablissement.commune].filter(Boolean).join(' ')]
                .filter(Boolean)
                .join(' · '),
              nativeInputProps: {
                value: etablissement.siret,
                checked: siret === etablissement.siret,
                onChange: () => {
                  setSiret(etablissement.siret);
                  setErrors(({ id_siret: _removed, ...rest }) => rest);
                },
              },
            }))}
          />
        ) : (
          <p>Cette association n’a pas d’établissement enregistré : vous serez rattaché(e) à l’association.</p>
        )}
        <TextField
          label="Votre fonction dans l’association (facultatif)"
          name="fonction"
          value={fonction}
          error={errors.fonction}
          onChange={setFonction}
        />
        <div className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md')}>
          <Button priority="secondary" linkProps={{ to: JOIN_PATHS.association }}>
            Changer d’association
          </Button>
          <Button type="submit">Continuer</Button>
        </div>
      </form>
    </>
  );
}
