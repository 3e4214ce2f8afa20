// /dossiers/:idDossier: a subsidy dossier read by whoever may read it, first of all the instructing
// services it was transmitted to (who do not read the association's file itself): the applicant,
// the request, each service's instruction state, the projects with their amounts and budgets, the
// attached documents, the PDF and the messages with the association. Only dossier-scoped calls:
// the server decides who sees the dossier (404 otherwise).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import {
  computeSubsidyBudgetTotals,
  dossierRoutes,
  formatSiret,
  rdsSchemeRoutes,
  SUBSIDY_MESSAGES,
  type Dossier,
  type DossierView,
  type Subvention,
} from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { Page } from '../shell/index.ts';
import { loadProjects } from './dossier-api.ts';
import { DossierMessages } from './dossier-messages.tsx';
import { DossierPdfButton } from './dossier-pdf-button.tsx';
import { useDossierSide } from './dossier-side.ts';
import { stateLabel, stateSeverity } from './dossier-states.ts';
import { formatEuros } from './format.ts';
import { DOSSIERS_PATH } from './paths.ts';

const yesNo = (value: boolean | null) => (value === null ? 'Non renseigné' : value ? 'Oui' : 'Non');

export function DossierReadingPage() {
  const { idDossier } = useParams();
  const id = idDossier!;
  const asService = useDossierSide() === 'service';
  const view = useQuery({ queryKey: ['dossier', id], queryFn: () => callApi(dossierRoutes.getDossier, { params: { id }, query: {} }), retry: false });
  const projets = useQuery({ queryKey: ['dossier', id, 'projets'], queryFn: () => loadProjects(id), retry: false });
  const code = view.data?.description.code_subvention;
  const subvention = useQuery({
    queryKey: ['subvention', code, 'lecture'],
    queryFn: () => callApi(rdsSchemeRoutes.getSubvention, { params: { code: code! }, query: { populate: 'sous_dispositifs,documents_attendus' } }),
    enabled: code !== undefined,
    retry: false,
  });

  const title = view.data ? `Dossier de demande de subvention n° ${view.data.identifiant.id_fo}` : 'Dossier de demande de subvention';
  const error = view.error ?? projets.error ?? subvention.error;
  if (error) {
    return (
      <Page title={title}>
        <Alert severity="error" small role="alert" description={errorMessage(error, SUBSIDY_MESSAGES.dossierNotFound)} />
        <p className={fr.cx('fr-mt-2w')}>
          <Link to={DOSSIERS_PATH}>Retour aux dossiers</Link>
        </p>
      </Page>
    );
  }
  if (!view.data || !projets.data || !subvention.data) {
    return (
      <Page title={title}>
        <p>Chargement du dossier…</p>
      </Page>
    );
  }
  return (
    <Page title={title} lead={subvention.data.label}>
      <DossierSummary dossier={view.data} subvention={subvention.data} />
      <DossierProjects projets={projets.data} services={view.data.instructeurs} />
      <DossierDocuments dossier={view.data} subvention={subvention.data} />
      <section aria-labelledby="dossier-outils" className={fr.cx('fr-mt-6w')}>
        <h2 id="dossier-outils" className={fr.cx('fr-h4')}>
          Le dossier complet
        </h2>
        <DossierPdfButton dossier={view.data} />
        <DossierMessages dossier={view.data} asService={asService} />
      </section>
    </Page>
  );
}

function DossierSummary({ dossier, subvention }: { dossier: DossierView; subvention: Subvention }) {
  const d = dossier.description;
  const sous = subvention.sous_dispositifs.find((s) => s.id === d.id_sous_type_dispositif)?.label;
  const state = new Map(dossier.instructions.map((i) => [i.id_service_instructeur, i.etat]));
  return (
    <>
      <section aria-labelledby="dossier-demandeur">
        <h2 id="dossier-demandeur" className={fr.cx('fr-h4')}>
          Demandeur et demande
        </h2>
        <dl>
          <dt>Association</dt>
          <dd>{dossier.demandeur.nom ?? '—'}</dd>
          <dt>Établissement demandeur</dt>
          <dd>
            {dossier.demandeur.id_siret ? formatSiret(dossier.demandeur.id_siret) : '—'}
            {dossier.demandeur.enseigne ? ` – ${dossier.demandeur.enseigne}` : ''}
          </dd>
          <dt>Dispositif</dt>
          <dd>
            {subvention.dispositif.label}
            {sous ? ` – ${sous}` : ''}
          </dd>
          <dt>Exercice</dt>
          <dd>{d.exercice_fin && d.exercice_fin !== d.exercice ? `${d.exercice} à ${d.exercice_fin}` : d.exercice}</dd>
          <dt>Renouvellement</dt>
          <dd>{yesNo(d.renouvellement)}</dd>
          <dt>Demande pluriannuelle</dt>
          <dd>{yesNo(d.pluriannuel)}</dd>
          <dt>Attestation sur l’honneur</dt>
          <dd>{dossier.attestation?.certifie ? 'Signée' : 'Non signée'}</dd>
        </dl>
      </section>
      <section aria-labelledby="dossier-instruction" className={fr.cx('fr-mt-4w')}>
        <h2 id="dossier-instruction" className={fr.cx('fr-h4')}>
          Instruction
        </h2>
        <ul>
          {dossier.instructeurs.map((i) => {
            const etat = state.get(i.service.id);
            return (
              <li key={i.service.id}>
                {i.service.nom}
                {i.isReferent ? ' (référent)' : ''} :{' '}
                {etat && (
                  <Badge severity={stateSeverity(etat)} small noIcon>
                    {stateLabel(etat)}
                  </Badge>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

function DossierProjects({ projets, services }: { projets: Dossier['projets']; services: DossierView['instructeurs'] }) {
  const serviceName = (serviceId: string) => services.find((s) => s.service.id === serviceId)?.service.nom ?? 'Service instructeur';
  return (
    <section aria-labelledby="dossier-projets" className={fr.cx('fr-mt-4w')}>
      <h2 id="dossier-projets" className={fr.cx('fr-h4')}>
        Projets
      </h2>
      {projets.length === 0 ? (
        <p>Aucun projet.</p>
      ) : (
        <div className={fr.cx('fr-table', 'fr-table--no-caption')}>
          <table>
            <caption>Projets du dossier et montants demandés</caption>
            <thead>
              <tr>
                <th scope="col">N°</th>
                <th scope="col">Intitulé</th>
                <th scope="col">Période</th>
                <th scope="col">Montants demandés</th>
                <th scope="col">Budget (charges)</th>
              </tr>
            </thead>
            <tbody>
              {[...projets]
                .sort((a, b) => a.description.rang_dossier - b.description.rang_dossier)
                .map((p) => (
                  <tr key={p.id}>
                    <td>{p.description.rang_dossier}</td>
                    <td>
                      {p.description.intitule}
                      {p.description.objectifs && <p className={fr.cx('fr-text--sm', 'fr-mb-0')}>{p.description.objectifs}</p>}
                    </td>
                    <td>
                      {p.description.periode} ({p.description.exercice}
                      {p.description.exercice_fin !== p.description.exercice ? `–${p.description.exercice_fin}` : ''})
                    </td>
                    <td>
                      <ul className={fr.cx('fr-raw-list')}>
                        {p.financements.map((f) => (
                          <li key={`${f.annee}-${f.id_service_instructeur}`}>
                            {f.annee}, {serviceName(f.id_service_instructeur)} : {formatEuros(f.montant_demande ?? 0)}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td>{formatEuros(p.budgets.reduce((t, b) => t + computeSubsidyBudgetTotals(b).total_charges, 0))}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function DossierDocuments({ dossier, subvention }: { dossier: DossierView; subvention: Subvention }) {
  const label = (code: string) => subvention.documents_attendus.find((d) => d.code === code)?.label ?? code;
  return (
    <section aria-labelledby="dossier-documents" className={fr.cx('fr-mt-4w')}>
      <h2 id="dossier-documents" className={fr.cx('fr-h4')}>
        Documents joints
      </h2>
      {dossier.documents.length === 0 ? (
        <p>Aucun document joint.</p>
      ) : (
        <ul>
          {dossier.documents.map((d) => (
            <li key={`${d.code}-${d.uuid}`}>
              {label(d.code)} : {d.nom ?? d.uuid}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
