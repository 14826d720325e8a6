// The database the command line tools (`seed`, `admin`) work on: PostgreSQL when DATABASE_URL is
// set, else the SQLite file at DATABASE_PATH; migrated, as the server would at start.
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { recordVerified } from '../db/verified-stamp.ts';
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
  const database = sqliteDatabase(db);
  // The file was read whole as it opened (openDatabase) and written since only through SQLite's
  // transactions: closed cleanly, it is as sound as the server leaves it at a clean shutdown, so
  // the server's next start need not read it whole again (db/verified-stamp.ts). After `seed add`
  // of every open set (a 600 MB file) that read was half of the first start's second.
  const close = async () => {
    await database.close();
    if (config.databasePath !== ':memory:') recordVerified(config.databasePath);
  };
  return { config, database: { ...database, close } };
}
