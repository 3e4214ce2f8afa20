// /administration/psp (docs/domain.md « Pass'Sport »): the platform's administrators open and close
// the exercises, follow every structure's dossiers and move them through processing and refund
// (2 → 3 → 4: the events the server says the caller may fire, rds.admin's), keep the referential of
// approved federations, and read the affiliation certificates the associations uploaded.
import { fr } from '@codegouvfr/react-dsfr';
import { Page } from '../../shell/index.ts';
import { AffiliationsSection } from './affiliations-section.tsx';
import { DossiersSection } from './dossiers-section.tsx';
import { ExercisesSection } from './exercises-section.tsx';
import { FederationsSection } from './federations-section.tsx';

const SECTIONS = [
  { id: 'psp-exercices', title: 'Exercices' },
  { id: 'psp-dossiers', title: 'Dossiers et remboursements' },
  { id: 'psp-federations', title: 'Fédérations agréées' },
  { id: 'psp-attestations', title: "Attestations d'affiliation" },
];

export function PassSportAdminPage() {
  return (
    <Page title="Administration Pass'Sport" lead="Les exercices, les dossiers des structures et leur remboursement, les fédérations et les attestations d'affiliation.">
      <nav aria-label="Sommaire de la page" className={fr.cx('fr-mb-4w')}>
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <ExercisesSection id="psp-exercices" />
      <DossiersSection id="psp-dossiers" />
      <FederationsSection id="psp-federations" />
      <AffiliationsSection id="psp-attestations" />
    </Page>
  );
}
