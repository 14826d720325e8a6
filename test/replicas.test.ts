// Two server processes on one PostgreSQL database, driven as an operator and clients would: a
// release imported with the seed CLI is served by both; a token made with the admin CLI is exchanged
// on one and used on the other; revoked with the CLI, it is refused within a second; a kit made with
// the CLI shows on both within a second, though both kept its owner's answer; PostgreSQL restarting
// under load costs only database-bound requests a 503, and both recover by themselves.
// (In-process replicas and the change listener itself: test/pg-runtime.test.ts.)
import { execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { migratePgDatabase, openPgDatabase } from '../db/client.pg.ts';
import { postgresDatabase } from '../db/database.pg.ts';
import { loadRelease } from '../seeds/load.ts';
import { FIXTURE_VERSIONS, fixtureDocument, fixturePath } from './helpers.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';
import { exited, freePort, root, send, startServer, waitUntilUp, within } from './process-helpers.ts';

const run = promisify(execFile);


describe('two server processes on one PostgreSQL database', function () {
  this.timeout(180_000);
  let cluster: PgCluster;
  let url: string;
  const ports: number[] = [];
  const servers: ChildProcess[] = [];
  const env = () => ({ ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' });
  const seed = (...args: string[]) => run('node', ['seeds/cli.ts', ...args], { cwd: root, env: env() });
  const admin = async (...args: string[]) => (await run('node', ['scripts/admin.ts', ...args], { cwd: root, env: env() })).stdout.trimEnd().split('\n').at(-1)!;
  const exchange = (port: number, apiToken: string) => send(port, '/token', { method: 'POST', headers: { authorization: `Bearer ${apiToken}` } });
  const versions = async (port: number) => (JSON.parse((await send(port, '/releases')).body) as { releases: { version: string }[] }).releases.map((r) => r.version);

  before(async () => {
    cluster = await startPgCluster();
    url = await cluster.createDatabase('replicas');
    const pg = openPgDatabase(url);
    const database = postgresDatabase(pg);
    try {
      await migratePgDatabase(pg);
      for (const [i, version] of FIXTURE_VERSIONS.entries()) await loadRelease(database, fixtureDocument(version, `2025-0${i + 1}-01`));
    } finally {
      await database.close();
    }
    for (let i = 0; i < 2; i++) {
      ports.push(await freePort());
      servers.push(startServer(':memory:', ports[i], { DATABASE_URL: url }));
    }
    await Promise.all(ports.map((port) => waitUntilUp(port)));
  });

  after(async () => {
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(servers.map((server) => exited(server)));
    await cluster?.destroy();
  });

  it('serves a release the seed CLI imports, on both, within a second', async () => {
    const [a, b] = ports;
    expect(await versions(b)).to.not.include('7.3.1'); // B has the list cached without it
    await seed('add', fixturePath('fa-icon-families')); // 7.3.1
    const took = await Promise.all([a, b].map((port) => within(1000, async () => (await versions(port)).includes('7.3.1'))));
    console.log(`      release seen by both replicas within ${Math.round(Math.max(...took))} ms of the import`);
    const icon = await send(b, `/graphql?query=${encodeURIComponent('{ release(version: "7.3.1") { icons { id } } }')}`);
    expect(JSON.parse(icon.body).data.release.icons.length).to.be.above(0);
  });

  it('takes a token made with the admin CLI on A, its access token on B, and refuses it on A within a second of a revocation', async () => {
    const [a, b] = ports;
    const apiToken = await admin('token', 'create', '--email', 'ops@example.test', '--scopes', 'profile_read', '--name', 'replicas');
    const exchanged = await exchange(a, apiToken);
    expect(exchanged.status).to.equal(200);
    const access = JSON.parse(exchanged.body).access_token as string;
    const me = () => send(b, '/graphql', { method: 'POST', headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ me { email } }' }) });
    expect(JSON.parse((await me()).body).data.me).to.deep.equal({ email: 'ops@example.test' });

    expect(await admin('token', 'revoke', '1')).to.equal('revoked API token 1');
    const took = await within(1000, async () => (await exchange(a, apiToken)).status === 401);
    expect((await me()).status).to.equal(401); // the access tokens it issued went with it
    console.log(`      revocation refused on the other replica within ${Math.round(took)} ms`);
  });

  it('shows a kit made with the admin CLI on both, within a second, though each had the owner\'s kits cached', async () => {
    const apiToken = await admin('token', 'create', '--email', 'kits@example.test', '--scopes', 'kits_read', '--name', 'kits');
    const access = JSON.parse((await exchange(ports[0], apiToken)).body).access_token as string;
    const kits = async (port: number) => {
      const answer = await send(port, '/graphql', { method: 'POST', headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ me { kits { name } } }' }) });
      return (JSON.parse(answer.body).data.me.kits as { name: string }[]).map((kit) => kit.name);
    };
    for (const port of ports) for (let i = 0; i < 2; i++) expect(await kits(port)).to.deep.equal([]); // the answer is kept on both

    await admin('kit', 'create', '--email', 'kits@example.test', '--name', 'Site', '--version', '1.2.0', '--license', 'free', '--technology', 'svg');
    const took = await Promise.all(ports.map((port) => within(1000, async () => (await kits(port)).includes('Site'))));
    console.log(`      kit seen by both replicas within ${Math.round(Math.max(...took))} ms of its creation`);
  });

  it('answers cached requests throughout a PostgreSQL restart under load, database-bound ones 200 or a prompt 503, and recovers by itself', async () => {
    const apiToken = await admin('token', 'create', '--email', 'load@example.test', '--scopes', 'public', '--name', 'load');
    const cachedPath = '/releases/1.2.0/icon-packs';
    for (const port of ports) await send(port, cachedPath); // now cached on both
    const counts = { cached: new Map<number, number>(), database: new Map<number, number>() };
    const failures: string[] = [];
    let slowest = 0;
    let stop = false;
    const count = (kind: keyof typeof counts, answer: Awaited<ReturnType<typeof send>>) => {
      counts[kind].set(answer.status, (counts[kind].get(answer.status) ?? 0) + 1);
      slowest = Math.max(slowest, answer.ms);
    };
    const worker = async (n: number) => {
      while (!stop) {
        const port = ports[n % 2];
        try {
          count('cached', await send(port, cachedPath));
          count('database', await exchange(port, apiToken)); // writes an access token
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await cluster.stop();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const restarted = performance.now();
    await cluster.start();
    const recovered = await Promise.all(
      ports.map((port) => within(15_000, async () => (await send(port, '/readyz')).status === 200 && (await exchange(port, apiToken)).status === 200)),
    );
    stop = true;
    await load;
    const recovery = Math.round(Math.max(...recovered));
    const show = (map: Map<number, number>) => [...map].map(([status, n]) => `${n}x ${status}`).join(', ');
    console.log(`      restart under load: cached ${show(counts.cached)}; database-bound ${show(counts.database)}; slowest ${Math.round(slowest)} ms; both ready and exchanging ${recovery} ms after PostgreSQL started (${Math.round(performance.now() - restarted)} ms)`);

    expect(failures, 'requests that got no answer').to.deep.equal([]);
    expect([...counts.cached.keys()]).to.deep.equal([200]);
    expect([...counts.database.keys()].sort()).to.deep.equal([200, 503]);
    expect(slowest).to.be.below(10_000); // bounded waits: never a hang
    expect(servers.map((server) => server.exitCode)).to.deep.equal([null, null]); // never a crash
    expect(recovery).to.be.below(10_000);
  });
});
