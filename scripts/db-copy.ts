// `iconmeta admin db copy`: a SQLite database -> an empty PostgreSQL one, in one transaction. Rows
// are read through Drizzle's SQLite schema and written through the PostgreSQL one, so each
// column's mapping applies (0/1 -> boolean, JSON text -> jsonb, blobs -> bytea); ids are kept and
// the identity sequences moved past them. Before the commit every table is verified: its row
// count and a hash of its primary keys in order, on both sides. Any difference rolls it all back.
import { createHash } from 'node:crypto';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type pg from 'pg';
import { pgBulkInsert } from '../db/bulk-insert.ts';
import { pendingMigrations, type Db } from '../db/client.ts';
import { migratePgDatabase, type PgDb } from '../db/client.pg.ts';
import type { Tables } from '../db/database.ts';
import * as pgTables from '../db/schema.pg.ts';
import * as sqliteTables from '../db/schema.ts';

/** A PostgreSQL table as pg-core's type (the schema's tables are typed as SQLite's: db/database.ts). */
const pgTable = (name: keyof Tables) => pgTables[name] as unknown as PgTable;

export interface TableCopy {
  table: string;
  /** Rows in the SQLite table, and in the PostgreSQL one after the copy. */
  source: number;
  target: number;
  /** Whether the hashes of the primary keys in order agree. */
  keysMatch: boolean;
}

/** The copy was refused or failed its verification; nothing was written. */
export class CopyError extends Error {
  readonly tables: TableCopy[];
  constructor(message: string, tables: TableCopy[] = []) {
    super(message);
    this.tables = tables;
  }
}

/** Rows read from SQLite per batch; tables with blobs (fonts, zips) far fewer, to bound memory. */
const BATCH_ROWS = 5000;
const BLOB_BATCH_ROWS = 32;

type TableName = keyof Tables;

/**
 * Copies every table of `source` (a migrated SQLite database) into `target` (migrated here if
 * needed), which must be empty unless `replace` (then its rows are deleted first, in the same
 * transaction). Resolves to the per-table verification; throws CopyError, rolled back, on a mismatch.
 */
export async function copySqliteToPostgres(source: Db, target: PgDb, { replace = false } = {}): Promise<TableCopy[]> {
  const pending = pendingMigrations(source);
  if (pending > 0) throw new CopyError(`the SQLite database has ${pending} migration(s) not applied: start this version's server on it (or run any admin command on it) first`);
  await migratePgDatabase(target);
  const order = insertOrder();
  const client = await target.$client.connect();
  try {
    await client.query('begin');
    const filled: string[] = [];
    for (const name of order) {
      const { rows } = await client.query(`select exists (select 1 from "${getTableName(pgTables[name])}") as filled`);
      if (rows[0].filled) filled.push(getTableName(pgTables[name]));
    }
    if (filled.length > 0 && !replace) {
      throw new CopyError(`the PostgreSQL database is not empty (${filled.join(', ')} hold rows): copy into an empty database, or pass --replace to delete its rows first`);
    }
    if (filled.length > 0) await client.query(`truncate ${order.map((name) => `"${getTableName(pgTables[name])}"`).join(', ')} restart identity`);
    for (const name of order) await copyTable(source, client, name);
    await moveIdentities(client);
    const verified = await verifyCopy(source, client);
    const wrong = verified.filter((t) => t.source !== t.target || !t.keysMatch);
    if (wrong.length > 0) throw new CopyError(`the copy does not match its source in ${wrong.map((t) => t.table).join(', ')}; nothing was written`, verified);
    await client.query('commit');
    return verified;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The schema's tables, each after the tables it refers to. */
function insertOrder(): TableName[] {
  const names = Object.keys(pgTables).filter((name) => name in sqliteTables) as TableName[];
  const byTable = new Map(names.map((name) => [pgTable(name), name]));
  const ordered: TableName[] = [];
  const visit = (name: TableName) => {
    if (ordered.includes(name)) return;
    for (const fk of getTableConfig(pgTable(name)).foreignKeys) {
      const parent = byTable.get(fk.reference().foreignTable)!;
      if (parent !== name) visit(parent);
    }
    ordered.push(name);
  };
  names.forEach(visit);
  return ordered;
}

/** Reads the SQLite table in rowid order, a batch at a time, and writes each batch. */
async function copyTable(source: Db, client: pg.PoolClient, name: TableName): Promise<void> {
  const from = sqliteTables[name] as SQLiteTable;
  const columns = getTableColumns(from);
  const hasBlob = Object.values(columns).some((column) => column.getSQLType() === 'blob');
  const limit = hasBlob ? BLOB_BATCH_ROWS : BATCH_ROWS;
  const insert = pgBulkInsert(client);
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const batch = await source
      .select({ rowid: sql<number>`rowid`.mapWith(Number), ...columns })
      .from(from)
      .where(sql`rowid > ${after}`)
      .orderBy(sql`rowid`)
      .limit(limit);
    if (batch.length === 0) return;
    after = batch.at(-1)!.rowid;
    await insert(pgTables[name], batch.map(({ rowid, ...row }) => row));
  }
}

/** Each identity column's sequence continues after the largest id copied: new rows get new ids. */
async function moveIdentities(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ table: string; column: string }>(
    "select table_name as table, column_name as column from information_schema.columns where table_schema = current_schema() and is_identity = 'YES'",
  );
  for (const { table, column } of rows) {
    await client.query(`select setval(pg_get_serial_sequence($1, $2), coalesce((select max("${column}") from "${table}"), 0) + 1, false)`, [`"${table}"`, column]);
  }
}

/** Every table's row counts and primary-key hashes on both sides (`target` may be in a transaction). */
export async function verifyCopy(source: Db, target: pg.ClientBase): Promise<TableCopy[]> {
  const verified: TableCopy[] = [];
  for (const name of insertOrder()) verified.push(await verifyTable(source, target, name));
  return verified;
}

/** Row counts, and a SHA-256 of the primary keys in key order, on both sides. */
async function verifyTable(source: Db, client: pg.ClientBase, name: TableName): Promise<TableCopy> {
  const table = getTableName(pgTables[name]);
  const config = getTableConfig(pgTable(name));
  // A composite key's columns are stand-ins (no SQL type): the table's own columns, by name.
  const keyNames = config.primaryKeys[0]?.columns.map((column) => column.name) ?? config.columns.filter((column) => column.primary).map((column) => column.name);
  const keys = keyNames.map((keyName) => config.columns.find((column) => column.name === keyName)!);
  // Text sorts by bytes on both sides: SQLite's BINARY collation, PostgreSQL's "C".
  const orderPg = keys.map((k) => `"${k.name}"${k.getSQLType() === 'text' ? ' collate "C"' : ''}`).join(', ');
  const joined = keys.map((k) => `"${k.name}"::text`).join(` || '|' || `);
  const { rows } = await client.query<{ n: string; hash: string }>(
    `select count(*) as n, encode(sha256(convert_to(coalesce(string_agg(${joined}, E'\\n' order by ${orderPg}), ''), 'UTF8')), 'hex') as hash from "${table}"`,
  );
  const names = keys.map((k) => `"${k.name}"`).join(', ');
  const hash = createHash('sha256');
  let count = 0;
  for (const row of source.$client.prepare(`select ${names} from "${table}" order by ${names}`).raw().iterate() as Iterable<unknown[]>) {
    hash.update(`${count > 0 ? '\n' : ''}${row.join('|')}`);
    count++;
  }
  return { table, source: count, target: Number(rows[0].n), keysMatch: hash.digest('hex') === rows[0].hash };
}
