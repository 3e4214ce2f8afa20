// Starts the run's PostgreSQL and its migrated template, seeded with the referentials and the
// dossiers' questions, once, for every test file.
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/db/prisma.ts';
import { seedReferentiels } from '../../src/modules/declaration/index.ts';
import { REFERENTIEL_SOURCES } from '../../src/seed/referentiel-data/index.ts';
import { seedQuestions } from '../../src/modules/lca/index.ts';
import { databaseUrl, dropDatabase, prepareTemplate, startTestCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startTestCluster();
  const template = `portail_tpl_${process.pid}`;
  await prepareTemplate(cluster.adminUrl, template);
  // The referentials and the dossiers' questions, as main.ts seeds them after migrating: every clone
  // starts with them.
  const db = createDatabase(databaseUrl(cluster.adminUrl, template), { maxConnections: 1 });
  try {
    await seedReferentiels(db, REFERENTIEL_SOURCES);
    await seedQuestions(db);
  } finally {
    await db.$disconnect();
  }
  project.provide('pgAdminUrl', cluster.adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    await dropDatabase(cluster.adminUrl, template).catch(() => {});
    await cluster.stop();
  };
}
