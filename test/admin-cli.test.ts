import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadRelease } from '../seeds/load.ts';
import { buildTestApp, fixtureDocument } from './helpers.ts';
import { sharedTestDatabase, type SharedTestDatabase } from './shared-test-database.ts';

const run = promisify(execFile);
const root = new URL('..', import.meta.url).pathname;

describe('admin command', function () {
  this.timeout(60_000);
  let dir: string; // the SVG files uploaded
  let shared: SharedTestDatabase;
  const admin = (...args: string[]) => run('node', ['scripts/admin.ts', ...args], { cwd: root, env: { ...process.env, ...shared.env } });
  const failing = (...args: string[]) =>
    admin(...args).then(
      () => expect.fail('the command should have failed'),
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
  const lastLine = (stdout: string) => stdout.trimEnd().split('\n').at(-1)!;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'iconmeta-admin-'));
    shared = await sharedTestDatabase('fixtures 1.2.0 shared', (db) => loadRelease(db, fixtureDocument('1.2.0')));
  });
  after(async () => {
    await shared?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a token and a kit that a client can exchange and read through the server', async () => {
    const tokenOut = await admin('token', 'create', '--email', 'ops@example.test', '--scopes', 'kits_read,profile_read', '--name', 'wordpress');
    const apiToken = lastLine(tokenOut.stdout);
    expect(apiToken).to.match(/^im_api_[A-Za-z0-9_-]{43}$/);
    const kitOut = await admin('kit', 'create', '--email', 'ops@example.test', '--name', 'Site', '--version', '1.x', '--license', 'free', '--technology', 'webfont', '--domain', 'a.test', '--domain', 'b.test');
    const kitToken = lastLine(kitOut.stdout);
    expect(kitToken).to.match(/^[0-9a-f]{10}$/);
    const svg = join(dir, 'logo.svg');
    writeFileSync(svg, '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 448 512"><g><path d="M0 0h448v512z"/></g></svg>');
    expect((await admin('upload', 'add', '--kit', kitToken, '--name', 'logo', '--svg', svg)).stdout).to.match(/added logo \(U\+e000, 448x512\)/);

    const { http } = await buildTestApp({ database: shared.connect() });
    const access = (await http.post('/token').set('Authorization', `Bearer ${apiToken}`).expect(200)).body.access_token;
    const res = await http
      .post('/graphql')
      .set('Authorization', `Bearer ${access}`)
      .send({ query: '{ me { email kits { name token technologySelected domains iconUploads { name } } } }' })
      .expect(200);
    expect(res.body.data.me).to.deep.equal({ email: 'ops@example.test', kits: [{ name: 'Site', token: kitToken, technologySelected: 'webfont', domains: ['a.test', 'b.test'], iconUploads: [{ name: 'logo' }] }] });
  });

  it('lists accounts, tokens (never their values) and kits, and revokes tokens', async () => {
    await admin('account', 'create', '--email', 'second@example.test');
    expect((await admin('account', 'list')).stdout).to.match(/ops@example\.test[\s\S]*second@example\.test/);
    const created = lastLine((await admin('token', 'create', '--email', 'second@example.test', '--scopes', 'public', '--expires-in', '30')).stdout);
    const tokens = (await admin('token', 'list', '--email', 'second@example.test')).stdout;
    expect(tokens).to.not.include(created);
    const id = tokens.trim().split('\t')[0];
    expect((await admin('token', 'revoke', id)).stdout).to.match(/revoked/);
    expect((await failing('token', 'revoke', id)).code).to.equal(2);
    expect((await admin('kit', 'list', '--email', 'ops@example.test')).stdout).to.match(/\tops@example\.test\tSite\t1\.x\tfree\twebfont\t2/);
  });

  it('refuses bad arguments with a usage message and exit code 2, writing nothing', async () => {
    const cases: string[][] = [
      ['token', 'create', '--email', 'x@example.test', '--scopes', 'everything'],
      ['token', 'create', '--email', 'not-an-email', '--scopes', 'public'],
      ['token', 'create', '--scopes', 'public'],
      ['kit', 'create', '--email', 'x@example.test', '--name', 'K', '--version', 'seven', '--license', 'free', '--technology', 'svg'],
      ['kit', 'create', '--email', 'x@example.test', '--name', 'K', '--version', '7.x', '--license', 'gold', '--technology', 'svg'],
      ['frobnicate'],
    ];
    for (const args of cases) {
      const error = await failing(...args);
      expect(error.code, args.join(' ')).to.equal(2);
      expect(error.stderr, args.join(' ')).to.match(/error|admin:/);
    }
    expect((await admin('account', 'list')).stdout).to.not.include('x@example.test');
  });

  it('refuses invalid SVG uploads with a clear error', async () => {
    const kitToken = lastLine((await admin('kit', 'create', '--email', 'ops@example.test', '--name', 'K2', '--version', '1.2.0', '--license', 'pro', '--technology', 'svg')).stdout);
    const bad: [string, RegExp][] = [
      ['<svg viewBox="0 0 10 10"><circle r="5"/></svg>', /<circle> is not supported/],
      ['<svg><path d="M0 0z"/></svg>', /viewBox/],
      ['<svg viewBox="0 0 10 10"><path d="M0 0z"/>', /well-formed/],
      ['<svg viewBox="0 0 10 10"></svg>', /found 0/],
      ['<div/>', /single <svg>/],
    ];
    for (const [text, message] of bad) {
      const file = join(dir, 'bad.svg');
      writeFileSync(file, text);
      const error = await failing('upload', 'add', '--kit', kitToken, '--name', 'bad', '--svg', file);
      expect(error.code).to.equal(2);
      expect(error.stderr).to.match(message);
    }
    expect((await failing('upload', 'add', '--kit', 'nokit', '--name', 'x', '--svg', join(dir, 'bad.svg'))).stderr).to.match(/no kit/);
  });

  it("sets a kit's subset, shows it in kit list, bumps the revision, and refuses subsets the release cannot hold", async () => {
    const kitToken = lastLine((await admin('kit', 'create', '--email', 'ops@example.test', '--name', 'Subset', '--version', '1.x', '--license', 'free', '--technology', 'svg')).stdout);
    const set = await admin('kit', 'subset', kitToken, '--family-style', 'fas', '--family-style', 'far', '--only', 'far:home,calendar');
    // Aliases become icon ids; the revision moves so clients refresh their caches.
    expect(set.stdout).to.match(/subset: CUSTOM fas;far:calendar,house \(revision 2\)/);
    expect((await admin('kit', 'list')).stdout).to.include(`${kitToken}\tops@example.test\tSubset\t1.x\tfree\tsvg\t2\tCUSTOM fas;far:calendar,house`);
    const refused = await failing('kit', 'subset', kitToken, '--family-style', 'fal', '--family-style', 'far', '--only', 'far:alien');
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.match(/fal is not a family-style with free icons[\s\S]*far has no free icon alien/);
    expect((await failing('kit', 'subset', kitToken, '--full', '--family-style', 'fas')).stderr).to.match(/exactly one of --full, --auto or --family-style/);
    expect((await admin('kit', 'subset', kitToken, '--full')).stdout).to.match(/subset: FULL \(revision 3\)/);
  });

  it('has --help on every level', async () => {
    for (const args of [[], ['token'], ['token', 'create'], ['kit', 'create'], ['kit', 'subset'], ['upload', 'add'], ['account']]) {
      expect((await admin(...args, '--help')).stdout, args.join(' ')).to.match(/Usage: admin/);
    }
  });
});
