// The PostgreSQL schema (db/schema.pg.ts, db/migrations-pg) against the SQLite one, on a real
// server: the same tables, columns, keys, indexes and foreign keys, so rows mean the same in both.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { migratePgDatabase, openPgDatabase, type PgDb } from '../db/client.pg.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';
import { root } from './process-helpers.ts';

interface Shape {
  columns: Record<string, string[]>; // "name notnull|null", in column order
  primaryKeys: Record<string, string[]>;
  indexes: Record<string, string[]>; // "unique (a,b)" / "index (a,b)", sorted; primary keys excluded
  foreignKeys: Record<string, string[]>; // "(a) -> t(b) on delete cascade", sorted
}

function sqliteShape(): Shape {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  const c = db.$client;
  const shape: Shape = { columns: {}, primaryKeys: {}, indexes: {}, foreignKeys: {} };
  const tables = c.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name != '__drizzle_migrations' order by name").pluck().all() as string[];
  for (const table of tables) {
    const columns = c.prepare(`pragma table_info(${table})`).all() as { name: string; notnull: number; pk: number }[];
    // SQLite lets a primary key column be null unless declared NOT NULL; PostgreSQL never does.
    shape.columns[table] = columns.map((col) => `${col.name} ${col.notnull || col.pk ? 'notnull' : 'null'}`);
    shape.primaryKeys[table] = columns.filter((col) => col.pk > 0).sort((a, b) => a.pk - b.pk).map((col) => col.name);
    const indexes = c.prepare(`pragma index_list(${table})`).all() as { name: string; unique: number; origin: string }[];
    shape.indexes[table] = indexes
      .filter((index) => index.origin !== 'pk')
      .map((index) => {
        const cols = (c.prepare(`pragma index_info(${index.name})`).all() as { name: string }[]).map((col) => col.name);
        return `${index.unique ? 'unique' : 'index'} (${cols.join(',')})`;
      })
      .sort();
    const fks = c.prepare(`pragma foreign_key_list(${table})`).all() as { table: string; from: string; to: string; on_delete: string }[];
    shape.foreignKeys[table] = fks.map((fk) => `(${fk.from}) -> ${fk.table}(${fk.to}) on delete ${fk.on_delete.toLowerCase()}`).sort();
  }
  db.$client.close();
  return shape;
}

async function pgShape(db: PgDb): Promise<Shape> {
  const q = async <T>(text: string) => (await db.$client.query(text)).rows as T[];
  const shape: Shape = { columns: {}, primaryKeys: {}, indexes: {}, foreignKeys: {} };
  const columns = await q<{ table_name: string; column_name: string; is_nullable: string }>(
    "select table_name, column_name, is_nullable from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position",
  );
  for (const col of columns) (shape.columns[col.table_name] ??= []).push(`${col.column_name} ${col.is_nullable === 'NO' ? 'notnull' : 'null'}`);
  // Every index with its columns in key order; primary keys apart.
  const indexes = await q<{ table_name: string; primary: boolean; unique: boolean; cols: string[] }>(`
    select t.relname as table_name, i.indisprimary as primary, i.indisunique as unique,
           array(select a.attname from unnest(i.indkey) with ordinality k(attnum, n)
                 join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n)::text[] as cols
      from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace s on s.oid = t.relnamespace
     where s.nspname = 'public'`);
  for (const table of Object.keys(shape.columns)) {
    shape.primaryKeys[table] = indexes.find((i) => i.table_name === table && i.primary)?.cols ?? [];
    shape.indexes[table] = indexes.filter((i) => i.table_name === table && !i.primary).map((i) => `${i.unique ? 'unique' : 'index'} (${i.cols.join(',')})`).sort();
  }
  const fks = await q<{ table_name: string; cols: string[]; ref: string; ref_cols: string[]; on_delete: string }>(`
    select t.relname as table_name, r.relname as ref,
           array(select a.attname from unnest(c.conkey) with ordinality k(attnum, n) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.n)::text[] as cols,
           array(select a.attname from unnest(c.confkey) with ordinality k(attnum, n) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.n)::text[] as ref_cols,
           case c.confdeltype when 'c' then 'cascade' when 'a' then 'no action' when 'r' then 'restrict' when 'n' then 'set null' else 'set default' end as on_delete
      from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_class r on r.oid = c.confrelid join pg_namespace s on s.oid = t.relnamespace
     where c.contype = 'f' and s.nspname = 'public'`);
  for (const table of Object.keys(shape.columns)) {
    shape.foreignKeys[table] = fks.filter((fk) => fk.table_name === table).map((fk) => `(${fk.cols.join(',')}) -> ${fk.ref}(${fk.ref_cols.join(',')}) on delete ${fk.on_delete}`).sort();
  }
  return shape;
}

describe('PostgreSQL schema', function () {
  this.timeout(120_000);
  let cluster: PgCluster;
  before(async () => (cluster = await startPgCluster()));
  after(async () => cluster?.destroy());

  it('when its migrations are applied to an empty database, it has the tables, columns, keys, indexes and foreign keys of the SQLite schema', async () => {
    const db = openPgDatabase(await cluster.createDatabase('shape'));
    try {
      await migratePgDatabase(db);
      const expected = sqliteShape();
      const actual = await pgShape(db);
      expect(Object.keys(actual.columns).sort()).to.deep.equal(Object.keys(expected.columns).sort());
      for (const part of ['columns', 'primaryKeys', 'indexes', 'foreignKeys'] as const) {
        for (const table of Object.keys(expected.columns)) expect(actual[part][table], `${part} of ${table}`).to.deep.equal(expected[part][table]);
      }
    } finally {
      await db.$client.end();
    }
  });

  it('when several processes start at once on an empty database, each migrates it or finds it migrated', async () => {
    const url = await cluster.createDatabase('together');
    const dbs = [1, 2, 3].map(() => openPgDatabase(url));
    try {
      await Promise.all(dbs.map((db) => migratePgDatabase(db)));
      const { rows } = await dbs[0].$client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0].n).to.equal(readdirSync(join(root, 'db/migrations-pg')).filter((f) => f.endsWith('.sql')).length);
    } finally {
      await Promise.all(dbs.map((db) => db.$client.end()));
    }
  });

  for (const [dialect, schema, folder] of [
    ['sqlite', 'db/schema.ts', 'db/migrations'],
    ['postgresql', 'db/schema.pg.ts', 'db/migrations-pg'],
  ]) {
    it(`when drizzle-kit compares ${schema} with ${folder}, it finds nothing to generate`, async () => {
      const out = mkdtempSync(join(tmpdir(), 'iconmeta-migrations-'));
      try {
        cpSync(join(root, folder), out, { recursive: true });
        const { stdout, stderr } = await promisify(execFile)(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--dialect', dialect, '--schema', schema, '--out', relative(root, out)], { cwd: root }); // drizzle-kit takes the folder relative to the project
        expect(stdout + stderr).to.match(/No schema changes/);
        expect(readdirSync(out).sort()).to.deep.equal(readdirSync(join(root, folder)).sort());
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    });
  }
});
