// Many rows into one table, fast: a release brings ~40,000 rows, and Drizzle's query builder
// spends more time building an INSERT per batch (a Param object per value) than SQLite spends
// running it. Here the statement is prepared once per table and batch size, and each value goes
// through its column's own driver mapping (JSON text, boolean integers), as Drizzle would.
// db/bulk-insert.pg.ts is the same for PostgreSQL.
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type Database from 'better-sqlite3';
import type { Db } from './client.ts';

// SQLite caps a statement's bound parameters at 32,766; 200 rows of the widest table stay far below.
const BATCH_ROWS = 200;

const preparedByConnection = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** A new row's id and the value of the column it was asked by (`returning`). */
export interface InsertedId {
  id: number;
  key: unknown;
}

export type BulkInsert = <T extends SQLiteTable>(table: T, rows: T['$inferInsert'][], returning?: string) => InsertedId[];

/**
 * An inserter for `db` (or a transaction's handle on it). Every row of one call must set the same
 * columns (the first row's keys); columns no row sets take their SQL default. With `returning`
 * (a column's key), it answers each new row's id with that column's value, in no set order.
 */
export function createBulkInsert(db: Db): BulkInsert {
  // Kept per connection: a release prepares ~30 statements, the same ones for every release.
  let statements = preparedByConnection.get(db.$client);
  if (!statements) preparedByConnection.set(db.$client, (statements = new Map()));
  return (table, rows, returning) => {
    if (rows.length === 0) return [];
    const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
    const keys = Object.keys(rows[0]).filter((key) => key in columns);
    const placeholders = `(${keys.map(() => '?').join(', ')})`;
    const answer = returning === undefined ? '' : ` returning "id" as id, "${columns[returning].name}" as key`;
    const prepared = (count: number) => {
      const key = `${getTableName(table)}|${keys.join(',')}|${count}|${returning ?? ''}`;
      let statement = statements.get(key);
      if (!statement) {
        const names = keys.map((k) => `"${columns[k].name}"`).join(', ');
        statement = db.$client.prepare(`insert into "${getTableName(table)}" (${names}) values ${Array(count).fill(placeholders).join(', ')}${answer}`);
        statements!.set(key, statement);
      }
      return statement;
    };
    const mappers = keys.map((key) => {
      const column = columns[key];
      return (value: unknown) => (value === undefined || value === null ? null : column.mapToDriverValue(value));
    });
    const inserted: InsertedId[] = [];
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      const batch = rows.slice(start, start + BATCH_ROWS);
      const values: unknown[] = [];
      for (const row of batch) {
        const record = row as Record<string, unknown>;
        keys.forEach((key, i) => values.push(mappers[i](record[key])));
      }
      if (returning === undefined) prepared(batch.length).run(values);
      else inserted.push(...(prepared(batch.length).all(values) as InsertedId[]));
    }
    return inserted;
  };
}
