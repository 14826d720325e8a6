import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { assertUsable } from './integrity.ts';
import * as schema from './schema.ts';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens (creating if needed) a SQLite file, or `:memory:`, with WAL and foreign keys on. An
 * existing file is checked first (quick_check), before anything could write to it: a damaged
 * file throws DatabaseUnusableError and stays as it was.
 */
export function openDatabase(file: string): Db {
  const existing = file !== ':memory:' && existsSync(file) && statSync(file).size > 0;
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  if (existing) {
    // A read-only connection: closing it can never checkpoint into (write to) a damaged file.
    const readOnly = new Database(file, { readonly: true });
    try {
      assertUsable(readOnly, file, 'quick');
    } finally {
      readOnly.close();
    }
  }
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return drizzle(sqlite, { schema }) as Db;
}

/** How many of the repository's migrations the database has not applied (0 when up to date). */
export function pendingMigrations(db: Db): number {
  const journal = JSON.parse(readFileSync(resolve(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  const applied = db.$client.prepare("select count(*) as n from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get() as { n: number };
  const count = applied.n === 0 ? 0 : (db.$client.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n;
  return journal.entries.length - count;
}

/** Applies the drizzle-kit migrations that the database has not seen yet. */
export function migrateDatabase(db: Db): void {
  migrate(db, { migrationsFolder });
}
