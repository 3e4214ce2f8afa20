// /dossiers/:idDossier and /instructeur/dossiers/:idDossier: a subsidy dossier as its instructing
// services (and whoever else may read it) read it, the second with the instructor's actions on
// their instruction and its history, and the dossier's financial reports to receive or send back; everything it holds on screen, not only in the PDF: the applicant and the request, each
// service's instruction, the answers to the questions and the scheme's expected fields, the
// association's budget per year, every part of every project (accordions), the attached documents
// (opened through the document download route), the PDF and the messages with the association.
// Only dossier-scoped calls for the dossier itself: the server decides who sees it (404 otherwise).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import {
  computeSubsidyBudgetTotals,
  formatSiret,
  questionRoutes,
  SUBSIDY_MESSAGES,
  type Dossier,
  type DossierView,
  type Question,
  type Subvention,
} from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { Page } from '../shell/index.ts';
import {
  BudgetTable,
  customValue,
  DossierMessages,
  DossierPdfButton,
  DOSSIERS_PATH,
  formatEuros,
  shownDossierFields,
  stateLabel,
  stateSeverity,
  useDossier,
  useDossierSide,
} from '../subsidies/index.ts';
import { formatAnswer, NO_ANSWER } from './answers.ts';
import { CrfPanel } from './crf-panel.tsx';
import { DocumentLink } from './document-link.tsx';
import { InstructionActions } from './instruction-actions.tsx';
import { InstructionHistory } from './instruction-history.tsx';
import { instructionPath } from './paths.ts';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { ProjectDetails } from './project-details.tsx';

const yesNo = (value: boolean | null) => (value === null ? NO_ANSWER : value ? 'Oui' : 'Non');
const noop = () => undefined;

/** /dossiers/:idDossier: the dossier read (an instructor finds there the way to its instruction page). */
export function DossierReadingPage() {
  return <DossierPage instructing={false} />;
}

/** /instructeur/dossiers/:idDossier: the dossier and the instructor's actions on their instruction. */
export function InstructionDossierPage() {
  return <DossierPage instructing />;
}

function DossierPage({ instructing }: { instructing: boolean }) {
  const { user } = useSession();
  const { idDossier } = useParams();
  const id = idDossier!;
  const asService = useDossierSide() === 'service';
  const { view, projets, subvention } = useDossier(id);
  // Every question, the inactive ones too: an answer given before a question was withdrawn is still shown.
  const questions = useQuery({ queryKey: ['questions', 'all'], queryFn: () => callApi(questionRoutes.listQuestions, { query: {} }), staleTime: 5 * 60_000, retry: false });

  const title = view.data ? `Dossier de demande de subvention n° ${view.data.identifiant.id_fo}` : 'Dossier de demande de subvention';
  const error = view.error ?? projets.error ?? subvention.error ?? questions.error;
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
  if (!view.data || !projets.data || !subvention.data || !questions.data) {
    return (
      <Page title={title}>
        <p>Chargement du dossier…</p>
      </Page>
    );
  }
  const dossier: Dossier = { ...view.data, projets: projets.data };
  const serviceName = (serviceId: string) => view.data.instructeurs.find((s) => s.service.id === serviceId)?.service.nom ?? 'Service instructeur';
  return (
    <Page title={title} lead={subvention.data.label}>
      {!instructing && asService && (
        <p>
          <Link className={fr.cx('fr-btn', 'fr-btn--secondary')} to={instructionPath(id)}>
            Instruire ce dossier
          </Link>
        </p>
      )}
      <DossierSummary dossier={view.data} subvention={subvention.data} serviceName={serviceName} />
      {instructing && <InstructionActions view={view.data} projets={projets.data} serviceId={user?.rds?._id ?? null} serviceName={serviceName} />}
      {instructing && <InstructionHistory dossierId={id} />}
      {instructing && <CrfPanel view={view.data} serviceName={serviceName} />}
      <DossierAnswers dossier={dossier} subvention={subvention.data} questions={questions.data} />
      <DossierBudgets dossier={dossier} />
      <DossierProjects dossier={dossier} subvention={subvention.data} serviceName={serviceName} />
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

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={fr.cx('fr-mt-4w')}>
      <h2 id={id} className={fr.cx('fr-h4')}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function DossierSummary({ dossier, subvention, serviceName }: { dossier: DossierView; subvention: Subvention; serviceName: (id: string) => string }) {
  const d = dossier.description;
  const sous = subvention.sous_dispositifs.find((s) => s.id === d.id_sous_type_dispositif)?.label;
  const referent = new Set(dossier.instructeurs.filter((i) => i.isReferent).map((i) => i.service.id));
  return (
    <>
      <Section id="dossier-demandeur" title="Demandeur et demande">
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
          <dt>Statut</dt>
          <dd>{d.statut === 'complet' ? 'Complet' : 'Incomplet'}</dd>
          <dt>Créé par</dt>
          <dd>{dossier.createdBy.type === 'service' ? 'Un service instructeur' : "L'association"}</dd>
          <dt>Renouvellement</dt>
          <dd>{yesNo(d.renouvellement)}</dd>
          <dt>Demande pluriannuelle</dt>
          <dd>{yesNo(d.pluriannuel)}</dd>
          <dt>Attestation sur l’honneur</dt>
          <dd>{dossier.attestation?.certifie ? 'Signée' : 'Non signée'}</dd>
        </dl>
      </Section>
      <Section id="dossier-instruction" title="Instruction">
        <ul>
          {dossier.instructions.map((i) => (
            <li key={i.id_service_instructeur}>
              {serviceName(i.id_service_instructeur)}
              {referent.has(i.id_service_instructeur) ? ' (référent)' : ''} :{' '}
              <Badge severity={stateSeverity(i.etat)} small noIcon>
                {stateLabel(i.etat)}
              </Badge>
              {i.montant_accorde != null && <> – montant accordé : {formatEuros(i.montant_accorde)}</>}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

/** The answers to the questions every dossier answers and to the scheme's dossier fields. */
function DossierAnswers({ dossier, subvention, questions }: { dossier: Dossier; subvention: Subvention; questions: readonly Question[] }) {
  const customs = dossier.description.customs;
  const asked = [...questions].sort((a, b) => a.rang - b.rang).filter((q) => q.enabled || customValue(customs, q.code) !== undefined);
  const fields = shownDossierFields(subvention, dossier);
  return (
    <Section id="dossier-reponses" title="Réponses du dossier">
      {asked.length > 0 && <DataTable rowHeaders bordered multiline caption="Réponses aux questions" headers={['Question', 'Réponse']} data={asked.map((q) => [q.label, formatAnswer(q, customValue(customs, q.code))])} />}
      {fields.length > 0 && (
        <DataTable rowHeaders bordered multiline caption="Réponses aux champs attendus par le dispositif" headers={['Champ', 'Réponse']} data={fields.map((f) => [f.label, formatAnswer(f, customValue(customs, f.code))])} />
      )}
      {asked.length === 0 && fields.length === 0 && <p>Ce dossier n'a ni question ni champ attendu.</p>}
    </Section>
  );
}

/** The association's budget per year (the dossier's own budget lines), beside the projects' ones. */
function DossierBudgets({ dossier }: { dossier: Dossier }) {
  const budgets = [...dossier.description.budget].sort((a, b) => a.annee - b.annee);
  return (
    <Section id="dossier-budgets" title="Budget prévisionnel de l'association">
      {budgets.length === 0 ? (
        <p>Aucun budget de l'association n'est joint au dossier : les budgets des projets sont donnés avec chaque projet.</p>
      ) : (
        budgets.map((b) => <BudgetTable key={b.annee} annee={b.annee} budget={b} readOnly onChange={noop} idPrefix={`lecture-dossier-budget-${b.annee}`} of="de l'association" />)
      )}
    </Section>
  );
}

function DossierProjects({ dossier, subvention, serviceName }: { dossier: Dossier; subvention: Subvention; serviceName: (id: string) => string }) {
  const projets = [...dossier.projets].sort((a, b) => a.description.rang_dossier - b.description.rang_dossier);
  return (
    <Section id="dossier-projets" title="Projets">
      {projets.length === 0 ? (
        <p>Aucun projet.</p>
      ) : (
        <>
          <DataTable
            rowHeaders
            bordered
            caption="Projets du dossier et montants demandés"
            headers={['Projet', 'Période', 'Montants demandés', 'Budget (charges)']}
            data={projets.map((p) => [
              `${p.description.rang_dossier}. ${p.description.intitule ?? 'Sans intitulé'}`,
              `${p.description.periode} (${p.description.exercice}${p.description.exercice_fin !== p.description.exercice ? `–${p.description.exercice_fin}` : ''})`,
              <ul key="f" className={fr.cx('fr-raw-list')}>
                {p.financements.map((f) => (
                  <li key={`${f.annee}-${f.id_service_instructeur}`}>
                    {f.annee}, {serviceName(f.id_service_instructeur)} : {formatEuros(f.montant_demande ?? 0)}
                  </li>
                ))}
              </ul>,
              formatEuros(p.budgets.reduce((t, b) => t + computeSubsidyBudgetTotals(b).total_charges, 0)),
            ])}
          />
          <div className={fr.cx('fr-accordions-group')}>
            {projets.map((p) => (
              <ProjectDetails key={p.id} projet={p} dossier={dossier} subvention={subvention} serviceName={serviceName} />
            ))}
          </div>
        </>
      )}
    </Section>
  );
}

function DossierDocuments({ dossier, subvention }: { dossier: DossierView; subvention: Subvention }) {
  const label = (code: string) => subvention.documents_attendus.find((d) => d.code === code)?.label ?? code;
  return (
    <Section id="dossier-documents" title="Documents joints">
      {dossier.documents.length === 0 ? (
        <p>Aucun document joint.</p>
      ) : (
        <DataTable
          rowHeaders
          bordered
          caption="Documents joints au dossier"
          headers={['Document attendu', 'Fichier']}
          data={dossier.documents.map((d) => [label(d.code), <DocumentLink key="l" dossierId={dossier.id} uuid={d.uuid} name={d.nom ?? d.uuid} />])}
        />
      )}
    </Section>
  );
}
