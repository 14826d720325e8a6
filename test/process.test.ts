// The real process under faults: killed mid-import, stopped with requests in flight.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { first } from '../db/database.ts';
import { defaultPackageDir } from '../seeds/defaults.ts';
import { loadRelease } from '../seeds/load.ts';
import { fixtureDocument } from './helpers.ts';
import { exited, freePort, get, root, startServerOn, waitUntilUp } from './process-helpers.ts';
import { sharedTestDatabase, type SharedTestDatabase } from './shared-test-database.ts';
import { serverProcess } from './test-dialect.ts';

describe('the service process', function () {
  this.timeout(120_000);
  const shared: SharedTestDatabase[] = [];
  beforeEach(function () {
    serverProcess(this);
  });
  afterEach(() => Promise.all(shared.splice(0).map((database) => database.remove())));

  /** A database of its own, holding the fixture release 1.2.0 or nothing; what a process is given to open it. */
  async function database(load: (db: Db) => unknown = (db) => loadRelease(db, fixtureDocument('1.2.0')), key = 'fixtures 1.2.0 shared') {
    shared.push(await sharedTestDatabase(key, load));
    return shared.at(-1)!;
  }

  it('leaves a release wholly absent or wholly present when an import is killed (SIGKILL), and starts after it', async () => {
    const killed = await database();

    const outcomes: string[] = [];
    for (const delay of [400, 700, 1000, 1300, 1600, 2000]) {
      const seed = spawn('node', ['seeds/cli.ts', 'add', '--replace', defaultPackageDir('7.3.1')], {
        cwd: root,
        env: { ...process.env, ...killed.env },
        stdio: 'ignore',
      });
      await new Promise((r) => setTimeout(r, delay));
      seed.kill('SIGKILL');
      await exited(seed);

      const check = killed.connect();
      if (check.sqlite) expect(check.sqlite.$client.pragma('integrity_check', { simple: true })).to.equal('ok');
      const { db, t } = check;
      const release = first(await db.select({ id: t.releases.id }).from(t.releases).where(eq(t.releases.version, '7.3.1')));
      const icons = release ? (await db.select({ id: t.icons.id }).from(t.icons).where(eq(t.icons.releaseId, release.id))).length : 0;
      expect([0, 1992], `after ${delay} ms`).to.include(icons);
      expect((await db.select().from(t.releases).where(eq(t.releases.version, '1.2.0'))).length).to.equal(1);
      await check.close();
      outcomes.push(release ? 'present' : 'absent');
    }

    const port = await freePort();
    const server = startServerOn(killed.env, port);
    try {
      await waitUntilUp(port);
      const releases = JSON.parse((await get(port, '/releases')).body).releases.map((r: { version: string }) => r.version);
      expect(releases).to.include('1.2.0');
      expect((await get(port, '/releases/1.2.0/icons?page_size=1')).status).to.equal(200);
    } finally {
      server.kill('SIGKILL');
    }
    // Both outcomes are fine; report what the kills hit.
    console.log(`      (kills left 7.3.1: ${outcomes.join(', ')})`);
  });

  it('on SIGTERM, stops accepting connections, finishes the request in flight, and exits 0', async () => {
    const port = await freePort();
    const server = startServerOn((await database()).env, port);
    const exit = exited(server);
    await waitUntilUp(port);

    // A request in flight: headers and half the body sent, the rest after SIGTERM.
    const body = JSON.stringify({ query: '{ releases { version } }' });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/graphql', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });

    const finished = await response;
    expect(finished.status).to.equal(200);
    expect(JSON.parse(finished.text).data.releases).to.deep.equal([{ version: '1.2.0' }]);
    expect(await exit).to.equal(0);
    await get(port, '/healthz').then(
      () => expect.fail('the stopped server still answered'),
      (error: NodeJS.ErrnoException) => expect(error.code).to.equal('ECONNREFUSED'),
    );
  });

  it('refuses oversized headers (431) and URLs (414)', async () => {
    const port = await freePort();
    const server = startServerOn((await database(() => {}, 'empty')).env, port);
    try {
      await waitUntilUp(port);
      const overflow = await get(port, '/healthz', { 'x-filler': 'x'.repeat(20_000) });
      expect(overflow.status).to.equal(431);
      expect(JSON.parse(overflow.body)).to.include({ status: 431, code: 'INVALID_PARAMETER' });
      const long = await get(port, `/releases?${'a'.repeat(9000)}`);
      expect(long.status).to.equal(414);
      expect(JSON.parse(long.body).status).to.equal(414);
    } finally {
      server.kill('SIGKILL');
    }
  });
});
