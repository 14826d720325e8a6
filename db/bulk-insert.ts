// Many rows into one table, fast: a release brings ~40,000 rows, and Drizzle's query builder
// spends more time building an INSERT per batch (a Param object per value) than the database
// spends running it. Each value goes through its column's own driver mapping (JSON, booleans,
// bytes), as Drizzle would. The engines differ in what is fast, so each has its inserter here:
//   - SQLite: a multi-row INSERT prepared once per table and batch size, per connection;
//   - PostgreSQL: one array parameter per column (`insert ... select * from unnest($1::integer[],
//     ...)`), which it plans far faster than a VALUES list of thousands of parameters (capped at
//     65,535 anyway); except for tables with bytea columns, since a buffer in an array goes as hex
//     text and alone as binary: those rows go as a VALUES list. The bytes of one statement are
//     bounded too: blobs (fonts, zips) would otherwise make one statement of hundreds of MB.
import { getTableColumns, getTableName, type Column, type Table } from 'drizzle-orm';
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';

/** A new row's id and the value of the column it was asked by (`returning`). */
export interface InsertedId {
  id: number;
  key: unknown;
}

/**
 * Inserts `rows` into `table`. Every row of one call must set the same columns (the first row's
 * keys); columns no row sets take their SQL default. With `returning` (a column's key), it answers
 * each new row's id with that column's value, in no set order.
 */
export type BulkInsert = (table: Table, rows: Record<string, unknown>[], returning?: string) => Promise<InsertedId[]>;

/** The columns the rows set, with each one's mapping to the driver's value. */
function columnsOf(table: Table, rows: Record<string, unknown>[]) {
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(rows[0]).filter((key) => key in columns);
  const map = keys.map((key) => (value: unknown) => (value === undefined || value === null ? null : columns[key].mapToDriverValue(value)));
  const names = keys.map((key) => `"${columns[key].name}"`).join(', ');
  const returningClause = (returning?: string) => (returning === undefined ? '' : ` returning "id" as id, "${columns[returning].name}" as key`);
  return { columns, keys, map, names, returningClause, into: `insert into "${getTableName(table)}" (${names})` };
}

// SQLite caps a statement's bound parameters at 32,766; 200 rows of the widest table stay far below.
const SQLITE_BATCH_ROWS = 200;
const preparedByConnection = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

/** The inserter on a SQLite connection (or a transaction's handle on it); it runs synchronously. */
export function sqliteBulkInsert(connection: BetterSqlite3.Database): BulkInsert {
  // Kept per connection: a release prepares ~30 statements, the same ones for every release.
  let statements = preparedByConnection.get(connection);
  if (!statements) preparedByConnection.set(connection, (statements = new Map()));
  return async (table, rows, returning) => {
    if (rows.length === 0) return [];
    const { keys, map, into, returningClause } = columnsOf(table, rows);
    const placeholders = `(${keys.map(() => '?').join(', ')})`;
    const prepared = (count: number) => {
      const key = `${into}|${count}|${returning ?? ''}`;
      let statement = statements.get(key);
      if (!statement) statements.set(key, (statement = connection.prepare(`${into} values ${Array(count).fill(placeholders).join(', ')}${returningClause(returning)}`)));
      return statement;
    };
    const inserted: InsertedId[] = [];
    for (let start = 0; start < rows.length; start += SQLITE_BATCH_ROWS) {
      const batch = rows.slice(start, start + SQLITE_BATCH_ROWS);
      const values = batch.flatMap((row) => keys.map((key, i) => map[i](row[key])));
      if (returning === undefined) prepared(batch.length).run(values);
      else inserted.push(...(prepared(batch.length).all(values) as InsertedId[]));
    }
    return inserted;
  };
}

/** Rows per PostgreSQL statement at most: past a few thousand, bigger statements are no faster. */
const PG_MAX_ROWS = 5000;
/** Rows per VALUES list at most (bytea tables: few rows, big values). */
const PG_MAX_VALUES_ROWS = 100;
/** Bytes of buffers and strings per statement at most (roughly: other values count as 8). */
const PG_MAX_BYTES = 16 * 1024 * 1024;

const sizeOf = (value: unknown) => (Buffer.isBuffer(value) ? value.length : typeof value === 'string' ? value.length : 8);

/** The inserter on one PostgreSQL connection (a transaction's). */
export function pgBulkInsert(client: pg.ClientBase): BulkInsert {
  return async (table, rows, returning) => {
    if (rows.length === 0) return [];
    const { columns, keys, map, into, returningClause } = columnsOf(table, rows);
    const binary = keys.some((key) => columns[key].getSQLType() === 'bytea');
    const maxRows = binary ? PG_MAX_VALUES_ROWS : PG_MAX_ROWS;
    const arrays = keys.map((key, i) => `$${i + 1}::${columns[key].getSQLType()}[]`).join(', ');
    // The statement and its parameters for `batch` (rows of mapped values).
    const query = (batch: unknown[][]): [string, unknown[]] => {
      if (!binary) return [`${into} select * from unnest(${arrays})${returningClause(returning)}`, keys.map((_, i) => batch.map((row) => row[i]))];
      const tuples = batch.map((_, row) => `(${keys.map((_, i) => `$${row * keys.length + i + 1}`).join(', ')})`);
      return [`${into} values ${tuples.join(', ')}${returningClause(returning)}`, batch.flat()];
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
      const mapped = keys.map((key, i) => map[i](row[key]));
      const size = mapped.reduce((sum: number, value) => sum + sizeOf(value), 0);
      if (batch.length > 0 && (batch.length === maxRows || bytes + size > PG_MAX_BYTES)) await flush();
      batch.push(mapped);
      bytes += size;
    }
    if (batch.length > 0) await flush();
    return inserted;
  };
}
