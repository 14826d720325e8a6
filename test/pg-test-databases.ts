// The PostgreSQL run's databases (TEST_DATABASE=postgres): one throw-away cluster for the whole run
// (started and removed by test/root-hooks.ts), and a fresh database for each test database, copied
// from a template that was migrated and loaded once (CREATE DATABASE ... TEMPLATE).
import pg from 'pg';
import { migratePgDatabase, openPgDatabase } from '../db/client.pg.ts';
import type { Database } from '../db/database.ts';
import { postgresDatabase } from '../db/database.pg.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';

let cluster: Promise<PgCluster> | undefined;
const templates = new Map<string, Promise<string>>();
const opened = new Set<Database>();
let databases = 0;

/** The run's cluster, started at its first use (the root hook starts it before any test). */
export const runCluster = () => (cluster ??= startPgCluster());

/** Closes every pool the run opened, then stops the cluster and deletes it. */
export async function removeRunCluster(): Promise<void> {
  if (!cluster) return;
  // A pool waits for its clients to be released; one a test left checked out (a transaction it never
  // ended) would hold the run forever. Stopping the cluster cuts whatever is left.
  const closed = Promise.all([...opened].map((database) => database.close().catch(() => {})));
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  await (await cluster).destroy();
  cluster = undefined;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: (await runCluster()).url() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A template database, built once per `key` by `fill` on a migrated empty database; CREATE
 * DATABASE copies it, which needs it to have no connection left: `fill`'s pool is closed after.
 */
function template(key: string, fill: (database: Database) => Promise<void>): Promise<string> {
  let name = templates.get(key);
  if (!name) {
    name = (async () => {
      const created = `template_${templates.size}`;
      const url = await (await runCluster()).createDatabase(created);
      const database = postgresDatabase(openPgDatabase(url, { poolSize: 2 }));
      try {
        await migratePgDatabase(database.pg!);
        await fill(database);
      } finally {
        await database.close();
      }
      return created;
    })();
    templates.set(key, name);
  }
  return name;
}

/** A fresh database copied from the template `key` (built by `fill` at its first use); its URL. */
export async function freshPgDatabaseUrl(key: string, fill: (database: Database) => Promise<void>): Promise<string> {
  const source = await template(key, fill);
  const name = `test_${++databases}`;
  await admin((client) => client.query(`create database ${name} template ${source}`));
  return (await runCluster()).url(name);
}

/** The same, opened. */
export async function freshPgDatabase(key: string, fill: (database: Database) => Promise<void>): Promise<Database> {
  return openPgTestDatabase(await freshPgDatabaseUrl(key, fill));
}

/** A pool on a database of the run's cluster; closed at the end of the run if the test did not close it. */
export function openPgTestDatabase(url: string): Database {
  const database = postgresDatabase(openPgDatabase(url, { poolSize: 4 }));
  // Idle connections go soon: a run opens a hundred pools, and the cluster allows 200 connections.
  (database.pg!.$client.options as { idleTimeoutMillis: number }).idleTimeoutMillis = 1000;
  opened.add(database);
  const close = database.close;
  return Object.assign(database, {
    close: async () => {
      if (!opened.delete(database)) return;
      await close();
    },
  });
}
