// /informations-administratives (→ the user's first association), /:idCorrespondance (the file in
// tabs), /:idCorrespondance?/etablissement-secondaire (the secondary establishments) and
// /:idCorrespondance?/etablissement-secondaire/:siret (one establishment: its coordinates, RIBs and
// representatives). Data the server does not show the user (another establishment for a
// secondary establishment's member) is simply absent.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Tabs } from '@codegouvfr/react-dsfr/Tabs';
import { formatSiren, formatSiret, MESSAGES, type AssociationIdentite, type Etablissement } from '@portail/contract';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../lib/api/index.ts';
import { userAssociations } from '../../lib/session/associations.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { Page } from '../shell/index.ts';
import { Affiliations } from './affiliations.tsx';
import { Agrements } from './agrements.tsx';
import { BankDetails } from './bank-details.tsx';
import { Budgets } from './budgets.tsx';
import { CharacteristicsForm } from './characteristics-form.tsx';
import { Comptes } from './comptes.tsx';
import { communeOf, EstablishmentForm, Establishments } from './establishments.tsx';
import { HumanResources } from './human-resources.tsx';
import { Journal } from './journal.tsx';
import { LegalRepresentatives } from './legal-representatives.tsx';
import { useEtablissements, useIdentite } from './use-administrative-data.ts';

export const ADMIN_INFO_PATH = '/informations-administratives';
const filePath = (idAsso: string) => `${ADMIN_INFO_PATH}/${idAsso}`;
const secondaryPath = (idAsso: string, siret?: string) =>
  `${filePath(idAsso)}/etablissement-secondaire${siret ? `/${siret}` : ''}`;

export const TABS = [
  { tabId: 'caracteristiques', label: 'Caractéristiques' },
  { tabId: 'etablissements', label: 'Établissements' },
  { tabId: 'coordonnees-bancaires', label: 'Coordonnées bancaires' },
  { tabId: 'representants-legaux', label: 'Représentants légaux' },
  { tabId: 'budgets', label: 'Budgets' },
  { tabId: 'comptes', label: 'Comptes' },
  { tabId: 'ressources-humaines', label: 'Ressources humaines' },
  { tabId: 'agrements', label: 'Agréments' },
  { tabId: 'affiliations', label: 'Affiliations' },
  { tabId: 'journal', label: 'Journal des modifications' },
] as const;
type TabId = (typeof TABS)[number]['tabId'];

export function AdministrativeInfoPage() {
  const { idCorrespondance, siret } = useParams();
  const { pathname } = useLocation();
  const { user } = useSession();
  const links = userAssociations(user);
  const first = links[0];

  if (!idCorrespondance) {
    if (first) {
      const rest = pathname.replace(/^.*\/informations-administratives\/?/, '');
      return (
        <Navigate
          replace
          to={rest ? `${filePath(first.id_correspondance)}/${rest}` : filePath(first.id_correspondance)}
        />
      );
    }
    return (
      <Page title="Informations administratives">
        <Alert severity="info" small description="Vous n’êtes rattaché(e) à aucune association." />
      </Page>
    );
  }
  const link = links.find((l) => l.id_correspondance === idCorrespondance);
  // A member of a secondary establishment changes only their establishment (the server says so too).
  const secondaryMember = link?.type === 'Etablissement secondaire';
  const secondaryList = !siret && /\/etablissement-secondaire\/?$/.test(pathname);
  return (
    <AssociationFile
      key={idCorrespondance}
      idAsso={idCorrespondance}
      siret={siret ?? null}
      secondaryList={secondaryList}
      readOnlyAssociation={secondaryMember}
    />
  );
}

interface AssociationFileProps {
  idAsso: string;
  siret: string | null;
  secondaryList: boolean;
  readOnlyAssociation: boolean;
}

function AssociationFile({ idAsso, siret, secondaryList, readOnlyAssociation }: AssociationFileProps) {
  const identite = useIdentite(idAsso);
  const etablissements = useEtablissements(idAsso);
  const title = siret
    ? `Établissement ${formatSiret(siret)}`
    : secondaryList
      ? 'Établissements secondaires'
      : 'Informations administratives';

  let body;
  if (identite.isPending || etablissements.isPending) body = <p>Chargement du dossier de l’association…</p>;
  else if (identite.isError || etablissements.isError)
    body = (
      <Alert
        severity="error"
        small
        role="alert"
        description={errorMessage(identite.error ?? etablissements.error, MESSAGES.httpEmpty)}
      />
    );
  else if (siret)
    body = (
      <EstablishmentView
        idAsso={idAsso}
        siret={siret}
        etablissements={etablissements.data}
        readOnlyAssociation={readOnlyAssociation}
      />
    );
  else if (secondaryList) body = <SecondaryList idAsso={idAsso} etablissements={etablissements.data} />;
  else
    body = (
      <FileTabs
        idAsso={idAsso}
        identite={identite.data}
        etablissements={etablissements.data}
        readOnlyAssociation={readOnlyAssociation}
      />
    );

  return (
    <Page title={title} lead={identite.data?.identite.nom}>
      {identite.data && <FileHeader identite={identite.data} />}
      {(siret || secondaryList) && (
        <p>
          <Link to={filePath(idAsso)} className={fr.cx('fr-link', 'fr-icon-arrow-left-line', 'fr-link--icon-left')}>
            Retour aux informations administratives
          </Link>
        </p>
      )}
      {body}
    </Page>
  );
}

function FileHeader({ identite }: { identite: AssociationIdentite }) {
  const i = identite.identite;
  const items: [string, string][] = [
    ['Nom', i.nom],
    ['Sigle', i.sigle ?? '—'],
    ['RNA', i.id_rna ?? '—'],
    ['SIREN', i.id_siren ? formatSiren(i.id_siren) : '—'],
    ['SIRET du siège', i.id_siret_siege ? formatSiret(i.id_siret_siege) : '—'],
  ];
  return (
    <dl aria-label="Identité de l’association" className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-mb-4w')}>
      {items.map(([label, value]) => (
        <div key={label} className={fr.cx('fr-col-6', 'fr-col-md-2')}>
          <dt className={fr.cx('fr-text--sm', 'fr-mb-0')}>{label}</dt>
          <dd className={fr.cx('fr-text--bold')} style={{ marginLeft: 0 }}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface FileTabsProps {
  idAsso: string;
  identite: AssociationIdentite;
  etablissements: Etablissement[];
  readOnlyAssociation: boolean;
}

function FileTabs({ idAsso, identite, etablissements, readOnlyAssociation }: FileTabsProps) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('onglet');
  const tab: TabId = TABS.some((t) => t.tabId === asked) ? (asked as TabId) : 'caracteristiques';
  const onTabChange = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('onglet', id);
        return next;
      },
      { replace: true },
    );

  const content: Record<TabId, () => ReactNode> = {
    caracteristiques: () => <CharacteristicsForm idAsso={idAsso} identite={identite} readOnly={readOnlyAssociation} />,
    etablissements: () => (
      <Establishments idAsso={idAsso} etablissements={etablissements} pathOf={(s) => secondaryPath(idAsso, s)} />
    ),
    'coordonnees-bancaires': () => <BankDetails idAsso={idAsso} etablissements={etablissements} siret={null} />,
    'representants-legaux': () => (
      <LegalRepresentatives idAsso={idAsso} siret={null} associationWideReadOnly={readOnlyAssociation} />
    ),
    budgets: () => <Budgets idAsso={idAsso} readOnly={readOnlyAssociation} />,
    comptes: () => <Comptes idAsso={idAsso} readOnly={readOnlyAssociation} />,
    'ressources-humaines': () => <HumanResources idAsso={idAsso} etablissements={etablissements} />,
    agrements: () => <Agrements idAsso={idAsso} readOnly={readOnlyAssociation} />,
    affiliations: () => <Affiliations idAsso={idAsso} readOnly={readOnlyAssociation} />,
    journal: () => <Journal idAsso={idAsso} />,
  };

  return (
    <Tabs label="Dossier administratif" tabs={[...TABS]} selectedTabId={tab} onTabChange={onTabChange}>
      {content[tab]()}
    </Tabs>
  );
}

function SecondaryList({ idAsso, etablissements }: { idAsso: string; etablissements: Etablissement[] }) {
  const secondary = etablissements.filter((e) => !e.est_siege);
  if (secondary.length === 0) return <p>L’association n’a pas d’établissement secondaire.</p>;
  return (
    <ul>
      {secondary.map((e) => (
        <li key={e.siret}>
          <Link to={secondaryPath(idAsso, e.siret)}>
            SIRET {formatSiret(e.siret)}
            {e.enseigne && ` – ${e.enseigne}`}
            {!e.actif && ' (inactif)'}
          </Link>
        </li>
      ))}
    </ul>
  );
}

interface EstablishmentViewProps {
  idAsso: string;
  siret: string;
  etablissements: Etablissement[];
  readOnlyAssociation: boolean;
}

function EstablishmentView({ idAsso, siret, etablissements, readOnlyAssociation }: EstablishmentViewProps) {
  const etablissement = etablissements.find((e) => e.siret === siret);
  if (!etablissement)
    return (
      <Alert severity="warning" small description="Cet établissement n’existe pas ou ne vous est pas accessible." />
    );
  return (
    <>
      <section aria-label="Établissement" className={fr.cx('fr-mb-4w')}>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' }}>
          SIRET {formatSiret(etablissement.siret)}{' '}
          {etablissement.est_siege ? (
            <Badge small severity="info">
              Siège
            </Badge>
          ) : (
            <Badge small severity="new">
              Établissement secondaire
            </Badge>
          )}{' '}
          {etablissement.actif ? 'Actif' : 'Inactif'} · {communeOf(etablissement)}
          {etablissement.enseigne && ` · ${etablissement.enseigne}`}
        </div>
        <EstablishmentForm idAsso={idAsso} etablissement={etablissement} />
      </section>
      <BankDetails idAsso={idAsso} etablissements={[etablissement]} siret={siret} />
      <div className={fr.cx('fr-mt-6w')}>
        <LegalRepresentatives idAsso={idAsso} siret={siret} associationWideReadOnly={readOnlyAssociation} />
      </div>
    </>
  );
}
