// `admin db copy`: a SQLite database with releases, files, tokens, kits and builds into an empty
// PostgreSQL database, through the real command; the copy holds the same rows and serves.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { eq } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Db } from '../db/client.ts';
import { openPgDatabase } from '../db/client.pg.ts';
import { sqliteDatabase, type Database } from '../db/database.ts';
import { postgresDatabase } from '../db/database.pg.ts';
import { adminServices } from '../scripts/admin-program.ts';
import { verifyCopy } from '../scripts/db-copy.ts';
import { loadRelease } from '../seeds/load.ts';
import { hashToken } from '../server/auth/secrets.ts';
import { fixtureDocument } from './helpers.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';
import { root } from './process-helpers.ts';
import { rowCounts, tableContents } from './pg-tables.ts';

const run = promisify(execFile);

describe('admin db copy (SQLite -> PostgreSQL)', function () {
  this.timeout(120_000);
  let cluster: PgCluster;
  let dir: string;
  let file: string;
  let sqlite: Db;
  let apiToken: string;
  const opened: Database[] = [];
  const admin = (...args: string[]) => run('node', ['scripts/admin.ts', ...args], { cwd: root, env: { ...process.env, DATABASE_URL: '', DATABASE_PATH: join(dir, 'unused.sqlite') } });
  const failing = (...args: string[]) =>
    admin(...args).then(
      () => expect.fail('the command should have failed'),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  const pgOf = (url: string) => {
    const database = postgresDatabase(openPgDatabase(url));
    opened.push(database);
    return database;
  };

  before(async () => {
    cluster = await startPgCluster();
    dir = mkdtempSync(join(tmpdir(), 'iconmeta-copy-'));
    file = join(dir, 'source.sqlite');
    sqlite = openDatabase(file);
    migrateDatabase(sqlite);
    await loadRelease(sqlite, fixtureDocument('1.0.0'));
    await loadRelease(sqlite, fixtureDocument('1.2.0'), { files: [{ path: 'css/all.css', bytes: Buffer.from('.fa { }') }, { path: 'webfonts/a.woff2', bytes: Buffer.from([0, 1, 2, 255]) }] });
    const services = adminServices(sqliteDatabase(sqlite), 3600);
    apiToken = (await services.auth.createApiToken({ email: 'ops@example.test', scopes: ['kits_read', 'profile_read'] })).token;
    const kit = await services.kits.create({ email: 'ops@example.test', name: 'Site', version: '1.x', license: 'free', technology: 'svg', domains: ['a.test'] });
    await services.kits.addUpload(kit.token, 'logo', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 448 512"><path d="M0 0h448v512z"/></svg>');
    await services.auth.exchange(`Bearer ${apiToken}`);
    sqlite.insert(sqlite._.fullSchema.builds).values({ id: 'b1', kind: 'kit', kitId: 1, buildType: 'WEB', request: '{}', status: 'READY', zip: Buffer.from('PK\x03\x04'), createdAt: '2026-01-01T00:00:00.000Z' }).run();
    sqlite.insert(sqlite._.fullSchema.rateLimits).values({ key: 'client', hits: 3, resetAt: 1_900_000_000_000 }).run();
  });
  after(async () => {
    await Promise.all(opened.map((database) => database.close()));
    sqlite?.$client.close();
    await cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table with its ids and types, verifies it, and the copy serves', async () => {
    const url = await cluster.createDatabase('copied');
    const { stdout } = await admin('db', 'copy', '--from', file, '--to', url);
    if (process.env.SHOW_COPY) console.log(stdout);
    expect(stdout).to.match(/^icons\t\d+\t\d+\tsame$/m);
    expect(stdout).to.match(/every count and key hash matches/);

    const pg = pgOf(url);
    const [onPg, onSqlite] = [await tableContents(pg), await tableContents(sqliteDatabase(sqlite))];
    expect(rowCounts(onPg)).to.deep.equal(rowCounts(onSqlite));
    expect(onPg).to.deep.equal(onSqlite);
    expect(onPg.releases.length).to.equal(2);
    expect(onPg.kitIconUploads.length).to.equal(1);

    // The copied token is found by its hash and exchanges; new rows take fresh ids.
    const services = adminServices(pg, 3600);
    const { db, t } = pg;
    expect(await db.select({ id: t.apiTokens.id }).from(t.apiTokens).where(eq(t.apiTokens.tokenHash, hashToken(apiToken)))).to.deep.equal([{ id: 1 }]);
    expect(await services.auth.exchange(`Bearer ${apiToken}`)).to.include({ token_type: 'Bearer' });
    const second = await services.auth.createApiToken({ email: 'other@example.test', scopes: ['profile_read'] });
    expect(second.id).to.equal(2);
    expect((await services.auth.accounts()).map((a) => a.id)).to.deep.equal([1, 2]);
  });

  it('tells a copy that differs from its source, by table', async () => {
    const url = await cluster.createDatabase('tampered');
    await admin('db', 'copy', '--from', file, '--to', url);
    const pg = pgOf(url);
    const client = await pg.pg!.$client.connect();
    try {
      expect((await verifyCopy(sqlite, client)).every((t) => t.source === t.target && t.keysMatch)).to.equal(true);
      await client.query("update rate_limits set key = 'someone else'");
      await client.query('delete from icon_search_terms where ctid = (select ctid from icon_search_terms limit 1)');
      const wrong = (await verifyCopy(sqlite, client)).filter((t) => t.source !== t.target || !t.keysMatch);
      expect(wrong.map(({ table, keysMatch }) => ({ table, keysMatch }))).to.deep.equal([
        { table: 'icon_search_terms', keysMatch: false },
        { table: 'rate_limits', keysMatch: false },
      ]);
      expect(wrong[0].target).to.equal(wrong[0].source - 1);
    } finally {
      client.release();
    }
  });

  it('refuses a database that holds rows, and replaces them when asked', async () => {
    const url = await cluster.createDatabase('filled');
    await admin('db', 'copy', '--from', file, '--to', url);
    const refused = await failing('db', 'copy', '--from', file, '--to', url);
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.match(/not empty \(.*releases.*\).*--replace/);
    const { stdout } = await admin('db', 'copy', '--from', file, '--to', url, '--replace');
    expect(stdout).to.match(/every count and key hash matches/);
    expect(rowCounts(await tableContents(pgOf(url)))).to.deep.equal(rowCounts(await tableContents(sqliteDatabase(sqlite))));
  });

  it('writes nothing when a row cannot be copied', async () => {
    const url = await cluster.createDatabase('failed');
    const broken = join(dir, 'broken.sqlite');
    const db = openDatabase(broken);
    migrateDatabase(db);
    await loadRelease(db, fixtureDocument('1.0.0'));
    // SQLite keeps text in an integer column; PostgreSQL refuses it, late in the copy.
    db.$client.prepare("insert into rate_limits (key, hits, reset_at) values ('x', 'many', 0)").run();
    db.$client.close();
    const error = await failing('db', 'copy', '--from', broken, '--to', url);
    expect(error.code).to.equal(1);
    expect(error.stderr).to.match(/integer/);
    const counts = rowCounts(await tableContents(pgOf(url)));
    expect(Object.values(counts).every((n) => n === 0)).to.equal(true);
  });
});
