// Starts the run's PostgreSQL and its migrated template once, for every test file.
import type { TestProject } from 'vitest/node';
import { dropDatabase, prepareTemplate, startTestCluster } from './postgres-cluster.ts';

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
  project.provide('pgAdminUrl', cluster.adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    await dropDatabase(cluster.adminUrl, template).catch(() => {});
    await cluster.stop();
  };
}
