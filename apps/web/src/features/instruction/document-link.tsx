// A document attached to a dossier, opened from the dossier page through the dossier's own ticket
// route (whoever reads the dossier, its instructing agents too).
import { api } from '@portail/contract';
import { callApi } from '../../lib/api/index.ts';
import { TicketLink } from '../../lib/ui/ticket-link.tsx';

interface DocumentLinkProps {
  dossierId: string;
  uuid: string;
  name: string;
}

export function DocumentLink({ dossierId, uuid, name }: DocumentLinkProps) {
  return <TicketLink name={name} issue={() => callApi(api.projets.dossierDocumentTicket, { params: { id: dossierId, uuid } })} />;
}
