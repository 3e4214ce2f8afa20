// A document attached to a dossier, opened from the service's dossier page through the document
// download route: a single-use ticket, then the browser opens its link (the access token never
// sits in a URL). Offered only to the roles that route admits (read from the contract's own
// declaration); another reader sees the file's name without a link.
import { fr } from '@codegouvfr/react-dsfr';
import { associationDocumentRoutes, MESSAGES } from '@portail/contract';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { toast } from '../../lib/toast/toast-store.ts';

/** Whether these roles may open an association's document (the download route's access). */
export function mayOpenDocuments(roles: readonly string[]): boolean {
  const access = associationDocumentRoutes.downloadTicket.access as readonly string[];
  return roles.some((role) => access.includes(role));
}

interface DocumentLinkProps {
  /** The association the document belongs to: the applicant's SIRET (an id_asso the server takes). */
  idAsso: string | null;
  uuid: string;
  name: string;
}

export function DocumentLink({ idAsso, uuid, name }: DocumentLinkProps) {
  const { user } = useSession();
  if (!idAsso || !mayOpenDocuments(user?.roles ?? [])) return <>{name}</>;
  async function open() {
    try {
      const { url } = await callApi(associationDocumentRoutes.downloadTicket, { query: { id_asso: idAsso!, id: uuid } });
      window.location.assign(url);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
  }
  return (
    <button type="button" className={fr.cx('fr-link', 'fr-icon-download-line', 'fr-link--icon-left')} onClick={() => void open()}>
      {name}
      <span className={fr.cx('fr-sr-only')}> (télécharger)</span>
    </button>
  );
}
