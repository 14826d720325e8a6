// The database the command line tools (`seed`, `admin`) work on: PostgreSQL when DATABASE_URL is
// set, else the SQLite file at DATABASE_PATH; migrated, as the server would at start.
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { migratePgDatabase, openPgDatabase } from '../db/client.pg.ts';
import { sqliteDatabase, type Database } from '../db/database.ts';
import { postgresDatabase } from '../db/database.pg.ts';
import { loadConfig, type Config } from '../server/config.ts';

export interface Configured {
  config: Config;
  database: Database;
}

/** DATABASE_URL, when set (an empty value counts as unset, as in loadConfig). */
export const databaseUrlOf = (env: Record<string, string | undefined>) => env.DATABASE_URL || undefined;

/**
 * The configuration without DATABASE_URL, which this version's loadConfig refuses (the server
 * does not serve from PostgreSQL yet); the tools read it themselves.
 */
export const configWithoutUrl = (env: Record<string, string | undefined>) => loadConfig({ ...env, DATABASE_URL: undefined });

export async function openConfiguredDatabase(env: Record<string, string | undefined> = process.env): Promise<Configured> {
  const config = configWithoutUrl(env);
  const url = databaseUrlOf(env);
  if (url !== undefined) {
    // A tool runs one statement at a time: two connections (one spare for a lock's own session).
    const pg = openPgDatabase(url, { poolSize: 2, statementTimeoutMs: 10 * 60_000 });
    try {
      await migratePgDatabase(pg);
    } catch (error) {
      await pg.$client.end();
      throw error;
    }
    return { config, database: postgresDatabase(pg) };
  }
  const db = openDatabase(config.databasePath, { createDirectory: config.databaseCreateDirectory });
  migrateDatabase(db);
  return { config, database: sqliteDatabase(db) };
}
