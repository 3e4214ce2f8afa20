// /associations/:idSiret?/demande-agrement: a new approval request. The member picks an active
// approval of the catalogue (GET /agrements); creating it (POST /demande/dossiers with
// code_agrement, for the head office; a member of a secondary establishment asks for theirs and the
// server says to contact the head office) opens the dossier's wizard at its second step. The
// server's refusals (secondary establishment, covered through the network head, a request already
// living) are shown as it words them.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { RadioButtons } from '@codegouvfr/react-dsfr/RadioButtons';
import { approvalCatalogueRoutes, dossierRoutes, MESSAGES } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { userAssociations } from '../../lib/session/associations.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { Page } from '../shell/index.ts';
import { useApplicant } from '../subsidies/index.ts';
import { approvalDossierPath } from './paths.ts';

export function ApprovalCreationPage() {
  const { idSiret } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const links = userAssociations(user);
  const link = idSiret ? links.find((l) => l.siegeSiret === idSiret || l.id_siret === idSiret) : links[0];
  const idAsso = idSiret ?? link?.siegeSiret ?? link?.id_correspondance ?? null;
  const [chosen, setChosen] = useState('');
  const { summary, errors, refuse, fix, sending, send } = useSending({ targetOf: () => 'field-agrement' });

  const catalogue = useQuery({
    queryKey: ['agrements', 'actifs'],
    queryFn: () => callApi(approvalCatalogueRoutes.listAgrements, { query: { active: 'true' } }),
    retry: false,
  });
  const { etablissements, siret } = useApplicant(idAsso, link);
  const approvals = catalogue.data ?? [];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const agrement = approvals.find((a) => a._id === chosen);
    if (refuse(agrement ? {} : { agrement: MESSAGES.pleaseFill('agrément demandé') })) return;
    await send(async () => {
      if (!siret || !idAsso) throw new Error(MESSAGES.httpEmpty);
      const created = await callApi(dossierRoutes.createDossier, {
        query: { id_asso: idAsso },
        body: {
          description: { code_agrement: agrement!.code, id_type_agrement: agrement!.type_agrement, id_service_instructeur: agrement!.service, exercice: agrement!.campagne_exercice },
          demandeur: { id_siret: siret },
        },
      });
      navigate(approvalDossierPath({ id: created.id, siret: created.demandeur.id_siret }, 1));
    });
  }

  const error = catalogue.error ?? etablissements.error;
  return (
    <Page title="Demande d’agrément" lead={link?.nom} documentTitle="Étape 1 sur 5 : Agrément – Demande d’agrément">
      {!idAsso && <Alert severity="info" small description="Vous n’êtes rattaché(e) à aucune association." />}
      {error && <Alert severity="error" small role="alert" description={errorMessage(error, MESSAGES.httpEmpty)} />}
      {idAsso && (catalogue.isPending || etablissements.isPending) && <p>Chargement des agréments…</p>}
      {idAsso && catalogue.data && etablissements.data && (
        <form onSubmit={onSubmit} noValidate aria-label="Agrément demandé">
          <ErrorSummary {...summary} />
          {approvals.length === 0 ? (
            <p>Aucun agrément n’est ouvert aux demandes en ce moment.</p>
          ) : (
            <RadioButtons
              id="field-agrement"
              legend="Agrément demandé"
              hintText="La demande est faite pour le siège de l’association, auprès du service qui instruit l’agrément."
              name="agrement"
              state={errors.agrement ? 'error' : 'default'}
              stateRelatedMessage={errors.agrement}
              options={approvals.map((a) => ({
                label: `${a.type_agrement_label} (${a.code})`,
                hintText: `${a.service_nom} – campagne ${a.campagne_exercice}`,
                nativeInputProps: {
                  value: a._id,
                  checked: chosen === a._id,
                  onChange: () => {
                    setChosen(a._id);
                    fix('agrement');
                  },
                },
              }))}
            />
          )}
          <Button type="submit" disabled={sending || approvals.length === 0} className={fr.cx('fr-mt-2w')}>
            {sending ? 'Création…' : 'Créer le dossier de demande'}
          </Button>
        </form>
      )}
    </Page>
  );
}
