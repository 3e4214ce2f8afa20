// The user's associations (dashboard), each with "Quitter l'association" (confirmed, then
// PATCH lca users/:authId/exit and a reload of the session user).
import { fr } from '@codegouvfr/react-dsfr';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { api, formatSiren, formatSiret, MESSAGES, type UserAssociationLink } from '@portail/contract';
import { useNavigate } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { refreshSessionUser, userAssociations } from '../../lib/session/associations.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { ConfirmAction } from '../../lib/ui/confirm-action.tsx';
import { passSportPath, structureOfLink } from '../pass-sport/index.ts';
import { JOIN_PATHS } from './join-steps.tsx';

export const LEFT_MESSAGE = "Vous avez quitté l'association.";

export function MyAssociations() {
  const { user } = useSession();
  const links = userAssociations(user);
  return (
    <section aria-labelledby="mes-associations" className={fr.cx('fr-mb-6w')}>
      <h2 id="mes-associations">Mes associations</h2>
      {links.length === 0 ? (
        <p>Vous n’êtes rattaché(e) à aucune association.</p>
      ) : (
        <ul className={fr.cx('fr-raw-list')}>
          {links.map((link) => (
            <AssociationItem key={link.id_correspondance} link={link} />
          ))}
        </ul>
      )}
      <Button priority="secondary" iconId="fr-icon-add-line" linkProps={{ to: JOIN_PATHS.association }}>
        Ajouter une association
      </Button>
    </section>
  );
}

function AssociationItem({ link }: { link: UserAssociationLink }) {
  const navigate = useNavigate();
  const { user } = useSession();

  async function leave() {
    if (!user) return;
    try {
      await callApi(api.lca.exitAssociation, {
        params: { authId: user.authId },
        query: { idAsso: link.id_correspondance },
      });
      const refreshed = await refreshSessionUser();
      toast.success(LEFT_MESSAGE);
      if (userAssociations(refreshed).length === 0) void navigate(JOIN_PATHS.association);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
  }

  const details = [
    link.id_rna && `RNA ${link.id_rna}`,
    link.id_siren && `SIREN ${formatSiren(link.id_siren)}`,
    link.id_siret && `SIRET ${formatSiret(link.id_siret)}`,
    link.fonction,
  ].filter(Boolean);

  return (
    <li className={fr.cx('fr-card', 'fr-p-3w', 'fr-mb-2w')}>
      <h3 className={fr.cx('fr-h6', 'fr-mb-1w')}>
        {link.nom}{' '}
        <Badge small severity={link.type === 'Siège' ? 'info' : 'new'}>
          {link.type}
        </Badge>
      </h3>
      {details.length > 0 && <p className={fr.cx('fr-text--sm', 'fr-mb-2w')}>{details.join(' · ')}</p>}
      <div className={fr.cx('fr-btns-group', 'fr-btns-group--inline-sm', 'fr-btns-group--sm')}>
        <Button
          size="small"
          priority="secondary"
          linkProps={{ to: `/informations-administratives/${link.id_correspondance}` }}
        >
          Informations administratives
        </Button>
        <Button
          size="small"
          priority="secondary"
          linkProps={{ to: `/associations/${link.id_correspondance}/documents` }}
        >
          Documents
        </Button>
        <Button size="small" priority="secondary" linkProps={{ to: passSportPath(structureOfLink(link)) }}>
          Pass'Sport
        </Button>
        <ConfirmAction
          label="Quitter l'association"
          ariaLabel={`Quitter l'association ${link.nom}`}
          confirmLabel="Confirmer le départ"
          confirmAriaLabel={`Confirmer : quitter ${link.nom}`}
          question={`Voulez-vous vraiment quitter « ${link.nom} » ? Vous n’aurez plus accès à son dossier.`}
          onConfirm={leave}
        />
      </div>
    </li>
  );
}
