// lca-server rules needed by the shell: association-user record and notes on page.
import { isAdminRole, MESSAGES, NOTE_TYPES, type AssociationUser, type NoteOnPage } from '@portail/contract';
import { forbidden, notFound } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { LcaRepository } from './lca.repository.ts';

const noteType = (type: string): NoteOnPage['type'] =>
  (NOTE_TYPES as readonly string[]).includes(type) ? (type as NoteOnPage['type']) : 'info';

export function createLcaService(repository: LcaRepository) {
  return {
    /** The user's own record, or any record for an admin. */
    async getAssociationUser(claims: AuthClaims, lcaId: string): Promise<AssociationUser> {
      const record = await repository.findAssociationUser(lcaId);
      if (!record) throw notFound(MESSAGES.userNotFound, 'USER_NOT_FOUND');
      if (record.authId !== claims.userId && !claims.roles.some(isAdminRole)) throw forbidden();
      const { user } = record;
      return { _id: record.id, authId: user.id, email: user.email, civilite: user.civilite, nom: user.nom, prenom: user.prenom, associations: [] };
    },
    async notesOnPage(route?: string): Promise<NoteOnPage[]> {
      const notes = await repository.activeNotes(new Date(), route);
      return notes.map((n) => ({ _id: n.id, type: noteType(n.type), title: n.title, content: n.content, routes: n.routes }));
    },
  };
}
export type LcaService = ReturnType<typeof createLcaService>;
