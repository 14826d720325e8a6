// The index of every icon is kept in a file beside a SQLite database: a restarted server reads it
// instead of building it, answers as the index it built did, and builds it again when the sets
// it was built from changed.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import pino from 'pino';
import { sqliteDatabase } from '../db/database.ts';
import { openDatabase } from '../db/client.ts';
import { addIconSets } from '../seeds/iconify/add-sets.ts';
import { syncFontAwesomeSets } from '../seeds/iconify/font-awesome-sets.ts';
import { buildTestApp, loadedSqlite, loadPackages, type TestApp } from './helpers.ts';
import { root } from './process-helpers.ts';

const run = promisify(execFile);

describe('the kept index of every icon (a SQLite file)', function () {
  this.timeout(60_000);
  let folder: string;
  let file: string;
  const apps: TestApp[] = [];
  const said: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void said.push((JSON.parse(line) as { msg: string }).msg) });
  const start = async () => {
    const app = await buildTestApp({ database: sqliteDatabase(openDatabase(file)), logger });
    apps.push(app);
    return app;
  };
  /** An IconifyJSON file of one icon, in the test's folder; its path. */
  const writeSet = (prefix: string, name: string, icon: string) => {
    const set = join(folder, `${prefix}.json`);
    const info = { name, total: 1, author: { name: 'Test' }, license: { title: 'MIT', spdx: 'MIT' } };
    writeFileSync(set, JSON.stringify({ prefix, info, width: 24, height: 24, icons: { [icon]: { body: '<path d="M0 0h24v24H0z"/>' } } }));
    return set;
  };
  const ids = async (app: TestApp, query: string) => (await app.iconSearch.find({ query, limit: 10, explain: true })).icons.map((icon) => `${icon.id} ${icon.why!.join(', ')}`);

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'iconmeta-index-file-'));
    file = join(folder, 'icons.sqlite');
    const db = await loadedSqlite(file, async (db) => {
      await loadPackages(['7.3.1'])(db);
      await syncFontAwesomeSets(db);
      await addIconSets(db, join(root, 'node_modules/@iconify-json/mdi'));
    });
    db.$client.close();
  });
  after(async () => {
    for (const app of apps) {
      await app.close();
      app.database.sqlite!.$client.close();
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it('is written after the first build, read at the next start, and answers the same', async () => {
    const first = await start();
    const built = await ids(first, 'dismiss the notification');
    // Written in the background once built.
    for (let waited = 0; !existsSync(`${file}.search-index`) && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(`${file}.search-index`)).to.equal(true);
    said.length = 0;
    const second = await start();
    expect(await ids(second, 'dismiss the notification')).to.deep.equal(built).and.to.have.length(10);
    expect(said).to.include('search index of every icon read').and.not.include('search index of every icon built');
    expect(await ids(second, 'settings')).to.deep.equal(await ids(first, 'settings'));
    expect((await second.http.get('/iconify/keywords?prefix=arr').expect(200)).body).to.deep.equal((await first.http.get('/iconify/keywords?prefix=arr').expect(200)).body);
  });

  it('is built again when the sets changed (the kept file names other sets)', async () => {
    const app = await start();
    expect(await ids(app, 'zebra')).to.not.include.members(['zebras:zebra-crossing zebra']);
    const set = writeSet('zebras', 'Zebras', 'zebra-crossing');
    const writer = openDatabase(file);
    await addIconSets(writer, set);
    writer.$client.close();
    said.length = 0;
    const after = await start();
    expect((await ids(after, 'zebra crossing'))[0]).to.equal('zebras:zebra-crossing zebra, crossing');
    expect(said).to.include('search index of every icon built');
  });

  it('is kept by `seed add` itself, so that the next start reads it instead of building it', async () => {
    const set = writeSet('lanterns', 'Lanterns', 'paper-lantern');
    const { stdout } = await run(process.execPath, ['server/main.ts', 'seed', 'add', set], { cwd: root, env: { ...process.env, DATABASE_PATH: file } });
    expect(stdout).to.match(/search index kept for the next start/);
    said.length = 0;
    const after = await start();
    expect((await ids(after, 'paper lantern'))[0]).to.equal('lanterns:paper-lantern paper, lantern');
    expect(said).to.include('search index of every icon read').and.not.include('search index of every icon built');
  });
});
