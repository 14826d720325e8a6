// Two server processes on one database file: what one writes drops only the other's caches that
// the write changes. A token exchange changes none; an import drops release-derived answers; a
// kit changed by the admin CLI drops that account's answers alone (observed through each
// process's response-cache counters on /metrics).
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { sqliteDatabase } from '../db/database.ts';
import { loadRelease } from '../seeds/load.ts';
import { createAuthRepo } from '../server/auth/auth.repo.ts';
import { createAuthService } from '../server/auth/auth.service.ts';
import { fixtureDocument } from './helpers.ts';
import { exited, freePort, get, root, startServer, waitUntilUp } from './process-helpers.ts';
import { describeSqliteOnly } from './test-dialect.ts';

const run = promisify(execFile);

async function send(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, options);
  return { status: res.status, body: await res.text() };
}

async function cacheCounters(port: number): Promise<{ hits: number; misses: number }> {
  const text = (await get(port, '/metrics')).body;
  const read = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  return { hits: read('iconmeta_response_cache_hits_total'), misses: read('iconmeta_response_cache_misses_total') };
}

/** Whether `path` was answered from the cache: the hit counter moved. */
async function servedFromCache(port: number, request: () => Promise<unknown>): Promise<boolean> {
  const before = await cacheCounters(port);
  await request();
  const after = await cacheCounters(port);
  return after.hits > before.hits;
}

describeSqliteOnly('WAL and the shared file between processes')('two server processes on one database file', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'iconmeta-shared-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('drop only what another process changed: nothing for token exchanges, an account for its kits, all for releases', async () => {
    const file = join(dir, 'data.sqlite');
    const db = openDatabase(file);
    migrateDatabase(db);
    await loadRelease(db, fixtureDocument('1.2.0'));
    const auth = createAuthService(createAuthRepo(sqliteDatabase(db)), { clock: () => new Date(), accessTokenTtlSeconds: 3600 });
    const owner = (await auth.createApiToken({ email: 'owner@example.test', scopes: ['kits_read'] })).token;
    const other = (await auth.createApiToken({ email: 'other@example.test', scopes: ['kits_read'] })).token;
    db.$client.close();

    const [portA, portB] = [await freePort(), await freePort()];
    const a = startServer(file, portA);
    const b = startServer(file, portB);
    try {
      await Promise.all([waitUntilUp(portA), waitUntilUp(portB)]);
      const accessOf = async (apiToken: string) =>
        JSON.parse((await send(portB, '/token', { method: 'POST', headers: { Authorization: `Bearer ${apiToken}` } })).body).access_token as string;
      const [ownerAccess, otherAccess] = [await accessOf(owner), await accessOf(other)];
      const kitsQuery = (access: string) => () =>
        send(portB, '/graphql', { method: 'POST', headers: { 'content-type': 'application/json', Authorization: `Bearer ${access}` }, body: JSON.stringify({ query: '{ me { kits { name } } }' }) });
      const page = () => get(portB, '/releases/1.2.0/icons');
      // Warm B's caches.
      for (const request of [page, kitsQuery(ownerAccess), kitsQuery(otherAccess)]) await request();
      expect(await servedFromCache(portB, page)).to.equal(true);

      // Token exchanges on A commit to the file: B keeps every cached answer.
      for (let i = 0; i < 5; i++) expect((await send(portA, '/token', { method: 'POST', headers: { Authorization: `Bearer ${owner}` } })).status).to.equal(200);
      expect(await servedFromCache(portB, page)).to.equal(true);
      expect(await servedFromCache(portB, kitsQuery(ownerAccess))).to.equal(true);

      // A kit created by the admin CLI: the owner's answer is rebuilt and shows it; the other account's stays cached.
      const env = { ...process.env, DATABASE_PATH: file };
      await run('node', ['server/main.ts', 'admin', 'kit', 'create', '--email', 'owner@example.test', '--name', 'Site', '--version', '1.2.0', '--license', 'free', '--technology', 'svg'], { cwd: root, env });
      expect(await servedFromCache(portB, kitsQuery(ownerAccess))).to.equal(false);
      expect(JSON.parse((await kitsQuery(ownerAccess)()).body).data.me.kits).to.deep.equal([{ name: 'Site' }]);
      expect(await servedFromCache(portB, kitsQuery(otherAccess))).to.equal(true);
      expect(await servedFromCache(portB, page)).to.equal(true);

      // A release added by the seed CLI: release-derived answers are rebuilt, and B lists it.
      const doc = join(dir, '1.3.0.json');
      writeFileSync(doc, JSON.stringify(fixtureDocument('1.3.0', '2025-06-01')));
      await run('node', ['server/main.ts', 'seed', 'add', doc], { cwd: root, env });
      expect(await servedFromCache(portB, page)).to.equal(false);
      expect(JSON.parse((await get(portB, '/releases')).body).releases.map((r: { version: string }) => r.version)).to.include('1.3.0');
    } finally {
      a.kill('SIGKILL');
      b.kill('SIGKILL');
      await Promise.all([exited(a), exited(b)]);
    }
  });
});
