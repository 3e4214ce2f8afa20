// Access-matrix entries of the portal's content kept by the LCA administrators (contract
// lca-content.ts and the question writes of subsidies/questions-routes.ts): no one's resource;
// written by lca.admin only, the links and templates read by any signed-in user.
import { randomUUID } from 'node:crypto';
import { ROLE_SETS, routeUrl, type RouteDefinition } from '@portail/contract';
import type { MatrixContext, MatrixEntries, MatrixEntry, TokenFor } from '../support/access-matrix.ts';
import { TOKEN_HEADER } from '../support/http-helpers.ts';

const ADMINS = ROLE_SETS.lcaAdmins;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
const code = () => `matrice-${randomUUID().slice(0, 8)}`;
const note = { type: 'info', title: 'Matrice', content: '<p>Une note</p>', routes: ['home'] };
const url = () => ({ code: code(), libelle: 'Lien de la matrice', url: 'https://www.service-public.fr/' });

export const lcaContentEntries: MatrixEntries = (ctx: MatrixContext) => {
  const admin = () => ctx.byRole.get('lca.admin')!.token;
  const api = <T>(route: string, body: object) =>
    ctx.t.http().post(route).set(TOKEN_HEADER, admin()).send(body).then((r) => {
      if (r.status !== 201) throw new Error(`${route}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as T;
    });
  const newNote = () => api<{ _id: string }>('/api/lca-server/notesOnPage', note).then((n) => n._id);
  const newUrl = () => api<{ id: string }>('/api/lca-server/urls', url()).then((u) => u.id);
  const newQuestion = () => api<{ id: string }>('/api/lca-server/questions', { code: code(), label: 'Question de la matrice ?', type: 'texte' }).then((q) => q.id);
  async function newTemplate() {
    const r = await ctx.t.http().post('/api/lca-server/documents-modeles').query({ libelle: 'Modèle de la matrice' }).set(TOKEN_HEADER, admin()).attach('file', PDF, 'modele.pdf');
    if (r.status !== 201) throw new Error(`template: ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body as { id: string }).id;
  }
  /** The admins' call on a fresh item made by `make`. */
  const onItem = (make: () => Promise<string>, body?: () => object): MatrixEntry => ({
    access: ADMINS,
    scope: 'none',
    send: async (route: RouteDefinition, tokenFor: TokenFor) => ctx.call(route, tokenFor(ctx.member), { params: { id: await make() }, ...(body ? { body: body() } : {}) }),
  });
  const admins = (parts: () => object): MatrixEntry => ({
    access: ADMINS,
    scope: 'none',
    send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), parts()),
  });
  const signedIn = (parts: () => Promise<object> | object = () => ({})): MatrixEntry => ({
    access: 'authenticated',
    scope: 'none',
    send: async (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), await parts()),
  });

  return {
    'GET /api/lca-server/contenus/historique': admins(() => ({ query: { entite: 'note_page', limit: '5' } })),
    'GET /api/lca-server/notesOnPage/all': admins(() => ({})),
    'POST /api/lca-server/notesOnPage': admins(() => ({ body: note })),
    'PUT /api/lca-server/notesOnPage/:id': onItem(newNote, () => ({ ...note, title: 'Modifiée' })),
    'DELETE /api/lca-server/notesOnPage/:id': onItem(newNote),
    'POST /api/lca-server/questions': admins(() => ({ body: { code: code(), label: 'Nouvelle question ?', type: 'booleen', enabled: false } })),
    'PUT /api/lca-server/questions/:id': onItem(newQuestion, () => ({ label: 'Question modifiée ?', type: 'texte', enabled: false })),
    'GET /api/lca-server/urls': signedIn(),
    'POST /api/lca-server/urls': admins(() => ({ body: url() })),
    'PUT /api/lca-server/urls/:id': onItem(newUrl, url),
    'DELETE /api/lca-server/urls/:id': onItem(newUrl),
    'GET /api/lca-server/documents-modeles': signedIn(),
    'POST /api/lca-server/documents-modeles': {
      access: ADMINS,
      scope: 'none',
      send: (route, tokenFor) => {
        let request = ctx.t.http().post(routeUrl(route)).query({ libelle: 'Modèle déposé' });
        const token = tokenFor(ctx.member);
        if (token !== undefined) request = request.set(TOKEN_HEADER, token);
        return request.attach('file', PDF, 'modele.pdf');
      },
    },
    'GET /api/lca-server/documents-modeles/:id': signedIn(async () => ({ params: { id: await newTemplate() } })),
    'DELETE /api/lca-server/documents-modeles/:id': onItem(newTemplate),
  };
};
