import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { assertUsable, DatabaseUnusableError } from './integrity.ts';
import * as schema from './schema.ts';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The better-sqlite3 addon when the single executable has loaded it from its cache (see
 * scripts/sea-prelude.cjs); undefined otherwise, and better-sqlite3 finds its own build.
 */
export const nativeBinding = (globalThis as { iconmetaNativeBinding?: object }).iconmetaNativeBinding as string | undefined;

export interface OpenOptions {
  /** Create the file's folder when it is missing (else a missing folder is refused: a mistyped path). */
  createDirectory?: boolean;
  /**
   * Skip the whole-file check of an existing file: only for a file known sound and unchanged
   * (db/verified-stamp.ts), whose check then runs in the background.
   */
  skipIntegrityCheck?: boolean;
}

/**
 * Opens (creating if needed) a SQLite file, or `:memory:`, with WAL and foreign keys on. An
 * existing file is checked first (quick_check), before anything could write to it: a damaged
 * file, or one that is no database or cannot be read, throws DatabaseUnusableError and stays as
 * it was.
 */
export function openDatabase(file: string, { createDirectory = true, skipIntegrityCheck = false }: OpenOptions = {}): Db {
  const existing = file !== ':memory:' && existsSync(file) && statSync(file).size > 0;
  if (file !== ':memory:') {
    const folder = dirname(resolve(file));
    if (!existsSync(folder)) {
      if (!createDirectory) {
        throw new DatabaseUnusableError(
          `the folder of DATABASE_PATH ${file} does not exist; create it, correct the path, or set DATABASE_CREATE_DIR=true`,
        );
      }
      mkdirSync(folder, { recursive: true });
    }
    if (existsSync(file) && !statSync(file).isFile()) throw new DatabaseUnusableError(`DATABASE_PATH ${file} is not a file`);
  }
  if (existing && !skipIntegrityCheck) {
    // A read-only connection: closing it can never checkpoint into (write to) a damaged file.
    const readOnly = connect(file, { readonly: true });
    try {
      assertUsable(readOnly, file, 'quick');
    } finally {
      readOnly.close();
    }
  }
  const sqlite = connect(file, {});
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return drizzle(sqlite, { schema }) as Db;
}

/** A better-sqlite3 connection; a file that cannot be opened is a DatabaseUnusableError naming it. */
export function connect(file: string, options: Database.Options): Database.Database {
  try {
    return new Database(file, { ...options, nativeBinding });
  } catch (error) {
    if (!(error instanceof Database.SqliteError)) throw error;
    throw new DatabaseUnusableError(`the database file ${file} cannot be opened: ${error.message} (${error.code})`);
  }
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
