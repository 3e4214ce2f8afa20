// lca-server: the notes shown on the portal's pages, which the client asks for at start (every page
// waits for its notes). Kept apart from the other lca-server calls (lca.ts), whose `lcaRoutes`
// includes it, so that the start does not load their schemas.
import { z } from 'zod';
import { defineRoute } from './http.ts';

export const NOTE_TYPES = ['info', 'success', 'warning', 'error'] as const;

export const noteOnPageSchema = z.object({
  _id: z.string(),
  type: z.enum(NOTE_TYPES),
  title: z.string().nullable(),
  /** HTML; the client sanitises it before display. */
  content: z.string(),
  /** Route names the note is shown on. */
  routes: z.array(z.string()),
});
export type NoteOnPage = z.infer<typeof noteOnPageSchema>;

/** The notes of the pages; part of `lcaRoutes` (lca.ts). */
export const notesOnPageRoutes = {
  notesOnPage: defineRoute({
    method: 'GET', gateway: 'lca-server', path: '/notesOnPage', access: 'public',
    summary: 'Notes à afficher sur les pages (actives et dans leur période)',
    query: z.object({ route: z.string().max(100).optional() }), response: z.array(noteOnPageSchema),
  }),
};
