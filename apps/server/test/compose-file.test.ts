// docker-compose.yml as shipped: what the README says to run works with only what it says to set.
// Read as Compose reads it (YAML, then every `${…}` of every service, inactive profiles too, as
// Compose 2.26 does); where the `docker compose` CLI answers, Compose itself is asked as well.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { composeCliVersion, dockerfileBaseImages, interpolate, loadCompose, readDotEnv, readRepoFile } from './support/compose-file.ts';

/** The README's « Docker et compose » section: the command and the variables it names. */
function readmeComposeSection(): string {
  const readme = readRepoFile('README.md');
  const start = readme.indexOf('## Docker et compose');
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** .env as the README makes it: `cp .env.example .env`, then each variable it names given a value. */
function readmeEnv(): { env: Record<string, string>; named: string[] } {
  const env = readDotEnv(readRepoFile('.env.example'));
  const section = readmeComposeSection();
  expect(section).toContain('cp .env.example .env');
  expect(section).toContain('docker compose up --build');
  const named = [...new Set([...section.matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g)].map((match) => match[1]!))].filter((name) => name in env);
  for (const name of named) if (!env[name]) env[name] = 'motdepasse0123456789';
  return { env, named };
}

describe('Compose interpolation (the rules the test applies)', () => {
  it('follows the compose-spec forms', () => {
    const seen: string[] = [];
    const env = { SET: 'a', EMPTY: '' };
    const run = (text: string) => interpolate(text, env, (name, message) => seen.push(`${name}:${message}`));
    expect(run('$$SET ${SET} $SET ${UNSET:-d} ${EMPTY:-d} ${EMPTY-d} ${SET:+o} ${UNSET+o} ${UNSET:-${SET}}')).toBe('$SET a a d d  o  a');
    expect(run('${EMPTY?x}${EMPTY:?vide}${UNSET?absente}')).toBe('');
    expect(seen).toEqual(['EMPTY:vide', 'UNSET:absente']);
  });
});

describe('docker-compose.yml from .env.example and the README', () => {
  it('needs no variable the README does not name, whatever the profile (Compose interpolates them all)', () => {
    const { env, named } = readmeEnv();
    expect(named).toContain('POSTGRES_PASSWORD');
    const { compose, missing } = loadCompose(env);
    expect(missing).toEqual([]);
    expect(Object.keys(compose.services)).toContain('portail');
  });

  it('still refuses to start without the password the README names', () => {
    const env = readDotEnv(readRepoFile('.env.example'));
    const { missing } = loadCompose(env);
    expect(missing.map((item) => item.name)).toContain('POSTGRES_PASSWORD');
  });

  it.runIf(composeCliVersion() !== undefined)('is accepted by `docker compose config` with the README’s .env', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portail-compose-'));
    try {
      const { env } = readmeEnv();
      writeFileSync(join(dir, '.env'), Object.entries(env).map(([name, value]) => `${name}=${value}`).join('\n'));
      const result = spawnSync('docker', ['compose', '--project-directory', REPO_ROOT, '-f', join(REPO_ROOT, 'docker-compose.yml'), '--env-file', join(dir, '.env'), 'config', '--quiet'], {
        encoding: 'utf8',
        // Only what Docker itself needs: no variable of this shell may stand in for the .env file.
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...(process.env.DOCKER_HOST ? { DOCKER_HOST: process.env.DOCKER_HOST } : {}) },
        timeout: 30_000,
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('docker-compose.yml services', () => {
  const { compose } = loadCompose({ ...readmeEnv().env });
  const services = Object.entries(compose.services);
  const hostPorts = (name: string) =>
    (compose.services[name]!.ports ?? []).map((port) => (typeof port === 'string' ? port : `${port.host_ip ?? ''}:${port.published ?? ''}`));

  it('publishes the portal (development mode, demo password, /metrics and /api/docs open) on 127.0.0.1 only, like Mailpit', () => {
    expect(hostPorts('portail').length).toBeGreaterThan(0);
    for (const name of ['portail', 'mailpit', 'proxy']) for (const port of hostPorts(name)) expect(port, name).toMatch(/^127\.0\.0\.1:/);
  });

  it('rotates the logs of every service and bounds its memory and CPU', () => {
    for (const [name, service] of services) {
      expect(service.logging?.driver, name).toBe('json-file');
      expect(service.logging?.options?.['max-size'], name).toMatch(/^\d+m$/);
      expect(Number(service.logging?.options?.['max-file']), name).toBeGreaterThan(1);
      if (name === 'minio-bucket') continue; // a one-shot `mc mb`
      expect(service.deploy?.resources?.limits?.memory, name).toMatch(/^\d+[mg]$/);
      expect(Number(service.deploy?.resources?.limits?.cpus), name).toBeGreaterThan(0);
    }
  });

  it('reports the portal healthy within about 2 s of ready', () => {
    const seconds = (value: unknown) => Number(/^(\d+)s$/.exec(String(value))?.[1]);
    expect(seconds(compose.services.portail!.healthcheck?.interval)).toBeLessThanOrEqual(2);
    expect(Number(/--interval=(\d+)s/.exec(readRepoFile('Dockerfile'))?.[1])).toBeLessThanOrEqual(2);
  });

  it('runs N portal instances behind a pinned reverse proxy of the `proxy` profile that follows --scale', () => {
    const proxy = compose.services.proxy!;
    expect(proxy.profiles).toEqual(['proxy']);
    expect(proxy.image).toMatch(/^caddy:\d+\.\d+\.\d+(-alpine)?$/);
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    // The portal has no fixed container name nor a port that a second instance could not take.
    expect(compose.services.portail!.container_name).toBeUndefined();
    const caddyfile = readRepoFile('deploy/Caddyfile');
    // Every instance's address, asked again while running (dynamic upstreams), not one at start.
    expect(caddyfile).toMatch(/dynamic a portail 3000/);
    expect(caddyfile).toMatch(/lb_policy round_robin/);
    expect(readRepoFile('docs/operations.md')).toContain('--profile proxy up --build --scale portail=');
  });
});

describe('Dockerfile', () => {
  const dockerfile = readRepoFile('Dockerfile');

  it('declares no VOLUME (an anonymous volume would be left behind every docker run)', () => {
    expect(dockerfile).not.toMatch(/^\s*VOLUME\b/m);
  });

  it('runs on Node 24 LTS, without the embedded PostgreSQL, and names pnpm options as options', () => {
    expect(dockerfileBaseImages()).toContainEqual(expect.stringMatching(/^node:24\.\d+\.\d+-bookworm-slim$/));
    expect(dockerfile).toMatch(/^\s+EMBEDDED_PG=0$/m);
    // npm_config_* variables reach npx's npm too, which warns « Unknown env config ».
    expect(dockerfile).not.toMatch(/npm_config_(auto_install_peers|resolve_peers)/);
  });
});

describe('Node versions', () => {
  /** `^X.Y.Z || …` admits the version (same major, not older). */
  const admits = (range: string, version: string) =>
    range.split('||').some((part) => {
      const [major, minor, patch] = part.trim().replace(/^\^/, '').split('.').map(Number);
      const [vMajor, vMinor, vPatch] = version.split('.').map(Number);
      return vMajor === major && (vMinor! > minor! || (vMinor === minor && vPatch! >= patch!));
    });

  it('says in engines that Node 20, 22 and 24 work, the image’s included', () => {
    const range = (JSON.parse(readRepoFile('package.json')) as { engines: { node: string } }).engines.node;
    const image = /^node:(\d+\.\d+\.\d+)-/.exec(dockerfileBaseImages().find((image) => image.startsWith('node:'))!)![1]!;
    for (const version of ['20.19.0', '22.12.0', '24.0.0', image, process.versions.node]) expect(admits(range, version), version).toBe(true);
    for (const version of ['18.20.0', '21.7.0', '23.0.0', '26.0.0']) expect(admits(range, version), version).toBe(false);
  });

  it('has CI run the server’s API tests on Node 24 and Node 22 too, each failure making the run red', () => {
    const ci = readRepoFile('.ci/run');
    expect(ci).toMatch(/for major in 24 22; do/);
    expect(ci).toMatch(/npx -y "node@\$\{major\}" node_modules\/vitest\/vitest\.mjs run --project server/);
    expect(ci).toMatch(/if \[ "\$\{other_status\[\$major\]\}" -ne 0 \]; then .* exit 1; fi/);
  });
});
