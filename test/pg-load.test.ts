// The release loader on a real PostgreSQL server: the same document writes the same rows as on
// SQLite (ids included), replaces and removes, writes nothing when it fails, and two importers of
// one release at once end with one copy.
import { expect } from 'chai';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { migratePgDatabase, openPgDatabase } from '../db/client.pg.ts';
import { sqliteDatabase, type Database } from '../db/database.ts';
import { postgresDatabase } from '../db/database.pg.ts';
import { loadPrepared, prepareRelease } from '../seeds/add-release.ts';
import { DEFAULT_RELEASES, defaultPackageDir, seedDefaultsIfEmpty } from '../seeds/defaults.ts';
import { loadRelease, RELEASE_WRITE_LOCK, ReleaseExistsError, removeRelease } from '../seeds/load.ts';

import { fixtureDocument } from './helpers.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';
import { rowCounts, tableContents } from './pg-tables.ts';

describe('the release loader on PostgreSQL', function () {
  this.timeout(120_000);
  let cluster: PgCluster;
  let databases = 0;
  const opened: Database[] = [];
  before(async () => (cluster = await startPgCluster()));
  after(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await cluster?.destroy();
  });

  /** A fresh, migrated database on the cluster. */
  async function pgDatabase(): Promise<Database> {
    const pg = openPgDatabase(await cluster.createDatabase(`load_${++databases}`));
    await migratePgDatabase(pg);
    const database = postgresDatabase(pg);
    opened.push(database);
    return database;
  }
  function sqliteMemory(): Database {
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    return sqliteDatabase(db);
  }

  it('writes the rows SQLite writes for the fixture release, ids included', async () => {
    const [pg, sqlite] = [await pgDatabase(), sqliteMemory()];
    const ids = [await loadRelease(pg, fixtureDocument()), await loadRelease(sqlite, fixtureDocument())];
    expect(ids).to.deep.equal([1, 1]);
    const [onPg, onSqlite] = [await tableContents(pg), await tableContents(sqlite)];
    expect(rowCounts(onPg)).to.deep.equal(rowCounts(onSqlite));
    expect(onPg).to.deep.equal(onSqlite);
    expect(onPg.icons.length).to.be.greaterThan(5);
  });

  it('writes the rows SQLite writes for a real release with its files (7.3.1)', async () => {
    const [pg, sqlite] = [await pgDatabase(), sqliteMemory()];
    const prepared = await prepareRelease(defaultPackageDir('7.3.1'), {}, () => () => undefined);
    const timed = async (database: Database) => {
      const started = performance.now();
      await loadPrepared(database, prepared);
      return Math.round(performance.now() - started);
    };
    const [onPgMs, onSqliteMs] = [await timed(pg), await timed(sqlite)];
    const [onPg, onSqlite] = [await tableContents(pg), await tableContents(sqlite)];
    expect(rowCounts(onPg)).to.deep.equal(rowCounts(onSqlite));
    expect(onPg).to.deep.equal(onSqlite);
    expect(onPg.blobs.length).to.be.greaterThan(10);
    const rows = Object.values(rowCounts(onPg)).reduce((a, b) => a + b, 0);
    console.log(`      (7.3.1, ${rows} rows and ${prepared.files.length} files: written in ${onPgMs} ms on PostgreSQL, ${onSqliteMs} ms on SQLite)`);
  });

  it('refuses a loaded release, replaces it when asked, and removes it with the blobs no release names', async () => {
    const pg = await pgDatabase();
    await loadRelease(pg, fixtureDocument('1.0.0'));
    try {
      await loadRelease(pg, fixtureDocument('1.0.0'));
      expect.fail('a second load should be refused');
    } catch (error) {
      expect(error).to.be.instanceOf(ReleaseExistsError);
    }
    const changed = { ...fixtureDocument('1.0.0'), date: '2030-01-01' };
    changed.icons = [{ ...changed.icons[0], label: 'Changed' }, ...changed.icons.slice(1)];
    const files = [{ path: 'css/all.css', bytes: Buffer.from('a { }') }];
    await loadRelease(pg, changed, { replace: true, files });
    const { db, t } = pg;
    expect(await db.select({ version: t.releases.version, date: t.releases.date }).from(t.releases)).to.deep.equal([{ version: '1.0.0', date: '2030-01-01' }]);
    expect((await db.select({ label: t.icons.label }).from(t.icons)).filter((icon) => icon.label === 'Changed')).to.have.length(1);
    expect(await db.select({ sha256: t.blobs.sha256 }).from(t.blobs)).to.have.length(1);
    const changes = (await db.select().from(t.dataChanges)).map((row) => row.scope);
    expect(changes).to.deep.equal(['releases', 'releases']);

    expect(await removeRelease(pg, '1.0.0')).to.equal(true);
    expect(await removeRelease(pg, '1.0.0')).to.equal(false);
    const left = rowCounts(await tableContents(pg));
    expect(Object.entries(left).filter(([name, n]) => n > 0 && name !== 'dataChanges')).to.deep.equal([]);
    expect(left.dataChanges).to.equal(3);
  });

  it('writes nothing of a release that fails part-way', async () => {
    const pg = await pgDatabase();
    await loadRelease(pg, fixtureDocument('1.0.0'));
    const before = await tableContents(pg);
    // Two files at one path: the release_files insert fails after every other row was written.
    const files = [{ path: 'css/a.css', bytes: Buffer.from('1') }, { path: 'css/a.css', bytes: Buffer.from('2') }];
    let failed: Error | undefined;
    await loadRelease(pg, fixtureDocument('1.2.0'), { files }).catch((error: Error) => (failed = error));
    expect(failed?.message).to.match(/duplicate key/);
    expect(await tableContents(pg)).to.deep.equal(before);
    // And the pool's connections still work: the next load succeeds.
    await loadRelease(pg, fixtureDocument('1.2.0'));
  });

  it('ends with one copy when two processes import one release at once: the later is told it is loaded', async () => {
    const url = cluster.url(`load_${databases + 1}`);
    const first = await pgDatabase();
    // Two pools: two processes' connections.
    const second = postgresDatabase(openPgDatabase(url));
    opened.push(second);
    // Both start while a third session holds the lock release writers take: both are under way
    // (waiting) before either can write.
    const holder = await first.pg!.$client.connect();
    await holder.query('select pg_advisory_lock($1)', [RELEASE_WRITE_LOCK]);
    const importing = Promise.allSettled([loadRelease(first, fixtureDocument()), loadRelease(second, fixtureDocument())]);
    const waiting = async () => Number((await holder.query("select count(*) as n from pg_locks where locktype = 'advisory' and not granted")).rows[0].n);
    while ((await waiting()) < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    await holder.query('select pg_advisory_unlock($1)', [RELEASE_WRITE_LOCK]);
    holder.release();
    const outcomes = await importing;
    const [loaded, refused] = [outcomes.filter((o) => o.status === 'fulfilled'), outcomes.filter((o) => o.status === 'rejected')];
    expect(loaded).to.have.length(1);
    expect(refused).to.have.length(1);
    expect((refused[0] as PromiseRejectedResult).reason).to.be.instanceOf(ReleaseExistsError);
    const { db, t } = first;
    expect(await db.select({ version: t.releases.version }).from(t.releases)).to.deep.equal([{ version: '1.2.0' }]);
    expect(await db.select({ id: t.icons.id }).from(t.icons)).to.have.length(fixtureDocument().icons.length);
  });

  it('seeds the default releases once when two replicas start on an empty database together', async () => {
    const first = await pgDatabase();
    const second = postgresDatabase(openPgDatabase(cluster.url(`load_${databases}`)));
    opened.push(second);
    const quiet = { info: () => {} };
    const seeded = await Promise.all([seedDefaultsIfEmpty(first, quiet), seedDefaultsIfEmpty(second, quiet)]);
    expect(seeded.some((n) => n === DEFAULT_RELEASES.length)).to.equal(true);
    const { db, t } = first;
    expect((await db.select({ version: t.releases.version }).from(t.releases)).map((r) => r.version).sort()).to.deep.equal([...DEFAULT_RELEASES].sort());
    expect(await seedDefaultsIfEmpty(second, quiet)).to.equal(0);
  });
});
