import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import { z } from 'zod';
import { releaseDocument } from '../seeds/import/document.ts';
import { loadRelease } from '../seeds/load.ts';
import { buildTestApp, fixtureDocument, fixturePath, loadInto } from './helpers.ts';
import { within } from './process-helpers.ts';
import { sharedTestDatabase, type SharedTestDatabase } from './shared-test-database.ts';
import { onPostgres } from './test-dialect.ts';

const run = promisify(execFile);
const root = new URL('..', import.meta.url).pathname;

describe('seed command', function () {
  this.timeout(60_000);
  let dir: string;
  let shared: SharedTestDatabase;
  const seed = (...args: string[]) => run('node', ['seeds/cli.ts', ...args], { cwd: root, env: { ...process.env, ...shared.env } });
  const failing = (...args: string[]) =>
    seed(...args).then(
      () => expect.fail('the command should have failed'),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'iconmeta-seed-'));
    shared = await sharedTestDatabase('empty', () => {});
  });
  after(async () => {
    await shared?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds a package folder, a .tgz and a release document, then lists and removes them', async () => {
    // An npm tarball holds the package under package/.
    const tgz = join(dir, 'icons-yml.tgz');
    const folder = fixturePath('fa-icons-yml');
    await tar.c({ gzip: true, file: tgz, cwd: folder, prefix: 'package' }, readdirSync(folder));
    const docFile = join(dir, 'release.json');
    writeFileSync(docFile, JSON.stringify(fixtureDocument('3.0.0')));

    expect((await seed('add', fixturePath('fa-icon-families'))).stdout).to.match(/imported 7\.3\.1: 5 icons/);
    expect((await seed('add', tgz)).stdout).to.match(/imported 5\.15\.4: 5 icons/);
    expect((await seed('add', docFile)).stdout).to.match(/imported 3\.0\.0: 11 icons/);
    const lines = (await seed('list')).stdout.trim().split('\n');
    expect(lines.filter((line) => !line.startsWith('set\t')).map((line) => line.split('\t')[0])).to.deep.equal(['3.0.0', '5.15.4', '7.3.1']);
    // The Iconify sets made from the Font Awesome releases (5.x: fa-*, 7.x: fa7-*) follow them.
    const sets = lines.filter((line) => line.startsWith('set\t')).map((line) => line.split('\t')[1]);
    expect(sets).to.include.members(['fa-solid', 'fa7-solid']);
    expect((await seed('remove', '3.0.0')).stdout).to.match(/removed 3\.0\.0/);
  });

  it('refuses a release that is present, and replaces it when asked', async () => {
    const error = await failing('add', fixturePath('fa-icon-families'));
    expect(error.code).to.equal(1);
    expect(error.stderr).to.match(/already loaded/);
    await seed('add', '--replace', fixturePath('fa-icon-families'));
  });

  it('fails clearly on unknown sources and malformed documents, writing nothing', async () => {
    expect((await failing('add', 'not-a-version')).stderr).to.match(/not a release version/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...fixtureDocument('4.0.0'), icons: 'none' }));
    expect((await failing('add', bad)).stderr).to.match(/invalid release document[\s\S]*icons/);
    writeFileSync(bad, '{ not json');
    expect((await failing('add', bad)).stderr).to.match(/not valid JSON/);
    expect((await seed('list')).stdout).to.not.match(/4\.0\.0/);
  });

  it('checks the release facts of every loaded release, naming each broken rule and exiting 1', async () => {
    // The trimmed 7.3.1 fixture ships no CSS or JS: no SRI values, no v4-shims.js.
    const error = await failing('check');
    expect(error.code).to.equal(1);
    expect(error.stdout).to.match(/7\.3\.1: 0 free SRI values/).and.match(/7\.3\.1: \d+ shims/).and.match(/\d+ releases checked, \d+ problems/);
  });

  it('gives a usage error (exit 2) for bad arguments', async () => {
    expect((await failing('add')).code).to.equal(2);
    expect((await failing('frobnicate')).code).to.equal(2);
  });
});

describe('a running server', () => {
  it('sees releases that another process adds to its database', async () => {
    const shared = await sharedTestDatabase('fixtures 1.0.0 shared', (db) => loadRelease(db, fixtureDocument('1.0.0')));
    try {
      const { http } = await buildTestApp({ database: shared.connect() });
      expect((await http.get('/releases').expect(200)).body.releases).to.have.length(1);
      await http.get('/releases/1.1.0/family-styles').expect(404);

      const seeder = shared.connect(); // as the seed CLI would, from another process
      await loadInto(seeder, fixtureDocument('1.1.0'));
      await seeder.close();

      // SQLite's data_version is checked before each request: seen at once. PostgreSQL's commits
      // are heard through NOTIFY, which takes a moment: seen within a second (README, Coherence).
      const versions = async () => (await http.get('/releases').expect(200)).body.releases.map((r: any) => r.version);
      if (onPostgres) await within(1000, async () => (await versions()).length === 2);
      expect(await versions()).to.deep.equal(['1.0.0', '1.1.0']);
      await http.get('/releases/1.1.0/family-styles').expect(200);
    } finally {
      await shared.remove();
    }
  });
});

describe('the release document JSON Schema in the repository', () => {
  it('is the one generated from the zod shape (npm run schema:document)', () => {
    const committed = JSON.parse(readFileSync(new URL('../seeds/release-document.schema.json', import.meta.url), 'utf8'));
    const { title: _title, ...generated } = { title: '', ...z.toJSONSchema(releaseDocument, { io: 'input' }) };
    const { title: _t, ...rest } = committed;
    expect(rest).to.deep.equal(JSON.parse(JSON.stringify(generated)));
  });
});
