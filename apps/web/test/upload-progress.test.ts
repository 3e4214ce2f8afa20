// An upload that reports its progress: sent by the upload transport (XMLHttpRequest in the
// browser) with the token, answered like any call (parsed, errors mapped); without a progress
// callback, fetch as usual. The XMLHttpRequest transport reports the part of the body sent.
import { api } from '@portail/contract';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../src/lib/api/api-client.ts';
import { xhrUpload } from '../src/lib/api/upload-transport.ts';
import { createSessionStore } from '../src/lib/session/session-store.ts';
import { createFakeFetch, json } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser, memoryStorage } from './support/factories.ts';

const NOW_MS = 1_800_000_000_000;
const TOKEN = makeJwt(NOW_MS / 1000 + 600);
const ID_ASSO = '66666666-6666-4666-8666-666666666666';
const DOCUMENT = {
  uuid: 'd0000000-0000-4000-8000-000000000001', id_siret: null, type: 'STC', etat: 'courant', origine: 'LCA', annee_validite: null,
  date_chargement: '2026-11-23T10:00:00.000Z', nom: 'statuts.pdf', commentaire: null, mime_type: 'application/pdf', taille: 10, url: '/x',
};

function client(upload = vi.fn()) {
  const session = createSessionStore(memoryStorage());
  session.signIn(makeSession(makeUser(), TOKEN));
  const fake = createFakeFetch({ 'POST /api/proxy-asso/association/documents': () => json(201, DOCUMENT) });
  return { fake, upload, api: createApiClient({ fetch: fake.fetch, session, onSessionExpired: vi.fn(), now: () => NOW_MS, upload }) };
}

describe('upload with progress', () => {
  it('goes through the upload transport with the token, reports progress and parses the answer', async () => {
    const upload = vi.fn(async (_url: string, _init: unknown, onProgress: (f: number) => void) => {
      onProgress(0.5);
      onProgress(1);
      return json(201, DOCUMENT);
    });
    const { fake, api: c } = client(upload);
    const progress: number[] = [];
    const formData = new FormData();
    const created = await c.callApi(api.associationDocuments.uploadDocument, { query: { id_asso: ID_ASSO, type: 'STC' }, formData, onUploadProgress: (f) => progress.push(f) });
    expect(created.uuid).toBe(DOCUMENT.uuid);
    expect(progress).toEqual([0.5, 1]);
    expect(fake.requests).toHaveLength(0);
    const [url, init] = upload.mock.calls[0]!;
    expect(url).toBe(`/api/proxy-asso/association/documents?id_asso=${ID_ASSO}&type=STC`);
    expect(init).toMatchObject({ method: 'POST', body: formData, headers: { 'x-access-token': TOKEN } });
  });

  it('maps a refusal like any call', async () => {
    const upload = vi.fn(async () => json(400, { code: 'FILE_TOO_LARGE', message: 'La taille du fichier ne doit excéder 15MO.' }));
    const { api: c } = client(upload);
    await expect(c.callApi(api.associationDocuments.uploadDocument, { query: { id_asso: ID_ASSO, type: 'STC' }, formData: new FormData(), onUploadProgress: () => {} })).rejects.toMatchObject({
      status: 400,
      message: 'La taille du fichier ne doit excéder 15MO.',
    });
  });

  it('without a progress callback, fetch as usual', async () => {
    const upload = vi.fn();
    const { fake, api: c } = client(upload);
    await c.callApi(api.associationDocuments.uploadDocument, { query: { id_asso: ID_ASSO, type: 'STC' }, formData: new FormData() });
    expect(upload).not.toHaveBeenCalled();
    expect(fake.requests).toHaveLength(1);
  });

  it('the XMLHttpRequest transport reports the part sent and answers a Response', async () => {
    class FakeXhr {
      static last: FakeXhr;
      upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      status = 0;
      responseText = '';
      headers: Record<string, string> = {};
      opened: [string, string] | null = null;
      constructor() {
        FakeXhr.last = this;
      }
      open(method: string, url: string) {
        this.opened = [method, url];
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      getResponseHeader() {
        return 'application/json';
      }
      send() {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = 201;
        this.responseText = '{"ok":true}';
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    try {
      const seen: number[] = [];
      const response = await xhrUpload('/api/x', { method: 'POST', headers: { 'x-access-token': 't' }, body: new FormData() }, (f) => seen.push(f));
      expect(FakeXhr.last.opened).toEqual(['POST', '/api/x']);
      expect(FakeXhr.last.headers).toEqual({ 'x-access-token': 't' });
      expect(seen).toEqual([0.25, 1, 1]);
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ ok: true });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
