// Many rows into one PostgreSQL table, on one connection (a transaction's), each value through its
// column's own driver mapping (jsonb text, bytea buffers), as Drizzle would. One array parameter
// per column (`insert ... select * from unnest($1::integer[], $2::text[], ...)`): PostgreSQL plans
// that far faster than a VALUES list of thousands of parameters (whose count is capped at 65,535
// anyway). Except for tables with bytea columns: a buffer in an array goes as hex text, alone as
// binary, so those rows go as a VALUES list. The bytes of a statement are bounded too: blobs
// (fonts, zips) would otherwise make one statement of hundreds of MB.
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { InsertedId } from './bulk-insert.ts';

/** Rows per statement at most: past a few thousand, bigger statements are no faster. */
const MAX_ROWS = 5000;
/** Rows per VALUES list at most (bytea tables: few rows, big values). */
const MAX_VALUES_ROWS = 100;
/** Bytes of buffers and strings per statement at most (roughly: other values count as 8). */
const MAX_BYTES = 16 * 1024 * 1024;

export type PgBulkInsert = (table: PgTable, rows: Record<string, unknown>[], returning?: string) => Promise<InsertedId[]>;

const sizeOf = (value: unknown) => (Buffer.isBuffer(value) ? value.length : typeof value === 'string' ? value.length : 8);

/**
 * An inserter on `client`. Every row of one call must set the same columns (the first row's keys);
 * columns no row sets take their SQL default. With `returning` (a column's key) it answers each
 * new row's id with that column's value. `conflict: 'ignore'` skips rows whose key exists.
 */
export function createPgBulkInsert(client: pg.ClientBase, { conflict }: { conflict?: 'ignore' } = {}): PgBulkInsert {
  return async (table, rows, returning) => {
    if (rows.length === 0) return [];
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const keys = Object.keys(rows[0]).filter((key) => key in columns);
    const names = keys.map((k) => `"${columns[k].name}"`).join(', ');
    const tail = `${conflict === 'ignore' ? ' on conflict do nothing' : ''}${returning === undefined ? '' : ` returning "id" as id, "${columns[returning].name}" as key`}`;
    const mappers = keys.map((key) => {
      const column = columns[key];
      return (value: unknown) => (value === undefined || value === null ? null : column.mapToDriverValue(value));
    });
    const into = `insert into "${getTableName(table)}" (${names})`;
    const binary = keys.some((key) => columns[key].getSQLType() === 'bytea');
    const maxRows = binary ? MAX_VALUES_ROWS : MAX_ROWS;
    const arrays = keys.map((key, i) => `$${i + 1}::${columns[key].getSQLType()}[]`).join(', ');
    // The statement and its parameters for `batch` (rows of mapped values).
    const query = (batch: unknown[][]): [string, unknown[]] => {
      if (!binary) return [`${into} select * from unnest(${arrays})${tail}`, keys.map((_, i) => batch.map((row) => row[i]))];
      const tuples = batch.map((_, row) => `(${keys.map((_, i) => `$${row * keys.length + i + 1}`).join(', ')})`);
      return [`${into} values ${tuples.join(', ')}${tail}`, batch.flat()];
    };
    const inserted: InsertedId[] = [];
    let batch: unknown[][] = [];
    let bytes = 0;
    const flush = async () => {
      const result = await client.query(...query(batch));
      if (returning !== undefined) inserted.push(...(result.rows as InsertedId[]));
      [batch, bytes] = [[], 0];
    };
    for (const row of rows) {
      const mapped = keys.map((key, i) => mappers[i](row[key]));
      const size = mapped.reduce((sum: number, value) => sum + sizeOf(value), 0);
      if (batch.length > 0 && (batch.length === maxRows || bytes + size > MAX_BYTES)) await flush();
      batch.push(mapped);
      bytes += size;
    }
    if (batch.length > 0) await flush();
    return inserted;
  };
}
