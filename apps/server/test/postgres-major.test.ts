// One PostgreSQL major everywhere: the embedded default, the test runs, compose and testcontainers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { withClient } from './support/postgres-cluster.ts';
import { dockerfileBaseImages } from './support/compose-file.ts';
import { POSTGRES_TEST_IMAGE, startPostgresContainer } from './support/testcontainers.ts';

const POSTGRES_MAJOR = 18;

async function majorOf(url: string): Promise<number> {
  const { rows } = await withClient(url, (client) => client.query<{ server_version_num: string }>('SHOW server_version_num'));
  return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
}

describe('PostgreSQL major', () => {
  it(`is ${POSTGRES_MAJOR} for this test run (embedded, DATABASE_URL or container)`, async () => {
    expect(await majorOf(inject('pgAdminUrl'))).toBe(POSTGRES_MAJOR);
  });

  it('is the same pinned image in docker-compose.yml and for testcontainers, and every other image is pinned', () => {
    const compose = readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
    expect(POSTGRES_TEST_IMAGE).toMatch(new RegExp(`^postgres:${POSTGRES_MAJOR}\\.\\d+-bookworm$`));
    expect(compose).toContain(`image: ${POSTGRES_TEST_IMAGE}`);
    const pulled = [...compose.matchAll(/^\s*image:\s*(\S+)/gm)].map((match) => match[1]!).filter((image) => !image.startsWith('portail-'));
    expect(pulled.length).toBeGreaterThanOrEqual(2);
    // A tag with a version number (MinIO's are release dates): never latest, never a bare name.
    for (const image of pulled) expect(image).toMatch(/:(v?\d+\.\d+|RELEASE\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$)/);
  });

  it('pins every base image of the Dockerfile to an exact version (major.minor.patch, or Debian major.point)', () => {
    const images = dockerfileBaseImages();
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images) expect(image).toMatch(/^[a-z0-9./-]+:v?\d+\.\d+(\.\d+)?-[a-z0-9.-]+$|^[a-z0-9./-]+:v?\d+\.\d+\.\d+$/);
    for (const image of images) expect(image).not.toMatch(/:(latest|\d+-|bookworm)/);
  });
});

describe.runIf(process.env.TESTCONTAINERS === '1')('TESTCONTAINERS=1', () => {
  it(`starts PostgreSQL ${POSTGRES_MAJOR} in a container that the migrations accept, or says no Docker engine answers`, async () => {
    const result = await startPostgresContainer();
    if ('unavailable' in result) {
      expect(result.unavailable).toMatch(/^aucun moteur Docker ne répond/);
      return;
    }
    try {
      expect(await majorOf(result.started.adminUrl)).toBe(POSTGRES_MAJOR);
      expect((await migrate(result.started.adminUrl)).applied.length).toBeGreaterThan(0);
    } finally {
      await result.started.stop();
    }
  }, 180_000);
});
