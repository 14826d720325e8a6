// Where the PostgreSQL migrations are, and how many the database lacks: without loading the driver
// (the server imports this on SQLite too).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations-pg');

/** Migrations of db/migrations-pg the database has not applied (0: up to date). */
export async function pendingPgMigrations(db: { $client: Pick<pg.Pool, 'query'> }): Promise<number> {
  const journal = JSON.parse(readFileSync(resolve(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  // drizzle's migrator keeps its journal in drizzle.__drizzle_migrations, created at its first run.
  const { rows } = await db.$client.query<{ exists: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as exists");
  if (!rows[0]!.exists) return journal.entries.length;
  const applied = await db.$client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  return journal.entries.length - applied.rows[0]!.n;
}
