// lca-server (association account): what the client shell needs for now.
import { z } from 'zod';
import { idSchema } from './fields.ts';
import { defineRoute } from './http.ts';

const gateway = 'lca-server' as const;

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

/** Association-user record (lca side); its _id is the session's lcaId. */
export const associationUserSchema = z.object({
  _id: z.string(),
  authId: z.string(),
  email: z.string(),
  civilite: z.string().nullable(),
  nom: z.string().nullable(),
  prenom: z.string().nullable(),
  associations: z.array(z.unknown()),
});
export type AssociationUser = z.infer<typeof associationUserSchema>;

export const lcaRoutes = {
  notesOnPage: defineRoute({
    method: 'GET', gateway, path: '/notesOnPage', access: 'public',
    summary: 'Notes à afficher sur les pages (actives et dans leur période)',
    query: z.object({ route: z.string().max(100).optional() }), response: z.array(noteOnPageSchema),
  }),
  getUser: defineRoute({
    method: 'GET', gateway, path: '/users/:id', access: 'authenticated',
    summary: "Fiche de l'utilisateur association (lcaId) ; l'utilisateur lui-même ou un administrateur",
    params: z.object({ id: idSchema }), response: associationUserSchema,
  }),
};
