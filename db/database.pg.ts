// The Database handle on PostgreSQL (db/database.ts has the rules). Apart from database.ts, so
// that a server on SQLite loads neither PostgreSQL's schema nor drizzle's pg-core (~0.75 MiB of heap).
import type { Db } from './client.ts';
import type { PgDb } from './client.pg.ts';
import type { Database, Tables } from './database.ts';
import * as pgTables from './schema.pg.ts';

export function postgresDatabase(pg: PgDb): Database {
  return {
    dialect: 'postgres',
    db: pg as unknown as Db,
    t: pgTables as unknown as Tables,
    sqlite: null,
    pg,
    transaction: (work) => pg.transaction((tx) => work(tx as unknown as Db)),
    close: () => pg.$client.end(),
  };
}
