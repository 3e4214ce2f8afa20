// lca-server routes: notes, questions, links and templates, the association-user record and its links to associations.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import { receiveFile } from '../../http/multipart.ts';
import { sendStoredFile } from '../../http/stored-file.ts';
import type { ContentService } from './content/service.ts';
import type { LcaService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface LcaRouteServices {
  lca: LcaService;
  lcaContent: ContentService;
}

export function lcaRoutes(app: FastifyInstance, { lca, lcaContent: content }: LcaRouteServices) {
  registerRoute(app, api.lca.notesOnPage, ({ query }) => lca.notesOnPage(query.route));
  registerRoute(app, api.questions.listQuestions, ({ query }) => lca.listQuestions(query.enabled));
  // The portal's content, kept by the LCA administrators (content/service.ts).
  const c = api.lcaContent;
  registerRoute(app, c.contentHistory, ({ query }) => content.history(query));
  registerRoute(app, c.listAllNotes, () => content.allNotes());
  registerRoute(app, c.createNote, ({ auth, body }) => content.createNote(auth, body));
  registerRoute(app, c.updateNote, ({ auth, params, body }) => content.updateNote(auth, params.id, body));
  registerRoute(app, c.deleteNote, ({ auth, params }) => content.deleteNote(auth, params.id));
  registerRoute(app, api.questions.createQuestion, ({ auth, body }) => content.createQuestion(auth, body));
  registerRoute(app, api.questions.updateQuestion, ({ auth, params, body }) => content.updateQuestion(auth, params.id, body));
  registerRoute(app, c.listUrls, () => content.listUrls());
  registerRoute(app, c.createUrl, ({ auth, body }) => content.createUrl(auth, body));
  registerRoute(app, c.updateUrl, ({ auth, params, body }) => content.updateUrl(auth, params.id, body));
  registerRoute(app, c.deleteUrl, ({ auth, params }) => content.deleteUrl(auth, params.id));
  registerRoute(app, c.listDocumentsModeles, () => content.listTemplates());
  registerRoute(app, c.uploadDocumentModele, ({ auth, query, request }) => content.uploadTemplate(auth, query.libelle, () => receiveFile(request)));
  registerRoute(app, c.downloadDocumentModele, async ({ params, reply }) => {
    const { row, stream } = await content.openTemplate(params.id);
    return sendStoredFile(reply, { mimeType: row.mimeType, size: row.taille, name: row.nom }, stream);
  });
  registerRoute(app, c.deleteDocumentModele, ({ auth, params }) => content.deleteTemplate(auth, params.id));
  registerRoute(app, api.lca.getUser, ({ auth, params }) => lca.getAssociationUser(auth, params.id));
  registerRoute(app, api.lca.patchUser, ({ auth, params, body }) => lca.joinAssociations(auth, params.id, body.associations));
  registerRoute(app, api.lca.deleteUser, ({ auth, params }) => lca.leaveAllAssociations(auth, params.id));
  registerRoute(app, api.lca.exitAssociation, ({ auth, params, query }) => lca.exitAssociation(auth, params.authId, query.idAsso));
  // Per IP and per caller (config.rateLimits): it mails the association's representatives.
  registerRoute(app, api.lca.joinAssociationNotification, ({ auth, body }) => lca.joinAssociationNotification(auth, body), {
    rateLimit: { name: 'joinNotification' },
  });
  registerRoute(app, api.lca.reportMember, ({ params }) => lca.reportMember(params.token));
}
