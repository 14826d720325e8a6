// PostgreSQL (DATABASE_URL): a connection pool with bounded waits, and the drizzle-kit migrations
// of db/migrations-pg. The SQLite side is db/client.ts.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from './pg-migrations.ts';
import * as schema from './schema.pg.ts';

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface PgOptions {
  /** Connections this process keeps at most. */
  poolSize?: number;
  /** How long a query may wait for a free connection, or for the server to accept one. */
  connectionTimeoutMs?: number;
  /** The server cancels a statement running longer than this. */
  statementTimeoutMs?: number;
}

/**
 * A pool on the database at `url`. Nothing connects until the first query. Waits are bounded (a
 * server that is down or saturated fails the query instead of holding a request forever).
 */
export function openPgDatabase(url: string, { poolSize = 10, connectionTimeoutMs = 5000, statementTimeoutMs = 30_000 }: PgOptions = {}): PgDb {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectionTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // The server's own timeout needs a server that answers; a network that drops everything (no
    // reset, no answer) is noticed by the client: TCP keepalive, and a limit on waiting for rows.
    query_timeout: statementTimeoutMs + 5000,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection the server closed (a restart) emits here; without a listener it would
  // crash the process. The next query takes a fresh connection.
  pool.on('error', () => {});
  return drizzle(pool, { schema }) as PgDb;
}

/** Any constant shared by every process: the key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 0x1c0_3e7a;

/**
 * Applies the migrations the database has not seen yet. Replicas starting together take turns
 * (an advisory lock, on a connection of its own so a pool of one cannot deadlock): the second
 * finds the work done instead of failing on tables that exist.
 */
export async function migratePgDatabase(db: PgDb): Promise<void> {
  const lock = new pg.Client(db.$client.options);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder });
  } finally {
    await lock.end(); // ending the session releases the lock
  }
}
