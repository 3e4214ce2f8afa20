// Error page (docs/domain.md « Parcours »): "Page non trouvée" on 404, else "Une erreur s'est produite"; link home.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { MESSAGES } from '@portail/contract';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from './use-document-title.ts';

export function ErrorView({ status }: { status: number }) {
  const notFound = status === 404;
  const title = notFound ? MESSAGES.pageNotFoundTitle : MESSAGES.genericErrorTitle;
  useDocumentTitle(title);
  return (
    <main className={fr.cx('fr-container', 'fr-my-7w')} id="contenu">
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--center')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-8')}>
          <h1>{title}</h1>
          <p className={fr.cx('fr-text--sm', 'fr-mb-3w')}>{notFound ? `Erreur 404` : `Erreur ${status}`}</p>
          <p className={fr.cx('fr-text--lead', 'fr-mb-3w')}>
            {notFound
              ? MESSAGES.pageNotFoundText
              : 'Désolé, le service rencontre un problème. Veuillez réessayer plus tard ou contacter l’assistance.'}
          </p>
          <Button linkProps={{ to: '/' }}>Page d'accueil</Button>
        </div>
      </div>
    </main>
  );
}

/** Router catch-all. */
export function NotFoundPage() {
  return <ErrorView status={404} />;
}

/** Router error element. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorView status={error.status} />;
  if (error) console.error(error);
  return <ErrorView status={500} />;
}
