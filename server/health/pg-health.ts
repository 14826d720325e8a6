// Whether PostgreSQL can serve, as /readyz reports it and as failing requests are answered: the
// PostgreSQL twin of database-health.ts. A server that is down, restarting or unreachable is a
// passing state (a restart, a failover), not damage: requests that need it get a 503 with a short
// Retry-After, cached answers go on, and the pool connects again by itself once it is back.
import type { PgDb } from '../../db/client.pg.ts';
import { pendingPgMigrations } from '../../db/pg-migrations.ts';
import { AppError } from '../errors.ts';

/** Readiness asks the server at most this often. */
const PROBE_INTERVAL_MS = 1000;
/** A readiness probe waits no longer than this for the server (a probe's own timeout is short). */
const PROBE_TIMEOUT_MS = 2000;
/** A restart or a failover takes seconds. */
const RETRY_AFTER_SECONDS = 5;

// Connection exceptions (08), insufficient resources (53: too many connections, disk full),
// operator intervention (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now,
// 57014 a statement cancelled by statement_timeout), and invalid authorization (28: a password
// rotated on the server but not yet here: the database cannot be used until an operator acts).
const UNAVAILABLE_STATES = /^(08...|28...|53...|57P0[1-4]|57014)$/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOENT']);
// node-postgres's own: a connection cut, no connection within connectionTimeoutMillis, no answer
// within query_timeout, a pool ended at shutdown.
const DRIVER_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end)/;

/** The error, or the one it wraps (drizzle's DrizzleQueryError, connection timeouts), that says PostgreSQL is unavailable; null if none does. */
export function unavailableCause(error: unknown): (Error & { code?: string }) | null {
  for (let e = error as (Error & { code?: string; errors?: unknown[] }) | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e !== 'object') return null;
    if (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || NETWORK_CODES.has(e.code))) return e;
    if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)) return e;
    // Node tries each address of a host name in turn, and reports every failure at once.
    if (Array.isArray(e.errors) && e.errors.some((inner) => unavailableCause(inner))) return e;
  }
  return null;
}

/** The /metrics label of an unavailable PostgreSQL, from the error that said so. */
export function causeOf(error: unknown): string {
  const cause = unavailableCause(error);
  const code = cause?.code ?? '';
  if (code === 'ECONNREFUSED' || code === 'ENOENT') return 'connection_refused';
  if (NETWORK_CODES.has(code) || code.startsWith('08') || /^(Connection terminated|Client has encountered)/.test(cause?.message ?? '')) return 'connection_lost';
  if (code === '57P01' || code === '57P02') return 'shutting_down';
  if (code === '57P03') return 'starting_up';
  if (code === '57014' || /timeout/.test(cause?.message ?? '')) return 'timeout';
  if (code.startsWith('53')) return 'resources';
  if (code.startsWith('28')) return 'authorization';
  return 'unavailable';
}

/** What went wrong, without the server's address (it goes into public error messages). */
function describe(error: Error & { code?: string }): string {
  if (error.code && NETWORK_CODES.has(error.code)) return `no connection: ${error.code}`;
  if (error.code && UNAVAILABLE_STATES.test(error.code)) return `${error.message} (${error.code})`;
  return error.message || 'no answer';
}

export function createPgHealth(db: PgDb) {
  let probedAt = -Infinity;
  let probe: Promise<string[]> = Promise.resolve([]);

  async function ask(): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
    });
    try {
      const pending = await Promise.race([pendingPgMigrations(db), timeout]);
      return pending > 0 ? [`${pending} database migrations not applied`] : [];
    } catch (error) {
      return [`database unavailable: PostgreSQL cannot be reached: ${describe(error as Error)}`];
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    causeOf,

    /** Readiness: why PostgreSQL cannot serve now (unreachable, migrations missing); [] when it can. */
    problems(): Promise<string[]> {
      const now = performance.now();
      if (now - probedAt >= PROBE_INTERVAL_MS) {
        probedAt = now;
        probe = ask();
      }
      return probe;
    },

    /** A request failed with `error`: the 503 to answer when PostgreSQL is unavailable; null for any other error. */
    failed(error: unknown): AppError | null {
      const cause = unavailableCause(error);
      if (!cause) return null;
      // Readiness says so at once, until its next probe.
      probedAt = performance.now();
      probe = Promise.resolve([`database unavailable: PostgreSQL cannot be reached: ${describe(cause)}`]);
      return new AppError(503, 'INTERNAL', `the database is unavailable (${describe(cause)}); retry later`, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
    },
  };
}

export type PgHealth = ReturnType<typeof createPgHealth>;
