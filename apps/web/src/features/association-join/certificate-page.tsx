// /ajout-association/certificat-honneur: the member certifies on their honour that they belong to
// the association and may act for it, then joins it (PATCH lca users/:lcaId), the session user is
// reloaded and the legal representatives are told. Sent once at a time; a refusal (the box left
// unchecked, the server's French message) is shown in the focused error summary.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Checkbox } from '@codegouvfr/react-dsfr/Checkbox';
import { api, type AssociationLight, formatSiret, MEMBERSHIP_MESSAGES, MESSAGES } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { refreshSessionUser } from '../../lib/session/associations.ts';
import { session } from '../../lib/session/session-store.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { Page } from '../shell/index.ts';
import { AssociationSummary } from './association-summary.tsx';
import { joinDraft, type JoinDraft } from './join-draft.ts';
import { JOIN_PATHS, JoinSteps } from './join-steps.tsx';
import { useAssociationLight } from './use-association-light.ts';

/** Where a member lands once joined. */
export const AFTER_JOIN_PATH = '/user/dashboard';

export const CERTIFICATE_LABEL =
  'Je certifie sur l’honneur être membre de cette association et être habilité(e) à agir en son nom sur le compte association.';

export function CertificatePage() {
  // Read once: joining clears them, and this page must not redirect while it leaves.
  const [selectedAssociation] = useState(() => session.getState().selectedAssociation);
  const [draft] = useState(() => joinDraft.read(selectedAssociation));
  const light = useAssociationLight(selectedAssociation);
  if (!selectedAssociation) return <Navigate to={JOIN_PATHS.association} replace />;
  if (!draft) return <Navigate to={JOIN_PATHS.establishment} replace />;
  return (
    <Page title="Attestation sur l’honneur">
      <JoinSteps current={3} />
      {light.isPending && <p>Chargement de l’association…</p>}
      {light.isError && (
        <Alert severity="error" small role="alert" description={errorMessage(light.error, MESSAGES.httpEmpty)} />
      )}
      {light.data && <CertificateForm association={light.data} draft={draft} />}
    </Page>
  );
}

function CertificateForm({ association, draft }: { association: AssociationLight; draft: JoinDraft }) {
  const navigate = useNavigate();
  const [certified, setCertified] = useState(false);
  // The server's refusal (an establishment no longer of the association) is said as it says it.
  // The box is the DSFR group's first input (`<group id>-0`).
  const { summary, errors, refuse, fix, setFormError, send, sending } = useSending({ refusedFields: () => ({}), targetOf: () => 'field-certificat-0' });
  const etablissement = association.etablissements.find((e) => e.siret === draft.id_siret);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (refuse(certified ? {} : { certificat: MESSAGES.requiredCheckbox })) return;
    const user = session.getState().user;
    if (!user?.lcaId) {
      setFormError(MESSAGES.userInfoError);
      return;
    }
    const lcaId = user.lcaId;
    await send(async () => {
      await callApi(api.lca.patchUser, {
        params: { id: lcaId },
        body: {
          associations: [
            { id_correspondance: draft.id_correspondance, id_siret: draft.id_siret, fonction: draft.fonction || null },
          ],
        },
      });
      const refreshed = await refreshSessionUser();
      // Telling the legal representatives is a courtesy: its failure does not undo the join.
      await callApi(api.lca.joinAssociationNotification, {
        body: {
          id_correspondance: association.id_correspondance,
          id_rna: association.id_rna,
          id_siren: association.id_siren,
          email: refreshed.email.toLowerCase(),
        },
      }).catch(() => undefined);
      session.selectAssociation(null);
      joinDraft.clear();
      toast.success(MEMBERSHIP_MESSAGES.associationJoined);
      void navigate(AFTER_JOIN_PATH);
    });
  }

  return (
    <>
      <AssociationSummary association={association} />
      <dl className={fr.cx('fr-mb-3w')}>
        <dt className={fr.cx('fr-text--bold')}>Établissement</dt>
        <dd>
          {draft.id_siret ? `SIRET ${formatSiret(draft.id_siret)}` : 'Association (sans établissement)'}
          {etablissement?.est_siege && ' (siège)'}
          {etablissement?.enseigne && ` – ${etablissement.enseigne}`}
        </dd>
        {draft.fonction && (
          <>
            <dt className={fr.cx('fr-text--bold')}>Fonction</dt>
            <dd>{draft.fonction}</dd>
          </>
        )}
      </dl>
      <form onSubmit={onSubmit} noValidate aria-label="Attestation sur l’honneur">
        <ErrorSummary {...summary} />
        <Checkbox
          id="field-certificat"
          legend="Attestation"
          state={errors.certificat ? 'error' : 'default'}
          stateRelatedMessage={errors.certificat}
          options={[
            {
              label: CERTIFICATE_LABEL,
              nativeInputProps: {
                name: 'certificat',
                checked: certified,
                onChange: (e) => {
                  setCertified(e.target.checked);
                  if (e.target.checked) fix('certificat');
                },
              },
            },
          ]}
        />
        <div className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md')}>
          <Button priority="secondary" linkProps={{ to: JOIN_PATHS.establishment }}>
            Retour
          </Button>
          <Button type="submit" disabled={sending}>
            {sending ? 'Rattachement…' : "Rejoindre l'association"}
          </Button>
        </div>
      </form>
    </>
  );
}
