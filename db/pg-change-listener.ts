// Other processes' commits on PostgreSQL, as a counter answered from memory: SQLite's
// `PRAGMA data_version` has no PostgreSQL twin, so each server process listens instead. A writer's
// recordChange (data-changes.ts) sends pg_notify(CHANGES_CHANNEL, id), delivered at its commit; the
// counter moves on each one, and releases.service.ts then reads data_changes as on SQLite.
//
// Notifications sent while the listening connection is down are lost for good. So the connection
// is reopened with backoff, the counter moves once when it is back (whatever happened meanwhile),
// and the newest change id is also polled through the pool every second, which also covers a
// connection that died without saying so.
import type pg from 'pg';
import { CHANGES_CHANNEL } from './data-changes.ts';

export interface ChangeListenerOptions {
  /** The listening connection's settings (the pool's: a connection of its own, never a pooled one). */
  connection: pg.ClientConfig;
  /** The newest data_changes id, read through the pool (the fallback). */
  latest: () => Promise<number>;
  pollIntervalMs?: number;
  /** Told when the listening connection is lost or back (for the log). */
  onState?: (state: 'listening' | 'lost', error?: unknown) => void;
}

const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 5_000;

export function listenForChanges({ connection, latest, pollIntervalMs = 1000, onState = () => {} }: ChangeListenerOptions) {
  let version = 0;
  let newestSeen = 0;
  let client: pg.Client | null = null;
  let listening = false;
  let everListened = false;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const seen = (id: number) => {
    if (id > newestSeen) newestSeen = id;
    version++;
  };

  async function connect(): Promise<void> {
    retryTimer = undefined;
    if (closed) return;
    // Loaded here, not at the top: the server imports this module on SQLite too, where the driver is dead weight.
    const { default: driver } = await import('pg');
    if (closed) return;
    const current = new driver.Client({ ...connection, keepAlive: true });
    client = current;
    let lostAlready = false;
    // 'error' and 'end' both come for one loss; an unhandled 'error' would crash the process.
    const lost = (error?: unknown) => {
      if (lostAlready || closed) return;
      lostAlready = true;
      const wasListening = listening;
      listening = false;
      current.end().catch(() => {});
      if (wasListening) onState('lost', error);
      retryTimer = setTimeout(connect, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
    };
    current.on('error', lost);
    current.on('end', () => lost());
    current.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) seen(Number(message.payload) || 0);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      return lost(error);
    }
    if (closed || lostAlready) return;
    listening = true;
    retryMs = FIRST_RETRY_MS;
    // Changes committed while nobody listened were not heard: the reader finds them in the table.
    if (everListened) version++;
    everListened = true;
    onState('listening');
  }

  let polling = false;
  const poll = setInterval(() => {
    if (polling) return;
    polling = true;
    latest()
      .then((id) => void (id > newestSeen && seen(id)))
      .catch(() => {}) // the database is down: requests that need it say so, and this tries again
      .finally(() => (polling = false));
  }, pollIntervalMs);
  poll.unref();

  const started = connect();

  return {
    /** Moves whenever another process may have committed a change (answered from memory). */
    version: (): number => version,
    /** Whether the listening connection is open now. */
    listening: (): boolean => listening,
    /** Resolves once the first attempt to listen has finished (listening or retrying). */
    started,
    async close(): Promise<void> {
      closed = true;
      clearInterval(poll);
      clearTimeout(retryTimer);
      await client?.end().catch(() => {});
    },
  };
}

export type ChangeListener = ReturnType<typeof listenForChanges>;
