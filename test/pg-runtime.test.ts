// Serving from PostgreSQL on a real server (test/pg-cluster.ts): the server process with
// DATABASE_URL; replicas (two apps, two pools) that see each other's changes within a second and
// drop only the caches a change covers; and PostgreSQL stopped under requests and started again.
import { expect } from 'chai';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino from 'pino';
import { migratePgDatabase, openPgDatabase } from '../db/client.pg.ts';
import { RELEASES_SCOPE, recordChange } from '../db/data-changes.ts';
import { listenForChanges } from '../db/pg-change-listener.ts';
import type { Database } from '../db/database.ts';
import { postgresDatabase } from '../db/database.pg.ts';
import { loadRelease } from '../seeds/load.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createMetrics } from '../server/http/metrics.ts';
import { FIXTURE_VERSIONS, fixtureDocument, rawRequest } from './helpers.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';
import { exited, freePort, get, listeningPort, startServer, waitUntilUp, within } from './process-helpers.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The fixture releases, loaded by the release loader. */
async function loadFixtures(versions: string[], database: Database): Promise<void> {
  for (const [i, version] of versions.entries()) await loadRelease(database, fixtureDocument(version, `2025-0${i + 1}-01`));
}

async function fixtureDatabase(cluster: PgCluster, name: string): Promise<string> {
  const url = await cluster.createDatabase(name);
  const pg = openPgDatabase(url);
  await migratePgDatabase(pg);
  await loadFixtures(FIXTURE_VERSIONS, postgresDatabase(pg));
  await pg.$client.end();
  return url;
}

/** One replica: an app on a pool of its own, with /metrics to see its cache hits. */
function replica(url: string, env: Record<string, string> = {}) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url, DATABASE_CONNECT_TIMEOUT_MS: '1000', ...env });
  const database = postgresDatabase(openPgDatabase(url, { poolSize: 4, connectionTimeoutMs: config.databaseConnectTimeoutMs }));
  const app = createApp({ database, config, logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) });
  const metrics = createMetrics({ responseCacheBytes: () => app.cache.bytes });
  metrics.countCache(app.cache);
  const handler = metrics.wrap(app.handler as never) as unknown as Handler;
  const send = async (path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) => {
    const res = await rawRequest(handler, { path, ...options });
    return { status: res.status, headers: res.headers, body: res.body.toString() };
  };
  const hits = async () => Number(/^iconmeta_response_cache_hits_total (\d+)/m.exec((await send('/metrics')).body)?.[1]);
  return {
    ...app,
    database,
    send,
    graphql: (query: string, token?: string) =>
      send('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ query }) }),
    /** Whether `request` was answered from the cache (the hit counter moved). */
    async cached(request: () => Promise<unknown>): Promise<boolean> {
      const before = await hits();
      await request();
      return (await hits()) > before;
    },
    async stop() {
      await app.close();
      await database.close();
    },
  };
}

/** A release added as an import would (its row and the change in one transaction). */
async function addRelease(database: Database, version: string): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.insert(database.t.releases).values({ version, date: '2025-09-01', isPrerelease: false, separatesWebDesktop: false, source: 'test' } as never);
    await recordChange(database, tx, RELEASES_SCOPE);
  });
}

describe('serving from PostgreSQL', function () {
  this.timeout(120_000);
  let cluster: PgCluster;
  before(async () => (cluster = await startPgCluster()));
  after(async () => cluster?.destroy());

  it('the server process migrates an empty database at start (not ready: no releases), and serves REST and GraphQL from a filled one', async () => {
    const empty = await cluster.createDatabase('empty_start');
    const filled = await fixtureDatabase(cluster, 'process_start');
    // Each binds a port of the system's choice and names it (listeningPort): with ports picked
    // beforehand, /healthz once answered on B's while B was still warming up (its log had no
    // listening line yet), from a listener that had taken that port meanwhile.
    const a = startServer(':memory:', 0, { DATABASE_URL: empty, SEED_DEFAULTS: 'false', LOG_LEVEL: 'info' });
    // The cluster trusts every local connection: the password is only there to be kept out of the log.
    const withPassword = filled.replace('postgres@', 'postgres:s3cret@');
    const b = startServer(':memory:', 0, { DATABASE_URL: withPassword, SEED_DEFAULTS: 'false', LOG_LEVEL: 'info' }, { stdio: ['ignore', 'pipe', 'inherit'] });
    let log = '';
    b.stdout!.on('data', (chunk) => (log += chunk));
    try {
      const [portA, portB] = await Promise.all([listeningPort(a), listeningPort(b)]);
      expect(log).to.include(`"database":"${withPassword.replace('s3cret', '***')}"`);
      expect(log).not.to.include('s3cret');
      const notReady = await get(portA, '/readyz');
      expect([notReady.status, JSON.parse(notReady.body)]).to.deep.equal([503, { status: 'not ready', problems: ['no releases loaded'], releases: 0 }]);
      const ready = await get(portB, '/readyz');
      expect([ready.status, JSON.parse(ready.body)]).to.deep.equal([200, { status: 'ready', problems: [], releases: 4 }]);
      const { releases } = JSON.parse((await get(portB, '/releases')).body) as { releases: { version: string }[] };
      expect(releases.map((r) => r.version)).to.deep.equal(['1.0.0', '1.2.0', '1.10.0', '2.0.0-beta1']);
      const graphql = await get(portB, `/graphql?query=${encodeURIComponent('{ release(version: "1.x") { version familyStyles { prefix } } }')}`);
      expect(graphql.status).to.equal(200);
      expect(JSON.parse(graphql.body).data.release.version, graphql.body).to.equal('1.10.0');
      expect(JSON.parse(graphql.body).data.release.familyStyles.length).to.be.above(0);
    } finally {
      a.kill('SIGTERM');
      b.kill('SIGTERM');
      expect(await exited(a)).to.equal(0);
      expect(await exited(b)).to.equal(0);
    }
  });

  it('the server process seeds the embedded default releases into an empty database, as on SQLite', async function () {
    this.timeout(120_000);
    const url = await cluster.createDatabase('seeded_start');
    // A port of the system's choice, named by the server (listeningPort), as in the test above.
    const server = startServer(':memory:', 0, { DATABASE_URL: url, SEED_DEFAULTS: 'true', LOG_LEVEL: 'info' });
    try {
      const port = await listeningPort(server, 90_000);
      const { releases } = JSON.parse((await get(port, '/releases')).body) as { releases: { version: string }[] };
      expect(releases.map((r) => r.version)).to.deep.equal(['5.15.4', '6.7.2', '7.3.1']);
      expect((await get(port, '/readyz')).status).to.equal(200);
    } finally {
      server.kill('SIGTERM');
      expect(await exited(server)).to.equal(0);
    }
  });

  it('the server process waits for a PostgreSQL that is not accepting connections yet (DATABASE_START_WAIT), then serves', async () => {
    const url = await fixtureDatabase(cluster, 'late_start');
    const port = await freePort();
    await cluster.stop();
    let stopped = true;
    const server = startServer(':memory:', port, { DATABASE_URL: url, DATABASE_START_WAIT: '60' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(server.exitCode).to.equal(null);
      await cluster.start();
      stopped = false;
      await waitUntilUp(port);
      expect((await get(port, '/readyz')).status).to.equal(200);
    } finally {
      if (stopped) await cluster.start();
      server.kill('SIGTERM');
      expect(await exited(server)).to.equal(0);
    }
  });

  describe('two replicas on one database', () => {
    let url: string;
    let a: ReturnType<typeof replica>;
    let b: ReturnType<typeof replica>;
    before(async () => {
      url = await fixtureDatabase(cluster, 'replicas');
      [a, b] = [replica(url), replica(url)];
    });
    after(async () => Promise.all([a?.stop(), b?.stop()]));

    it('a release added through one is listed by the other within a second, which drops its release-derived answers', async () => {
      const page = () => b.send('/releases/1.2.0/icon-packs');
      expect((await page()).status).to.equal(200);
      expect(await b.cached(page)).to.equal(true);
      await addRelease(a.database, '1.11.0');
      const took = await within(1000, async () => (JSON.parse((await b.send('/releases')).body).releases as { version: string }[]).some((r) => r.version === '1.11.0'));
      expect(took).to.be.below(1000);
      expect(await b.cached(page)).to.equal(false);
    });

    it('a kit changed through one drops that account\'s answers on the other within a second, and no one else\'s', async () => {
      const owner = (await a.auth.createApiToken({ email: 'owner@example.test', scopes: ['kits_read'] })).token;
      const other = (await a.auth.createApiToken({ email: 'other@example.test', scopes: ['kits_read'] })).token;
      const accessOf = async (apiToken: string) => JSON.parse((await b.send('/token', { method: 'POST', headers: { authorization: `Bearer ${apiToken}` } })).body).access_token as string;
      const [ownerAccess, otherAccess] = [await accessOf(owner), await accessOf(other)];
      const kits = (access: string) => () => b.graphql('{ me { kits { name } } }', access);
      const page = () => b.send('/releases/1.2.0/icon-packs');
      for (const request of [page, kits(ownerAccess), kits(otherAccess)]) await request();
      expect(await b.cached(kits(ownerAccess))).to.equal(true);

      await a.kits.create({ email: 'owner@example.test', name: 'Site', version: '1.2.0', license: 'free', technology: 'svg' } as never);
      const took = await within(1000, async () => JSON.parse((await kits(ownerAccess)()).body).data.me.kits.length === 1);
      expect(took).to.be.below(1000);
      expect(await b.cached(kits(otherAccess))).to.equal(true);
      expect(await b.cached(page)).to.equal(true);
    });

    it('token failures are counted across both: the limit is for the client, not for each replica', async () => {
      const url2 = await fixtureDatabase(cluster, 'failures');
      const env = { TOKEN_FAILURE_LIMIT: '4' };
      const [x, y] = [replica(url2, env), replica(url2, env)];
      try {
        const fail = (r: typeof x) => r.send('/token', { method: 'POST', headers: { authorization: 'Bearer api_not-a-token' } }).then((res) => res.status);
        expect([await fail(x), await fail(y), await fail(x), await fail(y)]).to.deep.equal([401, 401, 401, 401]);
        expect([await fail(x), await fail(y)]).to.deep.equal([429, 429]);
      } finally {
        await Promise.all([x.stop(), y.stop()]);
      }
    });

    it('an API token revoked through one is refused by the other', async () => {
      const created = await a.auth.createApiToken({ email: 'revoked@example.test', scopes: [] });
      const exchange = () => b.send('/token', { method: 'POST', headers: { authorization: `Bearer ${created.token}` } });
      expect((await exchange()).status).to.equal(200);
      await a.auth.revokeApiToken(created.id);
      expect((await exchange()).status).to.equal(401);
    });
  });

  describe('PostgreSQL stopped under requests', () => {
    it('cached answers go on, database-bound requests get a prompt 503 problem, and the replica recovers by itself when it is back', async () => {
      const url = await fixtureDatabase(cluster, 'restart');
      const r = replica(url);
      const writer = replica(url);
      try {
        const cachedPage = () => r.send('/releases/1.2.0/icon-packs');
        await cachedPage();
        expect(await r.cached(cachedPage)).to.equal(true);
        await within(5000, async () => (await r.send('/readyz')).status === 200);

        await cluster.stop();
        expect((await cachedPage()).status).to.equal(200);
        expect((await r.send('/releases')).status).to.equal(200); // the release list is kept
        const started = performance.now();
        const uncached = await r.send('/releases/1.0.0/icon-packs');
        expect(performance.now() - started).to.be.below(3000);
        expect(uncached.status).to.equal(503);
        expect(uncached.headers['content-type']).to.match(/^application\/problem\+json/);
        expect(uncached.headers['retry-after']).to.equal('5');
        expect(JSON.parse(uncached.body)).to.include({ status: 503, code: 'INTERNAL' });
        // GraphQL says it in the error (as for SQLite's faults), and does not keep that answer.
        const packsQuery = () => r.graphql('{ release(version: "1.0.0") { iconPacks { name } } }');
        const graphql = JSON.parse((await packsQuery()).body);
        expect(graphql.errors[0].message).to.match(/^the database is unavailable \(.*ECONNREFUSED.*\); retry later$/);
        expect(graphql.errors[0].extensions.code).to.equal('INTERNAL_SERVER_ERROR');
        // Many at once: every one answered, promptly, none by a crash.
        const burst = await Promise.all(
          Array.from({ length: 40 }, (_, i) => (i % 2 ? cachedPage() : r.send(`/releases/${i % 4 ? '1.0.0' : '1.10.0'}/icon-packs`)).then((res) => res.status)),
        );
        expect(new Set(burst)).to.deep.equal(new Set([200, 503]));
        expect(burst.filter((status, i) => i % 2 === 1).every((status) => status === 200)).to.equal(true);
        const readyz = await r.send('/readyz');
        expect(readyz.status).to.equal(503);
        expect(JSON.parse(readyz.body).problems[0]).to.match(/^database unavailable: PostgreSQL cannot be reached/);

        await cluster.start();
        await within(10_000, async () => (await r.send('/readyz')).status === 200);
        expect((await r.send('/releases/1.0.0/icon-packs')).status).to.equal(200);
        expect(JSON.parse((await packsQuery()).body).data.release.iconPacks.length).to.be.above(0);
        await within(10_000, async () => r.changeListener!.listening());
        // The listener is back: a change by another replica is seen within a second.
        await within(10_000, async () => (await writer.send('/readyz')).status === 200);
        await addRelease(writer.database, '1.12.0');
        const took = await within(1000, async () => JSON.parse((await r.send('/releases')).body).releases.some((x: { version: string }) => x.version === '1.12.0'));
        expect(took).to.be.below(1000);
      } finally {
        await Promise.all([r.stop(), writer.stop()]);
      }
    });
  });

  describe('the change listener', () => {
    it('moves on each commit that records a change, by notification (no poll), and once more after reconnecting, for what it missed', async () => {
      const url = await fixtureDatabase(cluster, 'listener');
      const writer = postgresDatabase(openPgDatabase(url, { connectionTimeoutMs: 1000 }));
      const latest = async () => Number((await writer.pg!.$client.query('select coalesce(max(id), 0) as id from data_changes')).rows[0].id);
      const listener = listenForChanges({ connection: writer.pg!.$client.options, latest, pollIntervalMs: 3_600_000 });
      try {
        await listener.started;
        expect(listener.listening()).to.equal(true);
        const before = listener.version();
        await addRelease(writer, '3.0.0');
        // The poll is an hour away: only the notification can move the counter here.
        await within(5000, async () => listener.version() > before);
        // Rolled back: never announced.
        const settled = listener.version();
        await writer.transaction(async (tx) => {
          await recordChange(writer, tx, RELEASES_SCOPE);
          throw new Error('rolled back');
        }).catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(listener.version()).to.equal(settled);

        await cluster.stop();
        await within(5000, async () => !listener.listening());
        const lost = listener.version();
        await cluster.start();
        await within(10_000, async () => listener.listening());
        expect(listener.version()).to.equal(lost + 1);
      } finally {
        await listener.close();
        await writer.close();
      }
    });

    it('polls the newest change id when it cannot listen, and sees a change on a later poll', async () => {
      const url = await fixtureDatabase(cluster, 'listener_poll');
      const writer = postgresDatabase(openPgDatabase(url));
      const latest = async () => Number((await writer.pg!.$client.query('select coalesce(max(id), 0) as id from data_changes')).rows[0].id);
      // Listening is refused (nothing listens on that port); the poll through the pool stands in.
      // A short interval keeps the test quick; the bounds below are generous, so a slow machine
      // cannot fail it, while a poll that never sees the change still does.
      const connection = { connectionString: url.replace(`:${cluster.port}/`, `:${await freePort()}/`) };
      const listener = listenForChanges({ connection, latest, pollIntervalMs: 50 });
      try {
        await listener.started;
        expect(listener.listening()).to.equal(false);
        await within(5000, async () => listener.version() > 0); // the first poll: whatever exists already
        const before = listener.version();
        await addRelease(writer, '3.0.0');
        await within(5000, async () => listener.version() > before);
      } finally {
        await listener.close();
        await writer.close();
      }
    });
  });
});
