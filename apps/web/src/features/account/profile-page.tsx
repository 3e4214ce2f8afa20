// /user/profil: identity and password of the signed-in user.
import { fr } from '@codegouvfr/react-dsfr';
import { MESSAGES, ROLE_LABELS, isKnownRole } from '@portail/contract';
import { currentRole, session } from '../../lib/session/session-store.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { ChangePasswordForm } from '../auth/index.ts';
import { Page } from '../shell/index.ts';
import { IdentityForm } from './identity-form.tsx';

export function ProfilePage() {
  const { user } = useSession();
  if (!user) return <Page title="Mon compte" />;
  const role = currentRole(user);
  return (
    <Page title="Mon compte">
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
        <section className={fr.cx('fr-col-12', 'fr-col-md-6')} aria-labelledby="profil-identite">
          <h2 id="profil-identite" className={fr.cx('fr-h4')}>
            Mon identité
          </h2>
          {role && <p className={fr.cx('fr-text--sm')}>Profil : {isKnownRole(role) ? ROLE_LABELS[role] : role}</p>}
          {/* key: the form restarts from the stored values after each save */}
          <IdentityForm key={JSON.stringify([user.email, user.pendingEmail, user.nom, user.prenom, user.civilite])} user={user} />
        </section>
        <section className={fr.cx('fr-col-12', 'fr-col-md-6')} aria-labelledby="profil-mot-de-passe">
          <h2 id="profil-mot-de-passe" className={fr.cx('fr-h4')}>
            Mon mot de passe
          </h2>
          <ChangePasswordForm
            userId={user._id}
            onDone={(response) => {
              session.signIn(response);
              toast.success(MESSAGES.passwordChanged);
            }}
          />
        </section>
      </div>
    </Page>
  );
}
