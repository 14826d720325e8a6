// Many rows into one PostgreSQL table: multi-row INSERTs on one connection (a transaction's), each
// value through its column's own driver mapping (jsonb text, bytea buffers), as Drizzle would. A
// statement carries at most 65,535 parameters, and the bytes of a batch are bounded too: blobs
// (fonts, zips) would otherwise make one statement of hundreds of MB.
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { InsertedId } from './bulk-insert.ts';

/** PostgreSQL's limit on a statement's parameters (a 16-bit count). */
const MAX_PARAMETERS = 65_535;
/** Rows per statement at most: past a few hundred, bigger statements are no faster. */
const MAX_ROWS = 1000;
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
    const rowsPerStatement = Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / keys.length));
    const inserted: InsertedId[] = [];
    const flush = async (values: unknown[], count: number) => {
      const tuples = Array.from({ length: count }, (_, row) => `(${keys.map((_, i) => `$${row * keys.length + i + 1}`).join(', ')})`);
      const result = await client.query(`insert into "${getTableName(table)}" (${names}) values ${tuples.join(', ')}${tail}`, values);
      if (returning !== undefined) inserted.push(...(result.rows as InsertedId[]));
    };
    let values: unknown[] = [];
    let count = 0;
    let bytes = 0;
    for (const row of rows) {
      const mapped = keys.map((key, i) => mappers[i](row[key]));
      const size = mapped.reduce((sum: number, value) => sum + sizeOf(value), 0);
      if (count > 0 && (count === rowsPerStatement || bytes + size > MAX_BYTES)) {
        await flush(values, count);
        [values, count, bytes] = [[], 0, 0];
      }
      values.push(...mapped);
      count++;
      bytes += size;
    }
    if (count > 0) await flush(values, count);
    return inserted;
  };
}
