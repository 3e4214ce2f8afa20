// DSFR header: brand, service title and the account quick-access items.
import { fr } from '@codegouvfr/react-dsfr';
import { Header } from '@codegouvfr/react-dsfr/Header';
import { MESSAGES } from '@portail/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../../lib/api/index.ts';
import { logout } from '../../lib/session/logout.ts';
import { displayName, isSignedIn, session } from '../../lib/session/session-store.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { SERVICE_TITLE } from './app-version.ts';

export function SiteHeader() {
  const state = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signOut = async () => {
    await logout(session, callApi);
    queryClient.clear();
    toast.info(MESSAGES.loggedOut);
    navigate('/login');
  };

  const quickAccessItems =
    isSignedIn(state) && state.user
      ? [
          <span key="name" className={`${fr.cx('fr-btn', 'fr-icon-user-line', 'fr-btn--icon-left')} lca-header-user`}>
            {displayName(state.user)}
          </span>,
          { iconId: 'fr-icon-account-circle-line' as const, text: 'Mon compte', linkProps: { to: '/user/profil' } },
          {
            iconId: 'fr-icon-logout-box-r-line' as const,
            text: 'Se déconnecter',
            buttonProps: { type: 'button' as const, onClick: () => void signOut() },
          },
        ]
      : [
          { iconId: 'fr-icon-lock-line' as const, text: 'Se connecter', linkProps: { to: '/login' } },
          { iconId: 'fr-icon-account-line' as const, text: 'Créer un compte', linkProps: { to: '/register' } },
        ];

  return (
    <Header
      brandTop={
        <>
          République
          <br />
          Française
        </>
      }
      homeLinkProps={{ to: '/', title: `Accueil - ${SERVICE_TITLE}` }}
      serviceTitle={SERVICE_TITLE}
      serviceTagline="Le portail des associations et des services instructeurs"
      quickAccessItems={quickAccessItems}
    />
  );
}
