// One database handle for both dialects: the repositories are written once, against what Drizzle's
// SQLite and PostgreSQL query builders share, and run on either.
//
// The rules for code that takes a Database (the PostgreSQL suite run is what checks them; the types
// cannot, since they are SQLite's):
//   - await a query builder for its rows; never .all(), .get(), .run() or .values(), which only
//     SQLite's builders have. One row: `first(await query)`.
//   - a statement run often, with placeholders, goes through prepared();
//   - writes that belong together go through transaction(), whose callback awaits only queries on
//     the handle it is given (on SQLite the transaction holds the one connection until it returns);
//   - rows changed by an update or delete: ask for them with .returning(), there is no common
//     "changes" count.
import type { Db } from './client.ts';
import type { PgDb } from './client.pg.ts';
import * as sqliteTables from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Tables = typeof sqliteTables;

export interface Database {
  readonly dialect: Dialect;
  /** The query builder, typed as SQLite's; at run time it is the dialect's own. */
  readonly db: Db;
  /** The tables of the dialect's schema (db/schema.ts or db/schema.pg.ts), typed as SQLite's. */
  readonly t: Tables;
  /** The SQLite connection, for what only SQLite has (pragmas, the file's integrity); null on PostgreSQL. */
  readonly sqlite: Db | null;
  /** The PostgreSQL pool's handle, for what only PostgreSQL has (LISTEN/NOTIFY); null on SQLite. */
  readonly pg: PgDb | null;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function sqliteDatabase(db: Db): Database {
  let depth = 0;
  return {
    dialect: 'sqlite',
    db,
    t: sqliteTables,
    sqlite: db,
    pg: null,
    async transaction(work) {
      // better-sqlite3's own transactions refuse an async function. Statements on this connection
      // run synchronously, so a callback that awaits only them runs to its end before any other
      // request gets the connection: BEGIN ... COMMIT around it is one transaction. Inside a
      // transaction the connection holds already (a nested call, or one begun by its owner), a
      // savepoint: its work is undone alone when it throws.
      if (db.$client.inTransaction) {
        const savepoint = `nested_${++depth}`;
        db.$client.exec(`SAVEPOINT ${savepoint}`);
        try {
          const result = await work(db);
          db.$client.exec(`RELEASE ${savepoint}`);
          return result;
        } catch (error) {
          if (db.$client.inTransaction) db.$client.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
          throw error;
        } finally {
          depth--;
        }
      }
      db.$client.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(db);
        db.$client.exec('COMMIT');
        return result;
      } catch (error) {
        if (db.$client.inTransaction) db.$client.exec('ROLLBACK');
        throw error;
      }
    },
    close: async () => void db.$client.close(),
  };
}

/** The first row of a result, or undefined. */
export const first = <T>(rows: T[]): T | undefined => rows[0];

interface Preparable<Row> {
  prepare(): { all(placeholders?: Record<string, unknown>): Row[] };
}

/**
 * A query with sql.placeholder() values, prepared once: a better-sqlite3 statement, or a named
 * server-side statement on PostgreSQL (prepared on each pooled connection at its first use).
 * `name` must be unique among the process's statements.
 */
export function prepared<Row>(database: Database, name: string, query: Preparable<Row>): (placeholders?: Record<string, unknown>) => Promise<Row[]> {
  if (database.dialect === 'sqlite') {
    const statement = query.prepare();
    return async (placeholders) => statement.all(placeholders);
  }
  const statement = (query as unknown as { prepare(name: string): { execute(placeholders?: Record<string, unknown>): Promise<Row[]> } }).prepare(name);
  return (placeholders) => statement.execute(placeholders);
}
