// Every published Font Awesome Free release, imported from its real package and checked against
// the facts clients rely on. Slow (fetches ~70 packages once into RELEASES_CACHE, default
// data/release-packages, then imports them all): run with `npm run test:releases`, not `npm test`.
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import semver from 'semver';
import { migrateDatabase, openDatabase, type Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { sqliteDatabase } from '../db/database.ts';
import { addRelease, importOrder } from '../seeds/add-release.ts';
import { checkReleases } from '../seeds/check-releases.ts';
import { cachedRelease, publishedVersions } from '../seeds/import/package-source.ts';
import { isListed } from '../seeds/import/release-list.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

describe('every published release, from its real package', function () {
  this.timeout(60 * 60_000);
  const cache = resolve(process.env.RELEASES_CACHE ?? 'data/release-packages');
  let published: string[];
  let db: Db;

  before(async () => {
    published = await publishedVersions();
    const sources = new Map<string, string>();
    for (const version of published) sources.set(version, await cachedRelease(version, cache));
    db = openDatabase(':memory:');
    migrateDatabase(db);
    for (const version of importOrder(published)) await addRelease(db, sources.get(version)!);
  });

  it('imports all 69 stable releases, 5.0.1 to 7.3.1', () => {
    expect(published).to.have.length(69);
    expect(db.select().from(t.releases).all()).to.have.length(69);
  });

  it('passes every release-fact check (seed check)', async () => {
    const report = await checkReleases(db);
    expect(report.releases).to.equal(69);
    expect(report.problems).to.deep.equal([]);
  });

  it('gives plain SRI paths only, 13 to 17 per release from 5.1.0, none for 5.0.x', () => {
    for (const release of db.select().from(t.releases).all()) {
      const sris = db.select().from(t.releaseSris).all().filter((s) => s.releaseId === release.id);
      expect(sris.filter((s) => /\.min\.(css|js)$/.test(s.path)), release.version).to.deep.equal([]);
      if (semver.lt(release.version, '5.1.0')) expect(sris, release.version).to.deep.equal([]);
      else expect(sris.length, release.version).to.be.within(13, 17);
    }
  });

  it('serves, for every release, the bytes each srisByLicense value is the hash of at its path (over HTTP)', async () => {
    const { http } = await buildTestApp({ database: sqliteDatabase(db) });
    const { body } = await http.post('/').send({ query: '{ releases { version srisByLicense { free { path value } } } }' }).expect(200);
    let checked = 0;
    for (const release of body.data.releases) {
      for (const { path, value } of release.srisByLicense.free) {
        const res = await http.get(`/releases/v${release.version}/${path}`).buffer(true).parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
        expect(res.status, `${release.version} ${path}`).to.equal(200);
        expect(`sha384-${createHash('sha384').update(res.body).digest('base64')}`, `${release.version} ${path}`).to.equal(value);
        checked++;
      }
    }
    expect(checked).to.be.above(59 * 13);
  });

  it("gives 7.0.0's css/all.css the public API's value", () => {
    const release = db.select().from(t.releases).all().find((r) => r.version === '7.0.0')!;
    const sri = db.select().from(t.releaseSris).all().find((s) => s.releaseId === release.id && s.path === 'css/all.css');
    expect(sri!.value).to.equal('sha384-tGBVFh2h9Zcme3k9gJLbGqDpD+jRd419j/6N32rharcTZa1X6xgxug6pFMGonjxU');
  });

  it('dates every release on or before the next one, 5.0.x and 5.1.1 as the public API does', () => {
    const releases = db.select().from(t.releases).all().sort((a, b) => semver.compare(a.version, b.version));
    for (let i = 1; i < releases.length; i++) expect(releases[i - 1].date <= releases[i].date, releases[i].version).to.equal(true);
    const date = (v: string) => releases.find((r) => r.version === v)!.date;
    expect([date('5.0.1'), date('5.0.3'), date('5.0.13'), date('5.1.1'), date('7.3.1')]).to.deep.equal(['2017-12-08', '2018-01-08', '2018-05-10', '2018-07-16', '2026-07-14']);
  });

  it('lists for `seed add --all` the 67 releases the public API has (not 5.0.7, 5.0.11)', () => {
    const listed = published.filter(isListed);
    expect(listed).to.have.length(67);
    expect(listed).to.not.include.members(['5.0.7', '5.0.11']);
  });
});
