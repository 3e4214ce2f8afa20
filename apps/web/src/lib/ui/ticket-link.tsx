// A stored file opened through a single-use ticket (the access token never sits in a URL): the route
// that issues it is the caller's (a dossier's document, a Pass'Sport certificate), then the browser
// opens its link; a refusal is told in a toast.
import { fr } from '@codegouvfr/react-dsfr';
import { MESSAGES, type DownloadTicket } from '@portail/contract';
import { errorMessage } from '../api/index.ts';
import { toast } from '../toast/toast-store.ts';

interface TicketLinkProps {
  /** Asks the server for the ticket. */
  issue: () => Promise<DownloadTicket>;
  /** What the link shows (the file's or the document's name). */
  name: string;
  /** Said to screen readers after the name, when the name alone is ambiguous (a short name in a table row). */
  context?: string;
}

export function TicketLink({ issue, name, context }: TicketLinkProps) {
  async function open() {
    try {
      const { url } = await issue();
      window.location.assign(url);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
  }
  return (
    <button type="button" className={fr.cx('fr-link', 'fr-icon-download-line', 'fr-link--icon-left')} onClick={() => void open()}>
      {name}
      <span className={fr.cx('fr-sr-only')}>{context ? ` ${context}` : ''} (télécharger)</span>
    </button>
  );
}
