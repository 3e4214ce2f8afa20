// Shown while the first route's checks and code load.
import { fr } from '@codegouvfr/react-dsfr';

export function LoadingPage() {
  return (
    <main className={fr.cx('fr-container', 'fr-my-7w')} aria-busy="true">
      <p>Chargement…</p>
    </main>
  );
}
