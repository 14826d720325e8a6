// The service under faults, as an operator meets them: real processes on real files. A file
// damaged while served, or one it may not write, makes /readyz say so and failing requests 503s
// (never 500s), while reads that avoid the fault go on; killed outright, it leaves the request
// lines it served on disk. A file locked by another process past the busy timeout is a passing
// 503 too, logged once as an outage.
import { expect } from 'chai';
import { spawn, type SpawnOptions } from 'node:child_process';
import { chmodSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { request } from 'node:http';
import { pino } from 'pino';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { sqliteDatabase } from '../db/database.ts';
import { loadRelease } from '../seeds/load.ts';
import { createAuthRepo } from '../server/auth/auth.repo.ts';
import { createAuthService } from '../server/auth/auth.service.ts';
import { buildTestApp, FIXTURE_VERSIONS, fixtureDocument, loadFixtures } from './helpers.ts';
import { exited, freePort, get, root, startServer, waitUntilUp } from './process-helpers.ts';
import { sharedTestDatabase } from './shared-test-database.ts';
import { serverProcess, sqliteOnly } from './test-dialect.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database file with the fixture releases and an API token; returns the token too. */
async function seededFile(dir: string, name = 'data.sqlite'): Promise<{ file: string; apiToken: string }> {
  const file = join(dir, name);
  const db = openDatabase(file);
  migrateDatabase(db);
  for (const [i, version] of FIXTURE_VERSIONS.entries()) await loadRelease(db, fixtureDocument(version, `2025-0${i + 1}-01`));
  const auth = createAuthService(createAuthRepo(sqliteDatabase(db)), { clock: () => new Date(), accessTokenTtlSeconds: 3600 });
  const apiToken = (await auth.createApiToken({ email: 'ops@example.test', scopes: [] })).token;
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  return { file, apiToken };
}

function postToken(port: number, apiToken: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/token', method: 'POST', headers: { Authorization: `Bearer ${apiToken}` }, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

async function readiness(port: number): Promise<{ status: number; problems: string[] }> {
  const res = await get(port, '/readyz');
  return { status: res.status, problems: JSON.parse(res.body).problems };
}

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await sleep(200);
  }
}

/** Overwrites every page but the first (the header and schema) with garbage, as a failing disk might. */
function damagePages(file: string): void {
  const pageSize = 4096;
  const pages = Math.floor(statSync(file).size / pageSize);
  const fd = openSync(file, 'r+');
  for (let page = 1; page < pages; page++) writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, page * pageSize);
  closeSync(fd);
}

/** A user a root test process can run the server as, so file permissions bind it (root ignores them). */
function unprivileged(): SpawnOptions | null {
  if (process.getuid?.() !== 0) return {};
  // The sources must be readable by that user: every folder above them searchable by others.
  for (let dir = root; dir !== '/'; dir = dirname(dir)) if ((statSync(dir).mode & 0o001) === 0) return null;
  return { uid: 65534, gid: 65534 };
}

describe('faults', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'iconmeta-faults-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes request lines to disk within a second: a server killed (SIGKILL) 2 s after traffic left them all', async function () {
    serverProcess(this);
    const shared = await sharedTestDatabase(`fixtures ${FIXTURE_VERSIONS.join(' ')} shared`, loadFixtures(FIXTURE_VERSIONS));
    const logPath = join(dir, 'out.log');
    const out = openSync(logPath, 'w');
    const port = await freePort();
    const server = spawn('node', ['server/main.ts'], {
      cwd: root,
      env: { ...process.env, ...shared.env, PORT: String(port), SEED_DEFAULTS: 'false', LOG_LEVEL: 'info', ACCESS_LOG: 'true' },
      stdio: ['ignore', out, 'ignore'],
    });
    closeSync(out);
    try {
      await waitUntilUp(port);
      for (let i = 0; i < 15; i++) expect((await get(port, `/releases/1.2.0/icons?page=${i + 1}`)).status).to.equal(200);
      await sleep(2000);
      server.kill('SIGKILL');
      await exited(server);
      const lines = readFileSync(logPath, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
      const served = lines.filter((line) => line.msg === 'request' && line.path === '/releases/1.2.0/icons');
      expect(served).to.have.length(15);
    } finally {
      server.kill('SIGKILL');
      await shared.remove();
    }
  });

  it('reports a file damaged while served: requests that meet the damage 503 with Retry-After, then /readyz 503 with the reason', async function () {
    sqliteOnly(this, 'damage to the SQLite file');
    const { file, apiToken } = await seededFile(dir);
    const port = await freePort();
    // No timer check: what flips readiness here is the request that met the damage.
    const server = startServer(file, port, { DATABASE_CHECK_INTERVAL: '0' });
    try {
      await waitUntilUp(port);
      expect(await readiness(port)).to.deep.equal({ status: 200, problems: [] });
      expect((await get(port, '/releases/1.2.0/icons')).status).to.equal(200);
      damagePages(file);
      // Tokens never read before: their rows are on the damaged pages.
      const res = await postToken(port, apiToken);
      expect(res.status).to.equal(503);
      expect(res.headers['retry-after']).to.equal('60');
      const problem = JSON.parse(res.body);
      expect(problem).to.include({ status: 503, code: 'INTERNAL' });
      expect(problem.detail).to.match(/^the database file is damaged: .*\(SQLITE_CORRUPT\); retry later$/);
      const ready = await readiness(port);
      expect(ready.status).to.equal(503);
      expect(ready.problems[0]).to.match(/^the database file is damaged/);
      // What was read before the damage is still answered.
      expect((await get(port, '/releases/1.2.0/icons')).status).to.equal(200);
    } finally {
      server.kill('SIGKILL');
    }
  });

  it('finds damage no request has met with the integrity check on its timer', async function () {
    sqliteOnly(this, "the SQLite file's integrity check");
    const { file } = await seededFile(dir);
    const port = await freePort();
    const server = startServer(file, port, { DATABASE_CHECK_INTERVAL: '1' });
    try {
      await waitUntilUp(port);
      expect((await readiness(port)).status).to.equal(200);
      damagePages(file);
      const ready = await eventually(() => readiness(port), (r) => r.status === 503);
      expect(ready.status).to.equal(503);
      expect(ready.problems.join('\n')).to.match(/the database file is damaged/);
    } finally {
      server.kill('SIGKILL');
    }
  });

  it('answers /readyz at once while another process holds the write lock (an import), and says ready', async function () {
    sqliteOnly(this, "SQLite's one write lock on the file and its busy timeout");
    const { file } = await seededFile(dir);
    const db = openDatabase(file);
    const { http } = await buildTestApp({ database: sqliteDatabase(db) });
    await new Promise(setImmediate); // the app's start-up writes (stale builds ended) are done
    const importer = openDatabase(file).$client;
    importer.exec('BEGIN IMMEDIATE');
    try {
      const started = performance.now();
      const res = await http.get('/readyz');
      // The connection's busy_timeout is 5 s: the probe must not wait for the lock.
      expect(performance.now() - started).to.be.below(2500);
      expect(res.status).to.equal(200);
    } finally {
      importer.exec('ROLLBACK');
      importer.close();
      db.$client.close();
    }
  });

  it('with the file locked past the busy timeout: a token exchange 503 with a short Retry-After, uncounted, and the outage logged once', async function () {
    sqliteOnly(this, "SQLite's one write lock on the file and its busy timeout");
    this.timeout(30_000);
    const { file, apiToken } = await seededFile(dir);
    const db = openDatabase(file);
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    // One failure allowed: had the 503 been counted, the valid token would be refused afterwards.
    const { http } = await buildTestApp({ database: sqliteDatabase(db), logger, env: { TOKEN_FAILURE_LIMIT: '1' } });
    await new Promise(setImmediate);
    const importer = openDatabase(file).$client;
    importer.exec('BEGIN IMMEDIATE');
    try {
      const locked = await http.post('/token').set('Authorization', `Bearer ${apiToken}`);
      expect(locked.status).to.equal(503);
      expect(locked.headers['retry-after']).to.equal('2');
      expect(locked.body.detail).to.match(/^the database is busy: another process holds its lock \(SQLITE_BUSY\); retry later$/);
    } finally {
      importer.exec('ROLLBACK');
      importer.close();
    }
    try {
      await http.post('/token').set('Authorization', `Bearer ${apiToken}`).expect(200);
      await eventually(async () => lines.some((line) => line.msg === 'database available again'), Boolean, 2000);
      expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).to.deep.equal(['database unavailable: answering 503 until it is back']);
      expect(lines.map((line) => line.msg)).to.include('database available again');
    } finally {
      db.$client.close();
    }
  });

  it('with a read-only database file: /readyz 503 saying so, reads answered, a token exchange 503 with Retry-After', async function () {
    sqliteOnly(this, 'a read-only SQLite file');
    const as = unprivileged();
    if (!as) return this.skip(); // no user but root can read the sources here
    const { file, apiToken } = await seededFile(dir);
    chmodSync(dir, 0o777); // SQLite may still create its -wal and -shm files beside the database
    chmodSync(file, 0o444);
    const port = await freePort();
    const server = startServer(file, port, {}, as);
    try {
      await waitUntilUp(port);
      const ready = await readiness(port);
      expect(ready.status).to.equal(503);
      expect(ready.problems).to.have.length(1);
      expect(ready.problems[0]).to.match(/^the database file .* cannot be written: EACCES$/);
      expect((await get(port, '/releases/1.2.0/icons')).status).to.equal(200);
      const exchange = await postToken(port, apiToken);
      expect(exchange.status).to.equal(503);
      expect(exchange.headers['retry-after']).to.equal('60');
      expect(JSON.parse(exchange.body).detail).to.match(/^the database cannot be written: attempt to write a readonly database \(SQLITE_READONLY\); retry later$/);
    } finally {
      server.kill('SIGKILL');
    }
  });
});
