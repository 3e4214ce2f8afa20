// /user/dashboard: greeting, the role's figures (dashboard-figures.tsx), a member's financial reports still owed, the unread messages of the dossiers the user reads (a member's: their
// associations' dossiers; an instructing agent's: their work list, filtered on them), and the areas
// of the portal open to the user's role.
import { fr } from '@codegouvfr/react-dsfr';
import { Tile } from '@codegouvfr/react-dsfr/Tile';
import { isLcaRole, isOsirisRole, isRdsRole, ROLE_SETS, type SessionUser } from '@portail/contract';
import { userAssociations } from '../../lib/session/associations.ts';
import { currentRole, displayName } from '../../lib/session/session-store.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { MyAssociations } from '../association-join/index.ts';
import { INSTRUCTOR_PATH, instructionPath, OSIRIS_PATH, UNREAD_MESSAGES_FILTER } from '../instruction/index.ts';
import { DOSSIERS_PATH, dossierPath, MissingCrfs, UnreadDossierMessages } from '../subsidies/index.ts';
import { PASS_SPORT_ADMIN_PATH, PASS_SPORT_PATH } from '../pass-sport/index.ts';
import { Page } from '../shell/index.ts';
import { MemberFigures, WorklistFigures } from './dashboard-figures.tsx';

interface Area {
  title: string;
  desc: string;
  to: string;
}

const ASSOCIATION_AREAS: Area[] = [
  {
    title: 'Informations administratives',
    desc: 'Identité, coordonnées, représentants légaux, RIB',
    to: '/informations-administratives',
  },
  { title: 'Mes dossiers', desc: 'Demandes de subvention et comptes rendus financiers', to: '/dossiers' },
  { title: 'Documents', desc: 'Statuts, récépissés, comptes et rapports', to: '/associations/documents' },
  { title: 'Demandes de SIRET', desc: "Obtenir un numéro SIRET pour l'association", to: '/demande-siret' },
  { title: 'Agréments', desc: "Demandes d'agrément et leur suivi", to: '/demande-agrements/dossiers' },
  { title: "Pass'Sport", desc: 'Inscrire les jeunes bénéficiaires avec leur code, suivre le remboursement', to: PASS_SPORT_PATH },
];

/** The CEC declarations, only for a CEC validator of one of their associations (spec §6; the session's links say it). */
const DECLARATIONS_AREA: Area = { title: 'Déclarations', desc: "Compte d'engagement citoyen des bénévoles", to: '/declarations' };
const declarationsFor = (user: SessionUser | null): Area[] => (userAssociations(user).some((l) => l.isValideurCEC) ? [DECLARATIONS_AREA] : []);

/** Pass'Sport's administration, for the platform's administrators. */
const PASS_SPORT_ADMIN_AREA: Area = { title: "Administration Pass'Sport", desc: 'Exercices, dossiers et remboursements, fédérations', to: PASS_SPORT_ADMIN_PATH };
const passSportAdminFor = (role: string | null): Area[] => (role && (ROLE_SETS.platformAdmins as readonly string[]).includes(role) ? [PASS_SPORT_ADMIN_AREA] : []);

const COMMON_AREAS: Area[] = [
  {
    title: 'Répertoire des subventions',
    desc: 'Les dispositifs ouverts et leurs campagnes',
    to: '/repertoire-des-subventions',
  },
  { title: 'Mon compte', desc: 'Identité et mot de passe', to: '/user/profil' },
  { title: 'Assistance', desc: 'Écrire au support du compte association', to: '/assistance' },
];

function areasFor(role: string | null, user: SessionUser | null): Area[] {
  if (role && isRdsRole(role))
    return [{ title: 'Espace instructeur', desc: 'Les dossiers à instruire', to: '/instructeur' }, ...passSportAdminFor(role), ...COMMON_AREAS];
  if (role && isOsirisRole(role))
    return [{ title: 'Espace Osiris', desc: 'Le suivi des dossiers', to: '/osiris' }, ...COMMON_AREAS];
  if (role === 'lca.admin')
    return [
      { title: 'Administration', desc: 'Comptes, courriels et paramétrage', to: '/administration/lca' },
      ...passSportAdminFor(role),
      ...ASSOCIATION_AREAS,
      ...declarationsFor(user),
      ...COMMON_AREAS,
    ];
  if (role && isLcaRole(role))
    return [
      ...ASSOCIATION_AREAS,
      ...declarationsFor(user),
      { title: 'Ajouter une association', desc: 'Vous rattacher à une autre association', to: '/ajout-association' },
      ...COMMON_AREAS,
    ];
  return COMMON_AREAS;
}

/** Where a side's dossiers open from the unread messages: a member's wizard, an agent's instruction page and filtered work list. */
function UnreadMessagesFor({ role }: { role: string | null }) {
  if (role === 'lca.association')
    return <UnreadDossierMessages dossierPath={(id) => dossierPath({ id, siret: null })} list={{ to: DOSSIERS_PATH, label: 'Voir mes dossiers' }} />;
  if (role === 'rds.user' || role === 'rds.service')
    return (
      <UnreadDossierMessages
        dossierPath={instructionPath}
        list={{ to: `${INSTRUCTOR_PATH}?${UNREAD_MESSAGES_FILTER}=true`, label: 'Voir ces dossiers dans la liste de travail' }}
      />
    );
  return null;
}

/** The figures that matter to the role: a member's (or the LCA administrator's) dossiers and what waits for them, an agent's work list. */
function FiguresFor({ role }: { role: string | null }) {
  if (role && isLcaRole(role)) return <MemberFigures />;
  if (role && isRdsRole(role)) return <WorklistFigures listPath={INSTRUCTOR_PATH} />;
  if (role && isOsirisRole(role)) return <WorklistFigures listPath={OSIRIS_PATH} />;
  return null;
}

export function DashboardPage() {
  const { user } = useSession();
  const role = currentRole(user);
  return (
    <Page
      title="Tableau de bord"
      lead={user ? `Bonjour ${displayName(user)}, bienvenue sur votre compte association.` : undefined}
    >
      {role === 'lca.association' && <MyAssociations />}
      <FiguresFor role={role} />
      {role === 'lca.association' && <MissingCrfs />}
      <UnreadMessagesFor role={role} />
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
        {areasFor(role, user).map((area) => (
          <div key={area.to} className={fr.cx('fr-col-12', 'fr-col-md-6', 'fr-col-lg-4')}>
            <Tile title={area.title} desc={area.desc} linkProps={{ to: area.to }} enlargeLinkOrButton titleAs="h2" />
          </div>
        ))}
      </div>
    </Page>
  );
}
