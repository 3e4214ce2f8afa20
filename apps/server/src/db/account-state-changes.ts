// Hears the database announce changes to account states (migration 20261130140000_account_state_changes:
// triggers on users, user_roles, service_accounts and refresh_tokens): NOTIFY "account_state" on a
// connection of its own, kept open and reopened when lost, and the NOTICE each write sends to the
// connection of this instance that made it (before its commit). Tells an AccountStateObserver.
import pg from 'pg';
import { onDatabaseNotice, type Database, type DatabaseNotice } from './prisma.ts';

export const ACCOUNT_STATE_CHANNEL = 'account_state';
/** Names the listening connection in pg_stat_activity (operations, tests). */
export const ACCOUNT_STATE_LISTENER_NAME = 'portail-account-state';
/** The announcement for every user (a TRUNCATE). */
export const EVERY_USER = '*';

export interface AccountStateObserver {
  /** A change to `userId`'s state (EVERY_USER: anyone's) was committed by transaction `xid`. */
  changed(userId: string, xid: string): void;
  /** A connection of this instance is writing such a change in transaction `xid`, not committed yet. */
  writing(userId: string, xid: string): void;
  /** Listening (again): announcements made before may have been missed. */
  listening(): void;
  /** No longer listening: announcements are being missed. */
  deaf(): void;
}

export interface AccountStateChangesOptions {
  /** The listening connection's database: DATABASE_LISTEN_URL, else DATABASE_URL. */
  url: string;
  /** The instance's client, whose connections hear the NOTICE of their own writes. */
  db: Database;
  /** First wait before reopening a lost connection; it doubles up to maxReconnectMs. */
  reconnectMs: number;
  maxReconnectMs: number;
  /** A query on the listening connection this often proves it alive (a silent network loss). */
  heartbeatMs: number;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}

export interface AccountStateChanges {
  /** Stops listening and closes the connection. */
  stop(): Promise<void>;
}

/** "<user> <xid>" as the triggers write it. */
function parse(announcement: string): { userId: string; xid: string } | null {
  const [userId, xid] = announcement.split(' ');
  return userId && xid ? { userId, xid } : null;
}

/**
 * Starts listening; resolves once the first attempt is over (listening, or failed and retrying in
 * the background: the observer is told when it listens).
 */
export async function listenAccountStateChanges(options: AccountStateChangesOptions, observer: AccountStateObserver): Promise<AccountStateChanges> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let wait = options.reconnectMs;
  let lostBefore = false;

  const stopNotices = onDatabaseNotice(options.db, (notice: DatabaseNotice) => {
    const prefix = `${ACCOUNT_STATE_CHANNEL} `;
    if (!notice.message?.startsWith(prefix)) return;
    const parsed = parse(notice.message.slice(prefix.length));
    if (parsed) observer.writing(parsed.userId, parsed.xid);
  });

  const lose = (client: pg.Client, error: unknown) => {
    if (client !== current) return;
    current = null;
    lostBefore = true;
    clearTimeout(heartbeat);
    observer.deaf();
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (stopped) return;
    options.log.warn(
      { err: error, retryInMs: wait },
      "Écoute des changements de comptes indisponible : l'état des comptes est relu en base à chaque appel jusqu'à son retour",
    );
    schedule();
  };

  const schedule = () => {
    retryTimer = setTimeout(() => void connect(), wait);
    retryTimer.unref();
    wait = Math.min(wait * 2, options.maxReconnectMs);
  };

  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: options.url, application_name: ACCOUNT_STATE_LISTENER_NAME, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel !== ACCOUNT_STATE_CHANNEL || !message.payload) return;
      const parsed = parse(message.payload);
      if (parsed) observer.changed(parsed.userId, parsed.xid);
    });
    client.on('error', (error) => lose(client, error));
    client.on('end', () => lose(client, new Error('connection ended')));
    try {
      current = client;
      await client.connect();
      await client.query(`LISTEN "${ACCOUNT_STATE_CHANNEL}"`);
    } catch (error) {
      lose(client, error);
      return;
    }
    if (stopped || client !== current) return;
    wait = options.reconnectMs;
    if (lostBefore) options.log.info({}, 'Écoute des changements de comptes rétablie : le cache des états de comptes repart vide');
    observer.listening();
    beat(client);
  };

  /** A query on the listening connection every heartbeatMs; no answer within heartbeatMs: lost. */
  const beat = (client: pg.Client) => {
    heartbeat = setTimeout(async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          client.query('SELECT 1'),
          new Promise((_, fail) => (timer = setTimeout(() => fail(new Error('no answer to the heartbeat')), options.heartbeatMs))),
        ]);
      } catch (error) {
        lose(client, error);
        return;
      } finally {
        clearTimeout(timer);
      }
      if (client === current) beat(client);
    }, options.heartbeatMs);
    heartbeat.unref();
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      stopNotices();
      clearTimeout(retryTimer);
      clearTimeout(heartbeat);
      const client = current;
      current = null;
      observer.deaf();
      if (client) {
        client.removeAllListeners();
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
      }
    },
  };
}
