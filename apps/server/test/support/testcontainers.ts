// TESTCONTAINERS=1: the test run's PostgreSQL in a container, the same major as compose and the
// image. Machines without a Docker engine (CI) get a printed reason and the embedded PostgreSQL.

/** The one PostgreSQL image of containers: docker-compose.yml names the same tag. */
export const POSTGRES_TEST_IMAGE = 'postgres:18.4-bookworm';

export interface ContainerCluster {
  adminUrl: string;
  stop(): Promise<void>;
}

export type ContainerStart = { started: ContainerCluster } | { unavailable: string };

// testcontainers' own words when no strategy (DOCKER_HOST, socket, properties file) reaches an engine.
const NO_ENGINE = /Could not find a working container runtime strategy/;

/** Starts PostgreSQL in a container, or says why no Docker engine answered; other failures throw. */
export async function startPostgresContainer(image = POSTGRES_TEST_IMAGE): Promise<ContainerStart> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  try {
    const container = await new PostgreSqlContainer(image).start();
    return { started: { adminUrl: container.getConnectionUri(), stop: async () => void (await container.stop()) } };
  } catch (error) {
    const message = (error as Error).message;
    if (!NO_ENGINE.test(message)) throw error;
    return { unavailable: `aucun moteur Docker ne répond (${message})` };
  }
}
