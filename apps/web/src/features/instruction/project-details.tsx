// Every part of a dossier's projects on the service's dossier page, one DSFR accordion per project
// (h3, its parts as h4): description, territories, publics, means, evaluation indicators,
// co-funders, financing lines per year and service (asked, proposed, granted), budgets per year
// and the answers to the scheme's project fields.
import { fr } from '@codegouvfr/react-dsfr';
import { Accordion } from '@codegouvfr/react-dsfr/Accordion';
import type { Dossier, Subvention } from '@portail/contract';
import type { ReactNode } from 'react';
import { BudgetTable, customValue, formatDay, formatEuros, shownProjectFields } from '../subsidies/index.ts';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { formatAnswer, NO_ANSWER } from './answers.ts';

type Projet = Dossier['projets'][number];

const text = (value: string | null | undefined) => (value && value.trim() ? value : NO_ANSWER);
const amount = (value: number | null | undefined) => (value == null ? '—' : formatEuros(value));
const noop = () => undefined;

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h4 className={fr.cx('fr-h6', 'fr-mt-3w', 'fr-mb-1w')}>{title}</h4>
      {children}
    </>
  );
}

interface ProjectDetailsProps {
  projet: Projet;
  /** The dossier with its full projects, as the expected fields' conditions read it. */
  dossier: Parameters<typeof shownProjectFields>[1];
  subvention: Subvention;
  serviceName: (id: string) => string;
}

export function ProjectDetails({ projet, dossier, subvention, serviceName }: ProjectDetailsProps) {
  const d = projet.description;
  const n = d.rang_dossier;
  const title = `Projet ${n} : ${d.intitule ?? 'sans intitulé'}`;
  const territoires = (projet.territoires.territoires ?? []) as { libelle?: string }[];
  const cofinancements = projet.cofinancements as { financeur?: string; montant?: number | null }[];
  const fields = shownProjectFields(subvention, dossier, projet);
  return (
    <Accordion label={title} titleAs="h3">
      <Part title="Description">
        <dl>
          <dt>Période</dt>
          <dd>
            {d.periode} ({d.exercice}
            {d.exercice_fin !== d.exercice ? `–${d.exercice_fin}` : ''}), du {formatDay(d.date_debut)} au {formatDay(d.date_fin)}
          </dd>
          <dt>Récurrence</dt>
          <dd>{text(d.recurrence)}</dd>
          <dt>Objectifs</dt>
          <dd>{text(d.objectifs)}</dd>
          <dt>Description</dt>
          <dd>{text(d.description)}</dd>
        </dl>
      </Part>
      <Part title="Territoires">
        {territoires.length === 0 ? <p>Aucun territoire.</p> : <ul>{territoires.map((t, i) => <li key={i}>{t.libelle ?? NO_ANSWER}</li>)}</ul>}
        {projet.territoires.commentaire && <p>{projet.territoires.commentaire}</p>}
      </Part>
      <Part title="Publics bénéficiaires">
        {projet.beneficiaire.length === 0 ? (
          <p>Aucun public.</p>
        ) : (
          <DataTable
            rowHeaders
            bordered
            caption={`Publics bénéficiaires du projet ${n}`}
            headers={['Statut', "Tranche d'âge", 'Genre', 'Nombre']}
            data={projet.beneficiaire.map((b) => [text(b.lib_statut), text(b.lib_tranche_age), text(b.lib_genre), b.nombre ?? '—'])}
          />
        )}
      </Part>
      <Part title="Moyens">
        <dl>
          <dt>Recrutement spécifique</dt>
          <dd>{projet.moyens.recrutement_specifique == null ? NO_ANSWER : projet.moyens.recrutement_specifique ? `Oui (${projet.moyens.recrutement_nb_etpt ?? 0} ETPT)` : 'Non'}</dd>
          <dt>Moyens mis en œuvre</dt>
          <dd>{text(projet.moyens.commentaire)}</dd>
        </dl>
      </Part>
      <Part title="Évaluation">
        {projet.evaluation.indicateurs.length === 0 ? (
          <p>Aucun indicateur.</p>
        ) : (
          <DataTable
            rowHeaders
            bordered
            multiline
            caption={`Indicateurs d'évaluation du projet ${n}`}
            headers={['Indicateur', 'Prévu (minimum)', 'Prévu (maximum)']}
            data={[...projet.evaluation.indicateurs].sort((a, b) => a.rang - b.rang).map((i) => [text(i.intitule), i.prevu_min ?? '—', i.prevu_max ?? '—'])}
          />
        )}
        {projet.evaluation.commentaire && <p>{projet.evaluation.commentaire}</p>}
      </Part>
      <Part title="Cofinancements">
        {cofinancements.length === 0 ? (
          <p>Aucun cofinanceur.</p>
        ) : (
          <DataTable rowHeaders bordered multiline caption={`Cofinancements sollicités pour le projet ${n}`} headers={['Financeur', 'Montant sollicité']} data={cofinancements.map((c) => [c.financeur ?? NO_ANSWER, amount(c.montant)])} />
        )}
      </Part>
      <Part title="Financements demandés">
        <DataTable
          rowHeaders
          bordered
          caption={`Financements du projet ${n} par année et par service`}
          headers={['Année et service', 'Montant demandé', 'Montant proposé', 'Montant accordé']}
          data={projet.financements.map((f) => [`${f.annee}, ${serviceName(f.id_service_instructeur)}`, amount(f.montant_demande), amount(f.montant_propose), amount(f.montant_accorde)])}
        />
      </Part>
      <Part title="Budgets prévisionnels">
        {projet.budgets.length === 0 ? (
          <p>Aucun budget.</p>
        ) : (
          [...projet.budgets].sort((a, b) => a.annee - b.annee).map((b) => <BudgetTable key={b.annee} annee={b.annee} budget={b} readOnly onChange={noop} idPrefix={`lecture-projet-${n}-budget-${b.annee}`} of={`du projet ${n}`} />)
        )}
      </Part>
      {fields.length > 0 && (
        <Part title="Réponses aux champs du projet">
          <DataTable rowHeaders bordered multiline caption={`Réponses aux champs attendus du projet ${n}`} headers={['Champ', 'Réponse']} data={fields.map((f) => [f.label, formatAnswer(f, customValue(projet.customs, f.code))])} />
        </Part>
      )}
    </Accordion>
  );
}
