// / and /home: what the portal offers to associations and to instructing services.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Card } from '@codegouvfr/react-dsfr/Card';
import { Link } from 'react-router-dom';
import { defaultLanding } from '../../lib/session/landing.ts';
import { isSignedIn } from '../../lib/session/session-store.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useDocumentTitle } from '../shell/index.ts';

const FOR_ASSOCIATIONS = [
  {
    title: 'Votre dossier administratif',
    desc: 'Tenez à jour l’identité, les établissements, les représentants légaux, les RIB, les budgets et les documents de votre association.',
  },
  {
    title: 'Vos demandes de subvention',
    desc: 'Déposez vos demandes (Cerfa 12156), suivez leur instruction et transmettez vos comptes rendus financiers.',
  },
  {
    title: 'Agréments, SIRET et Pass’Sport',
    desc: 'Demandez un agrément ou un numéro SIRET, inscrivez les bénéficiaires du Pass’Sport et suivez vos remboursements.',
  },
];

const FOR_SERVICES = [
  {
    title: 'Instruire les dossiers',
    desc: 'Les services instructeurs reçoivent les demandes, les instruisent et notifient leurs décisions.',
  },
  {
    title: 'Paramétrer les dispositifs',
    desc: 'Les administrateurs gèrent les dispositifs, les campagnes, les questions et les pièces attendues.',
  },
];

export function HomePage() {
  useDocumentTitle('Accueil');
  const state = useSession();
  const signedIn = isSignedIn(state);
  return (
    <main id="contenu">
      <div className="lca-hero">
        <div className={fr.cx('fr-container', 'fr-py-6w')}>
          <h1>Le compte association</h1>
          <p className={fr.cx('fr-text--lead')}>
            Un seul espace pour gérer votre association et vos démarches auprès de l'État, et pour les services qui les
            instruisent.
          </p>
          <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md')}>
            {signedIn ? (
              <li>
                <Button linkProps={{ to: defaultLanding(state.user) }} className="lca-hero__primary">
                  Accéder à mon espace
                </Button>
              </li>
            ) : (
              <>
                <li>
                  <Button linkProps={{ to: '/login' }} className="lca-hero__primary">
                    Se connecter
                  </Button>
                </li>
                <li>
                  <Button priority="secondary" linkProps={{ to: '/register' }} className="lca-hero__secondary">
                    Créer un compte
                  </Button>
                </li>
              </>
            )}
          </ul>
        </div>
      </div>
      <div className={fr.cx('fr-container', 'fr-my-6w')}>
        <h2>Pour les associations</h2>
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-mb-4w')}>
          {FOR_ASSOCIATIONS.map((item) => (
            <div key={item.title} className={fr.cx('fr-col-12', 'fr-col-md-4')}>
              <Card title={item.title} desc={item.desc} titleAs="h3" />
            </div>
          ))}
        </div>
        <h2>Pour les services instructeurs</h2>
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
          {FOR_SERVICES.map((item) => (
            <div key={item.title} className={fr.cx('fr-col-12', 'fr-col-md-6')}>
              <Card title={item.title} desc={item.desc} titleAs="h3" />
            </div>
          ))}
        </div>
        <p className={fr.cx('fr-mt-4w')}>
          Une question ? Consultez la <Link to="/faq">foire aux questions</Link> ou écrivez à{' '}
          <Link to="/assistance">l'assistance</Link>.
        </p>
      </div>
    </main>
  );
}
