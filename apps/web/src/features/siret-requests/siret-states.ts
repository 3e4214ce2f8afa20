// Labels, badges and paths of the SIRET requests (machine demande_siret of the contract).
import { siretRequestMachine, type SiretRequestState } from '@portail/contract';

export const siretStateLabel = (etat: SiretRequestState) => siretRequestMachine.states[etat].label;
export function siretStateSeverity(etat: SiretRequestState): 'success' | 'error' | 'info' | 'warning' | 'new' {
  if (etat === 'ACC') return 'success';
  if (etat === 'REJ' || etat === 'REF') return 'error';
  if (etat === 'INV') return 'warning';
  if (etat === 'ECS') return 'new';
  return 'info';
}
/** The request's page; the association's RNA number in the path when known. */
export const siretRequestPath = (id: string, idRna?: string | null) => `/associations/${idRna ? `${encodeURIComponent(idRna)}/` : ''}demande-siret/${id}`;
export const newSiretRequestPath = (idRna?: string | null) => `/associations/${idRna ? `${encodeURIComponent(idRna)}/` : ''}demande-siret`;
