// dist/iconmeta, the single executable, as an operator uses it: copied alone into an empty folder
// and run with no Node on PATH. It serves the default releases (no network), answers REST and
// GraphQL, runs the admin and seed commands, and stops cleanly on SIGTERM.
import { expect } from 'chai';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildExecutable } from '../scripts/build.ts';
import { exited, freePort, get, postJson, root } from './process-helpers.ts';
import { describeSqliteOnly } from './test-dialect.ts';

const execute = promisify(execFile);

describeSqliteOnly('the single executable serves its own SQLite file')('the single executable (dist/iconmeta)', function () {
  this.timeout(180_000);
  let dir: string;
  let env: Record<string, string>;
  let server: ChildProcess | undefined;
  let port: number;
  const iconmeta = (...args: string[]) => execute('./iconmeta', args, { cwd: dir, env });

  before(async () => {
    const { file } = await buildExecutable();
    dir = mkdtempSync(join(tmpdir(), 'iconmeta-executable-'));
    copyFileSync(file, join(dir, 'iconmeta'));
    port = await freePort();
    // No Node, npm or project on PATH or in the folder: only the executable.
    env = { HOME: join(dir, 'home'), PATH: '/nonexistent', PORT: String(port), HOST: '127.0.0.1' };
  });
  after(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
      await exited(server);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints its version and its command tree', async () => {
    const { stdout } = await iconmeta('--version');
    expect(stdout.trim()).to.equal((await import('../package.json', { with: { type: 'json' } })).default.version);
    const help = await iconmeta('--help');
    expect(help.stdout).to.match(/^ {2}serve\b/m).and.match(/^ {2}seed\b/m).and.match(/^ {2}admin\b/m);
  });

  it('serves an empty folder: seeds the default releases, logs at once, answers REST and GraphQL', async () => {
    server = spawn('./iconmeta', ['serve'], { cwd: dir, env });
    let out = '';
    server.stdout!.on('data', (c) => (out += c));
    server.stderr!.on('data', (c) => (out += c));
    const deadline = Date.now() + 120_000;
    while (!/"msg":"iconmeta listening"/.test(out) && Date.now() < deadline && server.exitCode === null) await new Promise((r) => setTimeout(r, 100));
    expect(out, out).to.match(/"msg":"iconmeta listening"/);
    expect(out).to.match(/imported 7\.3\.1: \d+ icons/);
    expect(existsSync(join(dir, 'data', 'iconmeta.sqlite'))).to.equal(true);
    // The addon and the data files were unpacked once, into the user's cache.
    const [build] = readdirSync(join(dir, 'home', '.cache', 'iconmeta'));
    expect(existsSync(join(dir, 'home', '.cache', 'iconmeta', build, 'node_modules/better-sqlite3/prebuilds/linux-x64.node'))).to.equal(true);

    const releases = JSON.parse((await get(port, '/releases')).body).releases.map((r: { version: string }) => r.version);
    expect(releases).to.deep.equal(['5.15.4', '6.7.2', '7.3.1']);
    const graphql = await postJson(port, '/', { query: '{ release(version: "7.x") { version icon(name: "coffee") { id unicodeHex } } }' });
    expect(JSON.parse(graphql.body)).to.deep.equal({ data: { release: { version: '7.3.1', icon: { id: 'mug-saucer', unicodeHex: 'f0f4' } } } });
  });

  it('serves the icon browser with its web/ files, carried in the executable', async () => {
    const page = await get(port, '/');
    expect(page.status).to.equal(200);
    expect(page.body).to.match(/<a class="cell" href="\/icons\/[^"?]+\?v=7\.3\.1" tabindex="0"/);
    const found = await get(port, '/search?q=coffee&v=7.3.1');
    expect(found.body).to.contain('<a class="hit" href="/icons/mug-saucer?v=7.3.1">');
    const scripts = [...page.body.matchAll(/src="(\/web\/[^"]+)"/g)].map((m) => m[1]);
    expect(scripts.map((s) => s.split('/').at(-1))).to.deep.equal(['app.js', 'browse.js']);
    for (const script of scripts) expect((await get(port, script)).status, script).to.equal(200);
  });

  it("serves the default releases' files with their SRI values, and builds a subset (harfbuzz from its own tree)", async () => {
    const sris = JSON.parse((await postJson(port, '/', { query: '{ release(version: "7.3.1") { srisByLicense { free { path value } } } }' })).body).data.release.srisByLicense.free;
    const css = await get(port, '/releases/v7.3.1/css/all.css');
    expect(css.status).to.equal(200);
    expect(`sha384-${createHash('sha384').update(css.body, 'utf8').digest('base64')}`).to.equal(sris.find((s: { path: string }) => s.path === 'css/all.css').value);
    const created = JSON.parse((await postJson(port, '/', { query: 'mutation { createSubset(icons: [{ name: "house" }]) { id } }' })).body);
    const query = `subscription { subsetCreated(id: "${created.data.createSubset.id}") { status url failureReason } }`;
    let state: { status: string; url: string | null; failureReason: string | null } = { status: 'PENDING', url: null, failureReason: null };
    for (let i = 0; i < 100 && state.status === 'PENDING'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = JSON.parse((await postJson(port, '/', { query })).body).data.subsetCreated;
    }
    expect(state).to.include({ status: 'READY', failureReason: null });
    expect((await get(port, state.url!)).status).to.equal(200);
  });

  it('creates an API token with `admin token create` that POST /token exchanges', async () => {
    const { stdout } = await iconmeta('admin', 'token', 'create', '--email', 'ops@example.test', '--scopes', 'kits_read', '--name', 'smoke');
    const apiToken = stdout.trimEnd().split('\n').at(-1)!;
    expect(apiToken).to.match(/^im_api_/);
    const exchanged = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      import('node:http').then(({ request }) =>
        request({ host: '127.0.0.1', port, path: '/token', method: 'POST', headers: { authorization: `Bearer ${apiToken}` }, agent: false }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        })
          .on('error', reject)
          .end(),
      );
    });
    expect(exchanged.status).to.equal(200);
    expect(JSON.parse(exchanged.body)).to.include({ token_type: 'Bearer', expires_in: 3600 }).and.have.property('access_token');
  });

  it('imports a local release document with `seed add`, which the running server then serves', async () => {
    copyFileSync(join(root, 'test/fixtures/release-document.json'), join(dir, 'my-library-1.2.0.json'));
    const { stdout } = await iconmeta('seed', 'add', './my-library-1.2.0.json');
    expect(stdout).to.match(/^imported 1\.2\.0: \d+ icons/m);
    const releases = JSON.parse((await get(port, '/releases')).body).releases.map((r: { version: string }) => r.version);
    expect(releases).to.include('1.2.0');
  });

  it('says that `seed add <version>` needs npm where there is none', async () => {
    const failed = await iconmeta('seed', 'add', '6.5.1').then(() => expect.fail('seed add should fail'), (error: { code: number; stderr: string }) => error);
    expect(failed.code).to.equal(1);
    expect(failed.stderr.trim()).to.equal('seed: fetching a release by its version needs npm on PATH; give a package .tgz, an unpacked package folder or a release document .json instead');
  });

  it('answers GET /metrics in the Prometheus format, with the releases and the requests so far', async () => {
    const { status, body } = await get(port, '/metrics');
    expect(status).to.equal(200);
    expect(body).to.match(/^iconmeta_releases 4$/m);
    expect(body).to.match(/^iconmeta_http_requests_total\{route="rest",method="GET",status="2xx"\} [1-9]/m);
    expect(body).to.match(/^iconmeta_http_requests_total\{route="token",method="POST",status="2xx"\} 1$/m);
    expect(body).to.match(/^process_resident_memory_bytes \d+/m);
  });

  it('never unpacks its addon into a cache folder that others can write to', async () => {
    const shared = join(dir, 'shared-cache');
    mkdirSync(shared, { mode: 0o777 });
    chmodSync(shared, 0o777);
    const { stdout } = await execute('./iconmeta', ['--version'], { cwd: dir, env: { ...env, ICONMETA_CACHE_DIR: shared, HOME: join(dir, 'home2') } });
    expect(stdout.trim()).to.match(/^\d+\.\d+\.\d+$/);
    expect(readdirSync(shared)).to.deep.equal([]);
    expect(readdirSync(join(dir, 'home2', '.cache', 'iconmeta'))).to.have.length(1);
  });

  it('stops with exit code 0 on SIGTERM', async () => {
    server!.kill('SIGTERM');
    expect(await exited(server!)).to.equal(0);
  });
});
