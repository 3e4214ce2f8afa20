// The dashboard's figures per role: a member (or an LCA administrator) reads their dossiers per state
// as bars and the counts waiting for them (reports owed, CEC declarations to validate, Pass'Sport
// inscriptions), each leading where it is dealt with; an agent reads their work list's states, each
// leading to the list narrowed to it.
import { fr } from '@codegouvfr/react-dsfr';
import { Tile } from '@codegouvfr/react-dsfr/Tile';
import { dashboardRoutes, DOSSIER_STATES, worklistRoutes, type WorklistCounts } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { CountBars } from '../../lib/ui/count-bars.tsx';
import { DOSSIERS_PATH } from '../subsidies/index.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** In the order of a dossier's life (A, C, D, 2…), each leading to the list narrowed to its state. */
const stateRows = (counts: WorklistCounts, listPath: string) =>
  [...counts.par_etat].sort((a, b) => DOSSIER_STATES.indexOf(a.etat) - DOSSIER_STATES.indexOf(b.etat)).map((c) => ({ key: c.etat, label: c.label, count: c.count, to: `${listPath}?etats=${encodeURIComponent(c.etat)}` }));

interface KeyFigure {
  title: string;
  desc: string;
  to: string;
}

export function MemberFigures() {
  const summary = useQuery({ queryKey: ['dashboard-summary'], queryFn: () => callApi(dashboardRoutes.dashboardSummary), retry: false });
  if (summary.error) return <p role="alert">{errorMessage(summary.error, 'Les chiffres du tableau de bord sont indisponibles pour le moment.')}</p>;
  if (!summary.data) return <p aria-live="polite">Chargement des chiffres…</p>;
  const s = summary.data;
  const figures: KeyFigure[] = [];
  if (s.crf_manquants > 0)
    figures.push({ title: plural(s.crf_manquants, 'compte rendu financier à transmettre', 'comptes rendus financiers à transmettre'), desc: 'Pour les subventions accordées dont l’exercice est terminé', to: '#crf-manquants' });
  if (s.declarations_a_valider !== null)
    figures.push({ title: plural(s.declarations_a_valider, 'déclaration CEC à valider', 'déclarations CEC à valider'), desc: 'Heures de bénévolat de la session en cours', to: '/declarations' });
  if (s.pass_sport && s.pass_sport.dossiers > 0)
    figures.push({ title: plural(s.pass_sport.inscriptions, 'inscription Pass’Sport', 'inscriptions Pass’Sport'), desc: `Exercice ${s.pass_sport.exercice}`, to: '/associations/pass-sport' });
  return (
    <section aria-labelledby="dashboard-figures" className={fr.cx('fr-mb-4w')}>
      <h2 id="dashboard-figures" className={fr.cx('fr-h4')}>
        En chiffres
      </h2>
      {figures.length > 0 && (
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-mb-2w')}>
          {figures.map((f) => (
            <div key={f.to} className={fr.cx('fr-col-12', 'fr-col-md-4')}>
              <Tile title={f.title} desc={f.desc} linkProps={f.to.startsWith('#') ? { href: f.to } : { to: f.to }} enlargeLinkOrButton titleAs="h3" small />
            </div>
          ))}
        </div>
      )}
      <CountBars
        title={`Dossiers de subvention par état de l’instruction (${s.dossiers.total})`}
        rows={stateRows(s.dossiers, DOSSIERS_PATH)}
        empty="Aucun dossier de subvention pour le moment."
      />
    </section>
  );
}

/** An agent's work list per state (their service and those below it; Osiris: every transmitted dossier). */
export function WorklistFigures({ listPath }: { listPath: string }) {
  const counts = useQuery({ queryKey: ['worklist-counts', 'dashboard'], queryFn: () => callApi(worklistRoutes.countWorklist, { query: {} }), retry: false });
  if (counts.error) return <p role="alert">{errorMessage(counts.error, 'Les chiffres de la liste de travail sont indisponibles pour le moment.')}</p>;
  if (!counts.data) return <p aria-live="polite">Chargement des chiffres…</p>;
  return (
    <section aria-labelledby="dashboard-figures" className={fr.cx('fr-mb-4w')}>
      <h2 id="dashboard-figures" className={fr.cx('fr-h4')}>
        En chiffres
      </h2>
      <CountBars title={`Dossiers de la liste de travail par état (${counts.data.total})`} rows={stateRows(counts.data, listPath)} empty="Aucun dossier dans la liste de travail." />
    </section>
  );
}
