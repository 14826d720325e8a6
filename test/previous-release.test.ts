// A database made by the previous release (test/fixtures/previous-release) is served by this one
// with nothing lost: on SQLite, migrated forward where it lies; on PostgreSQL, moved there with
// `admin db copy` (which migrates the target) as an operator would. Its release, its API token
// and its kit all answer as before.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { openPgDatabase } from '../db/client.pg.ts';
import { sqliteDatabase, type Database } from '../db/database.ts';
import { postgresDatabase } from '../db/database.pg.ts';
import { copySqliteToPostgres } from '../scripts/db-copy.ts';
import { buildTestApp, fixturePath, type TestApp } from './helpers.ts';
import { runCluster } from './pg-test-databases.ts';
import { onPostgres } from './test-dialect.ts';

/** What the previous release's admin command printed when it made the token. */
const API_TOKEN = 'im_api_v6QN1-TeRtmM4cQ9zog9XWRwOE8Ryi0XEIHYhc662No';

describe('a database made by the previous release', () => {
  let dir: string;
  let database: Database;
  let app: TestApp;

  before(async function () {
    this.timeout(60_000);
    dir = mkdtempSync(join(tmpdir(), 'iconmeta-previous-'));
    const file = join(dir, 'iconmeta.sqlite');
    copyFileSync(fixturePath('previous-release/iconmeta.sqlite'), file);
    const sqlite = openDatabase(file);
    migrateDatabase(sqlite);
    if (onPostgres) {
      const pg = openPgDatabase(await (await runCluster()).createDatabase('previous_release'));
      await copySqliteToPostgres(sqlite, pg);
      sqlite.$client.close();
      database = postgresDatabase(pg);
    } else database = sqliteDatabase(sqlite);
    app = await buildTestApp({ database });
  });

  after(async () => {
    await app?.close();
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves its release, icons and all', async () => {
    const { body } = await app.http.get('/releases').expect(200);
    expect(body.releases.map((release: { version: string }) => release.version)).to.deep.equal(['1.2.0']);
    const icons = await app.http.get('/releases/1.2.0/icons').expect(200);
    expect(icons.body.totalIconCount).to.equal(11);
  });

  it('exchanges its API token, and shows the token owner its kit', async () => {
    const exchanged = await app.http.post('/token').set('Authorization', `Bearer ${API_TOKEN}`).expect(200);
    const me = await app.http
      .post('/graphql')
      .set('Authorization', `Bearer ${exchanged.body.access_token}`)
      .send({ query: '{ me { email kits { name version } } }' })
      .expect(200);
    expect(me.body.data.me).to.deep.equal({ email: 'ops@example.test', kits: [{ name: 'Site', version: '1.2.0' }] });
  });
});
