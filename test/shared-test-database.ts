// One database that several connections open, as several server processes (or a server and the
// seed CLI) share one: a SQLite file in a temporary folder, or a PostgreSQL database of the run's
// cluster (TEST_DATABASE=postgres).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../db/client.ts';
import { sqliteDatabase, type Database } from '../db/database.ts';
import { copiedFrom, loadedSqlite } from './helpers.ts';
import { freshPgDatabaseUrl, openPgTestDatabase } from './pg-test-databases.ts';
import { onPostgres } from './test-dialect.ts';

export interface SharedTestDatabase {
  /** What a server process is given to open it: DATABASE_PATH or DATABASE_URL. */
  env: Record<string, string>;
  /** A connection (or pool) of its own, as another process has. */
  connect(): Database;
  /** Closes every connection opened by connect() and deletes the file. */
  remove(): Promise<void>;
}

/** A shared database, migrated and filled by `load` (the PostgreSQL one from a template per `key`). */
export async function sharedTestDatabase(key: string, load: (db: Db) => unknown): Promise<SharedTestDatabase> {
  const opened: Database[] = [];
  const track = (database: Database) => (opened.push(database), database);
  const closeAll = () => Promise.all(opened.splice(0).map((database) => database.close()));
  if (onPostgres) {
    const url = await freshPgDatabaseUrl(key, copiedFrom(load));
    return { env: { DATABASE_URL: url }, connect: () => track(openPgTestDatabase(url)), remove: async () => void (await closeAll()) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'iconmeta-shared-'));
  const file = join(dir, 'shared.sqlite');
  (await loadedSqlite(file, load)).$client.close();
  return {
    env: { DATABASE_PATH: file },
    connect: () => track(sqliteDatabase(openDatabase(file))),
    async remove() {
      await closeAll();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
