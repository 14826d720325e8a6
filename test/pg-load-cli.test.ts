// The operator commands with DATABASE_URL set: `seed` and `admin` work on PostgreSQL (migrating it
// first, as the server does), and what they write is what a replica reads.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { openPgDatabase } from '../db/client.pg.ts';
import type { Database } from '../db/database.ts';
import { postgresDatabase } from '../db/database.pg.ts';
import { adminServices } from '../scripts/admin-program.ts';
import { fixtureDocument, fixturePath } from './helpers.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';
import { root } from './process-helpers.ts';

const run = promisify(execFile);

describe('seed and admin commands on PostgreSQL (DATABASE_URL)', function () {
  this.timeout(120_000);
  let cluster: PgCluster;
  let dir: string;
  let url: string;
  let database: Database;
  const env = () => ({ ...process.env, DATABASE_URL: url, DATABASE_PATH: join(dir, 'never-created', 'x.sqlite'), DATABASE_CREATE_DIR: 'false' });
  const seed = (...args: string[]) => run('node', ['seeds/cli.ts', ...args], { cwd: root, env: env() });
  const admin = (...args: string[]) => run('node', ['scripts/admin.ts', ...args], { cwd: root, env: env() });
  const lastLine = (stdout: string) => stdout.trimEnd().split('\n').at(-1)!;

  before(async () => {
    cluster = await startPgCluster();
    dir = mkdtempSync(join(tmpdir(), 'iconmeta-pgcli-'));
    url = await cluster.createDatabase('operated');
    database = postgresDatabase(openPgDatabase(url));
  });
  after(async () => {
    await database?.close();
    await cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('seed adds, lists, checks and removes releases in the PostgreSQL database', async () => {
    const doc = join(dir, 'release.json');
    writeFileSync(doc, JSON.stringify(fixtureDocument('3.0.0')));
    expect((await seed('add', fixturePath('fa-icon-families'))).stdout).to.match(/imported 7\.3\.1: 5 icons/);
    expect((await seed('add', doc)).stdout).to.match(/imported 3\.0\.0: 11 icons/);
    const refused = await seed('add', doc).then(() => expect.fail('a loaded release should be refused'), (error: { code: number; stderr: string }) => error);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.match(/already loaded/);
    const releases = (await seed('list')).stdout.trim().split('\n').filter((line) => !line.startsWith('set\t'));
    expect(releases.map((line) => line.split('\t')[0])).to.deep.equal(['3.0.0', '7.3.1']);
    // The fixtures break release-fact rules on purpose (test/seed-cli.test.ts): named as on SQLite.
    const checked = await seed('check').then(() => expect.fail('the check should find problems'), (error: { code: number; stdout: string }) => error);
    expect(checked.code).to.equal(1);
    expect(checked.stdout).to.match(/3\.0\.0: SRI css\/all\.css is not a sha384 value/).and.match(/7\.3\.1: 3 shims/).and.match(/2 releases checked, 4 problems/);
    expect((await seed('remove', '3.0.0')).stdout).to.match(/removed 3\.0\.0/);
    const { db, t } = database;
    expect(await db.select({ version: t.releases.version }).from(t.releases)).to.deep.equal([{ version: '7.3.1' }]);
  });

  it('admin creates a token that a replica on the same database exchanges', async () => {
    const created = await admin('token', 'create', '--email', 'ops@example.test', '--scopes', 'kits_read,profile_read', '--name', 'ci');
    const token = lastLine(created.stdout);
    expect(token).to.match(/^im_api_[A-Za-z0-9_-]{43}$/);
    const kit = await admin('kit', 'create', '--email', 'ops@example.test', '--name', 'Site', '--version', '7.x', '--license', 'free', '--technology', 'svg');
    expect(lastLine(kit.stdout)).to.match(/^[0-9a-f]{10}$/);
    expect((await admin('token', 'list')).stdout).to.match(/ops@example\.test|ci/);

    const replica = adminServices(database, 3600);
    expect(await replica.auth.exchange(`Bearer ${token}`)).to.include({ token_type: 'Bearer', expires_in: 3600 });
    expect((await replica.kits.list()).map(({ kit: k }) => k.name)).to.deep.equal(['Site']);
  });

  it('admin db check checks the connection and the migrations, and prints rows per table', async () => {
    const { stdout } = await admin('db', 'check');
    expect(stdout).to.match(/^releases\t1$/m);
    expect(stdout).to.match(/^api_tokens\t1$/m);
    expect(lastLine(stdout)).to.equal('ok');
    const down = { ...env(), DATABASE_URL: `postgres://postgres@127.0.0.1:${cluster.port}/missing` };
    const failed = await run('node', ['scripts/admin.ts', 'db', 'check'], { cwd: root, env: down }).then(
      () => expect.fail('a missing database should fail the check'),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failed.code).to.equal(1);
    expect(failed.stdout).to.match(/cannot connect to DATABASE_URL: .*missing/);
  });
});
