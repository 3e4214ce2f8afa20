// Notes on page: the active notes of a route, as the client shows them (unknown types as 'info').
import { NOTE_TYPES, type NoteOnPage } from '@portail/contract';
import type { NoteRepository } from './repository.ts';

const noteType = (type: string): NoteOnPage['type'] =>
  (NOTE_TYPES as readonly string[]).includes(type) ? (type as NoteOnPage['type']) : 'info';

export function createNoteService(repository: NoteRepository) {
  return {
    async notesOnPage(route?: string): Promise<NoteOnPage[]> {
      const notes = await repository.activeNotes(new Date(), route);
      return notes.map((n) => ({ _id: n.id, type: noteType(n.type), title: n.title, content: n.content, routes: n.routes }));
    },
  };
}
