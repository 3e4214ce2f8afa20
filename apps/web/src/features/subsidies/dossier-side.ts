// The side the signed-in user acts on a dossier from: the association's (any association role) or
// the instructing services'. The server decides from the session all the same.
import { ROLE_SETS } from '@portail/contract';
import { useSession } from '../../lib/session/use-session.ts';

export function useDossierSide(): 'association' | 'service' {
  const { user } = useSession();
  return (user?.roles ?? []).some((role) => (ROLE_SETS.associationMembers as readonly string[]).includes(role)) ? 'association' : 'service';
}
