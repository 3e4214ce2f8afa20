// /associations/:idSiret?/pass-sport (docs/domain.md « Pass'Sport »): the structure's Pass'Sport
// dossier. The structure (the establishment of the path, else the user's first one) is read with
// its eligibility first: a structure that is neither affiliated to a federation of the referential
// nor holds a Sport approval is sent back to / (spec §2). Then its dossier: created on demand (the
// server returns the existing one instead of a second, with §8's toast), its structure panel
// (state, name, RIB, federations) and its inscriptions panel (filters, add by code, removal, PDF);
// and the association's affiliation certificates, which the head office files.
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { PASS_SPORT_MESSAGES as M, MESSAGES, passSportRoutes, type PspDossier } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { userAssociations } from '../../lib/session/associations.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { Page } from '../shell/index.ts';
import { CertificatesPanel } from './certificates-panel.tsx';
import { CreationPanel } from './creation-panel.tsx';
import { InscriptionsPanel } from './inscriptions-panel.tsx';
import { structureOfLink } from './pass-sport-paths.ts';
import { StructurePanel } from './structure-panel.tsx';

const TITLE = "Pass'Sport";
/** Deleted dossiers (8 by the structure, 9 by the service) leave the structure free for a new one. */
const DELETED = ['8', '9'];

export const pspDossiersKey = (idSiret: string) => ['psp-dossiers', idSiret] as const;

export function PassSportPage() {
  const { idSiret: fromPath } = useParams();
  const { user } = useSession();
  const idSiret = fromPath ?? structureOfLink(userAssociations(user)[0]);
  if (!idSiret) {
    return (
      <Page title={TITLE}>
        <p>Ajoutez d'abord votre association à votre compte.</p>
        <Link to="/ajout-association">Ajouter une association</Link>
      </Page>
    );
  }
  return <PassSportStructure key={idSiret} idSiret={idSiret} />;
}

function PassSportStructure({ idSiret }: { idSiret: string }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const structure = useQuery({
    queryKey: ['psp-structure', idSiret],
    queryFn: () => callApi(passSportRoutes.pspStructure, { params: { idSiret } }),
    retry: false,
  });
  const eligible = structure.data?.eligible === true;
  const dossiers = useQuery({
    queryKey: pspDossiersKey(idSiret),
    queryFn: () => callApi(passSportRoutes.listPspDossiers, { query: { idSiret } }),
    enabled: eligible,
    retry: false,
  });
  const exercices = useQuery({
    queryKey: ['psp-exercices'],
    queryFn: () => callApi(passSportRoutes.listPspExercices),
    enabled: eligible,
    retry: false,
  });
  // Not eligible (spec §2): back to the home page, told why.
  useEffect(() => {
    if (structure.data && !structure.data.eligible) {
      toast.error(M.notEligible);
      navigate('/', { replace: true });
    }
  }, [structure.data, navigate]);

  const dossier = dossiers.data?.find((d) => !DELETED.includes(d.id_etat)) ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: pspDossiersKey(idSiret) });
  // The head office files the association's certificates (and an administrator for it).
  const filesCertificates =
    user?.roles.includes('lca.admin') === true ||
    userAssociations(user).some((l) => l.id_correspondance === structure.data?.id_correspondance && l.type === 'Siège');

  return (
    <Page
      title={TITLE}
      lead="Inscrivez les jeunes bénéficiaires du Pass'Sport avec leur code, puis suivez le remboursement de votre structure."
    >
      {structure.error && <Alert severity="error" small description={errorMessage(structure.error, M.failure.fetch)} />}
      {dossiers.error && <Alert severity="error" small description={errorMessage(dossiers.error, M.failure.fetch)} />}
      {(structure.isPending || (eligible && dossiers.isPending)) && <p>Chargement du dossier…</p>}
      {structure.data && eligible && dossiers.data && (
        <>
          {dossier ? (
            <>
              <StructurePanel structure={structure.data} dossier={dossier} exercices={exercices.data ?? []} onChanged={refresh} />
              <InscriptionsPanel dossier={dossier} idSiret={idSiret} exercices={exercices.data ?? []} onChanged={refresh} />
            </>
          ) : (
            <CreationPanel
              structure={structure.data}
              onCreated={(created: PspDossier) => {
                // Shown at once, then read again as the list answers it.
                queryClient.setQueryData(pspDossiersKey(idSiret), [created, ...(dossiers.data ?? []).filter((d) => d.id !== created.id)]);
                void refresh();
              }}
            />
          )}
          <CertificatesPanel
            structure={structure.data}
            exercices={exercices.data ?? []}
            canUpload={filesCertificates}
            onUploaded={() => queryClient.invalidateQueries({ queryKey: ['psp-structure', idSiret] })}
          />
        </>
      )}
      {exercices.error && <Alert severity="warning" small description={errorMessage(exercices.error, MESSAGES.httpEmpty)} />}
    </Page>
  );
}
