// A local HTTP server standing in for the two outside services the portal relays: the national
// address API (`/search/`) and INSEE's notices (`/pdf/<siren>`). A test switches how it answers
// (normally, with an error, too late, or holding a PDF midway) and reads what it was asked.
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandinMode = 'ok' | 'error' | 'slow' | 'not-found' | 'html';

/** Towns the stand-in knows, in the national API's shape (with fields the portal does not relay). */
const TOWNS = [
  { name: 'Lyon', postcode: '69001', citycode: '69123', context: '69, Rhône, Auvergne-Rhône-Alpes', coordinates: [4.835, 45.758] },
  { name: 'Villeurbanne', postcode: '69100', citycode: '69266', context: '69, Rhône, Auvergne-Rhône-Alpes', coordinates: [4.88, 45.767] },
  { name: 'Saint-Étienne', postcode: '42000', citycode: '42218', context: '42, Loire, Auvergne-Rhône-Alpes', coordinates: [4.387, 45.434] },
] as const;

const plain = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * An address search (no `type`: food-aid addresses being located): a house number in the town of
 * the postcode, a little off its town hall, when the text names that town; nothing otherwise.
 */
function addressAnswer(params: URLSearchParams) {
  const q = params.get('q') ?? '';
  const town = TOWNS.find((t) => t.postcode === params.get('postcode') && plain(q).includes(plain(t.name)));
  return {
    type: 'FeatureCollection',
    version: 'draft',
    features: town
      ? [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [Number((town.coordinates[0] + 0.001).toFixed(6)), Number((town.coordinates[1] + 0.002).toFixed(6))] },
            properties: { label: `${q} ${town.postcode}`, score: 0.9, type: 'housenumber', name: q, postcode: town.postcode, citycode: town.citycode, context: town.context, city: town.name },
          },
        ]
      : [],
    query: q,
  };
}

function searchAnswer(params: URLSearchParams) {
  if (!params.has('type')) return addressAnswer(params);
  const q = plain(params.get('q') ?? '');
  const postcode = params.get('postcode');
  const towns = TOWNS.filter((town) => plain(town.name).startsWith(q) && (!postcode || town.postcode === postcode));
  return {
    type: 'FeatureCollection',
    version: 'draft',
    features: [
      ...towns.map((town) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: town.coordinates },
        properties: {
          label: town.name,
          score: 0.96,
          id: town.citycode,
          type: 'municipality',
          name: town.name,
          postcode: town.postcode,
          citycode: town.citycode,
          x: 842_000,
          y: 6_519_000,
          population: 500_000,
          city: town.name,
          context: town.context,
          importance: 0.7,
        },
      })),
      // Not a town: the portal leaves it out.
      { type: 'Feature', geometry: { type: 'Point', coordinates: [4.8, 45.7] }, properties: { label: 'Rue de Lyon 69001 Lyon', name: 'Rue de Lyon', postcode: '69001', citycode: '69123', context: '69, Rhône', type: 'street', score: 0.5 } },
    ],
    attribution: 'BAN',
    licence: 'ETALAB-2.0',
    query: params.get('q'),
    limit: Number(params.get('limit') ?? 5),
  };
}

/** A PDF of about 300 kB (several chunks on the wire). */
export const STANDIN_PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300_000, 'avis de situation '), Buffer.from('\n%%EOF\n')]);

export async function startExternalStandin({ slowMs = 1_500 }: { slowMs?: number } = {}) {
  const state = {
    mode: 'ok' as StandinMode,
    /** When set, a PDF is sent up to its first 64 kB, the rest once this is called. */
    hold: false,
    searches: [] as URLSearchParams[],
    notices: [] as string[],
  };
  let releaseHeld: () => void = () => undefined;
  const held = () => new Promise<void>((resolve) => (releaseHeld = resolve));

  /** Answers as the mode says when it is a failure; false when the normal answer is due. */
  const fail = (res: ServerResponse): boolean => {
    if (state.mode === 'error') res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":500,"message":"Erreur"}');
    else if (state.mode === 'not-found') res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
    else if (state.mode === 'html') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    else return false;
    return true;
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    // Noted as it arrives (a slow answer's question is not counted in a later test).
    if (url.pathname === '/search/') state.searches.push(url.searchParams);
    if (url.pathname.startsWith('/pdf/')) state.notices.push(decodeURIComponent(url.pathname.slice('/pdf/'.length)));
    const answer = async () => {
      if (state.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, slowMs));
      if (url.pathname === '/search/') {
        if (fail(res)) return;
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(searchAnswer(url.searchParams)));
      } else if (url.pathname.startsWith('/pdf/')) {
        if (fail(res)) return;
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': STANDIN_PDF.length });
        if (state.hold) {
          const release = held();
          res.write(STANDIN_PDF.subarray(0, 65_536));
          await release;
          res.end(STANDIN_PDF.subarray(65_536));
        } else {
          res.end(STANDIN_PDF);
        }
      } else {
        res.writeHead(404).end();
      }
    };
    answer().catch(() => res.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    state,
    addressApiUrl: base,
    sireneNoticeUrl: `${base}/pdf`,
    /** Sends the rest of a held PDF. */
    release: () => releaseHeld(),
    reset() {
      state.mode = 'ok';
      state.hold = false;
      state.searches.length = 0;
      state.notices.length = 0;
    },
    async close() {
      releaseHeld();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
export type ExternalStandin = Awaited<ReturnType<typeof startExternalStandin>>;

/** An address where nothing listens: a port opened then closed again. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return `http://127.0.0.1:${port}`;
}
