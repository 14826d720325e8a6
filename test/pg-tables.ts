// Every table's rows, read through Drizzle, in one comparable form for either dialect: a copy or
// a load on PostgreSQL is checked against the same on SQLite by deep equality.
import type { Database, Tables } from '../db/database.ts';

export type TableContents = Record<string, unknown[]>;

/** Columns whose values depend on when a row was written, not on what was written. */
const CLOCK_COLUMNS = new Set(['loadedAt']);

const comparable = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !CLOCK_COLUMNS.has(key))
      .map(([key, value]) => [key, Buffer.isBuffer(value) ? `bytes:${value.toString('hex')}` : value]),
  );

/** The rows of every table (or of `only`), sorted, keyed by the table's name in the schema. */
export async function tableContents({ db, t }: Database, only?: (keyof Tables)[]): Promise<TableContents> {
  const contents: TableContents = {};
  for (const name of only ?? (Object.keys(t) as (keyof Tables)[])) {
    const rows = (await db.select().from(t[name] as Tables['releases'])) as Record<string, unknown>[];
    const keyed = rows.map(comparable).map((row) => ({ row, key: JSON.stringify(row) }));
    contents[name] = keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map(({ row }) => row);
  }
  return contents;
}

/** Rows per table. */
export const rowCounts = (contents: TableContents) => Object.fromEntries(Object.entries(contents).map(([name, rows]) => [name, rows.length]));
