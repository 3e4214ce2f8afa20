// Members at work, for the memory figures of `pnpm bench`: `users` members signed in at once, each
// going round the pages a member opens (who am I, the association's file, its dossiers, one dossier,
// notifications) and, one round in eight, a dossier's PDF, for `seconds`. The server's resident set
// is sampled every 100 ms from /proc: its peak during the load is the figure.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface MemberLoadFigures {
  requests: number;
  statuses: Map<number, number>;
  elapsedMs: number;
  peakRssKb: number;
}

export function rssKb(pid: number): number {
  try {
    return Number.parseInt(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 'NaN', 10);
  } catch {
    return Number.NaN;
  }
}

async function json(response: Response): Promise<unknown> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function memberLoad(options: { baseUrl: string; pid: number; email: string; password: string; users: number; seconds: number }): Promise<MemberLoadFigures> {
  const { baseUrl, pid, users } = options;
  const signIn = async () => {
    const body = (await json(
      await fetch(`${baseUrl}/api/auth-server/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: options.email, password: options.password }),
      }),
    )) as { token: string };
    return { 'x-access-token': body.token };
  };
  // Signed in one after the other before the clock starts (members arrive, not 40 in the same
  // millisecond from one address, which the sign-in throttle slows down): the sign-ins' own cost is
  // measured by the login figures.
  const sessions: Record<string, string>[] = [];
  for (let user = 0; user < users; user++) sessions.push(await signIn());
  const me = (await json(await fetch(`${baseUrl}/api/auth-server/me`, { headers: sessions[0]! }))) as {
    associations: { id_siret: string; id_siren: string }[];
  };
  const association = me.associations[0];
  if (!association) throw new Error(`${options.email} belongs to no association`);
  const listPath = `/api/lca-server/demande/dossiers?idSiret=${association.id_siret}`;
  const list = (await json(await fetch(baseUrl + listPath, { headers: sessions[0]! }))) as { items: { id: string }[] };
  const dossierIds = list.items.map((item) => item.id);
  if (dossierIds.length === 0) throw new Error(`${options.email}'s association has no dossier`);

  const statuses = new Map<number, number>();
  let requests = 0;
  let peakRssKb = rssKb(pid);
  const sampler = setInterval(() => (peakRssKb = Math.max(peakRssKb, rssKb(pid))), 100);
  const startedAt = performance.now();
  const endAt = startedAt + options.seconds * 1000;
  try {
    await Promise.all(
      sessions.map(async (headers, user) => {
        for (let round = 0; performance.now() < endAt; round++) {
          const dossier = dossierIds[(user + round) % dossierIds.length]!;
          const paths = [
            '/api/auth-server/me',
            `/api/proxy-asso/association/identite?id_asso=${association.id_siren}`,
            listPath,
            `/api/lca-server/demande/dossiers/${dossier}`,
            '/api/lca-server/notifications',
          ];
          if ((user + round) % 8 === 0) paths.push(`/api/lca-server/demande/dossiers/${dossier}/pdf`);
          for (const path of paths) {
            const response = await fetch(baseUrl + path, { headers });
            await response.arrayBuffer();
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            requests += 1;
          }
        }
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  peakRssKb = Math.max(peakRssKb, rssKb(pid));
  return { requests, statuses, elapsedMs: performance.now() - startedAt, peakRssKb };
}
