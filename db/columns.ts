// SQLite's column kit for db/tables.ts: drizzle's sqlite-core builders, and SQLite's spelling of
// what the dialects write differently (db/columns.pg.ts is PostgreSQL's). Its type is the kit's
// type: the tables are typed as SQLite's on both dialects (db/database.ts says why that holds).
import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const sqliteColumns = {
  table: sqliteTable,
  integer,
  text,
  index,
  uniqueIndex,
  primaryKey,
  /** The row's id, assigned on insert and never reused. */
  id: () => integer('id').primaryKey({ autoIncrement: true }),
  boolean: (name: string) => integer(name, { mode: 'boolean' }),
  /** A JSON value, stored as text. */
  json: (name: string) => text(name, { mode: 'json' }),
  bytes: (name: string) => blob(name, { mode: 'buffer' }),
  /** Milliseconds since the epoch: SQLite's integers are 64-bit. */
  epochMs: (name: string) => integer(name),
  /** The time of the insert, as ISO 8601 text in UTC (timestamps are text on both dialects). */
  insertTime: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
};

export type Columns = typeof sqliteColumns;
