// PostgreSQL's column kit for db/tables.ts (db/columns.ts is SQLite's, and says what each entry
// is): identity columns for AUTOINCREMENT ("by default", so a copy from SQLite keeps its ids),
// boolean for SQLite's 0/1, jsonb for JSON text, bytea for blobs, bigint for epoch milliseconds
// (past 2^31). Typed as SQLite's kit, as the tables are (db/database.ts).
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Columns } from './columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const postgresColumns = {
  table: pgTable,
  integer,
  text,
  index,
  uniqueIndex,
  primaryKey,
  id: () => integer('id').primaryKey().generatedByDefaultAsIdentity(),
  boolean: (name: string) => boolean(name),
  json: (name: string) => jsonb(name),
  bytes: (name: string) => bytea(name),
  epochMs: (name: string) => bigint(name, { mode: 'number' }),
  insertTime: sql`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
} satisfies Record<keyof Columns, unknown>;

export const pgColumns = postgresColumns as unknown as Columns;
