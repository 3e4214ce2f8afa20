// A document attached to a dossier, opened from the dossier page through the dossier's own ticket
// route (whoever reads the dossier, its instructing agents too): a single-use ticket, then the
// browser opens its link (the access token never sits in a URL).
import { fr } from '@codegouvfr/react-dsfr';
import { api, MESSAGES } from '@portail/contract';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { toast } from '../../lib/toast/toast-store.ts';

interface DocumentLinkProps {
  dossierId: string;
  uuid: string;
  name: string;
}

export function DocumentLink({ dossierId, uuid, name }: DocumentLinkProps) {
  async function open() {
    try {
      const { url } = await callApi(api.projets.dossierDocumentTicket, { params: { id: dossierId, uuid } });
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
