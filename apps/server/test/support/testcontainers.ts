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

/** The mail catcher of compose, for the delivery test under TESTCONTAINERS=1 (same tag). */
export const MAILPIT_TEST_IMAGE = 'axllent/mailpit:v1.27.0';

export interface MailpitContainer {
  smtpUrl: string;
  /** Mailpit's HTTP API (GET /api/v1/messages lists what it caught). */
  apiUrl: string;
  stop(): Promise<void>;
}

/** Starts Mailpit in a container, or says why no Docker engine answered; other failures throw. */
export async function startMailpitContainer(image = MAILPIT_TEST_IMAGE): Promise<{ started: MailpitContainer } | { unavailable: string }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  try {
    const container = await new GenericContainer(image)
      .withExposedPorts(1025, 8025)
      .withEnvironment({ MP_SMTP_AUTH_ACCEPT_ANY: '1', MP_SMTP_AUTH_ALLOW_INSECURE: '1' })
      .withWaitStrategy(Wait.forHttp('/readyz', 8025))
      .start();
    const host = container.getHost();
    return {
      started: {
        smtpUrl: `smtp://${host}:${container.getMappedPort(1025)}`,
        apiUrl: `http://${host}:${container.getMappedPort(8025)}`,
        stop: async () => void (await container.stop()),
      },
    };
  } catch (error) {
    const message = (error as Error).message;
    if (!NO_ENGINE.test(message)) throw error;
    return { unavailable: `aucun moteur Docker ne répond (${message})` };
  }
}
