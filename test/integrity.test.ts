// A damaged database file: the server refuses it with one line and exit code 3, before serving or
// writing anything; the operator CLI reports it on demand.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { DatabaseUnusableError } from '../db/integrity.ts';
import { loadRelease } from '../seeds/load.ts';
import { recordVerified, verifiedStampPath } from '../db/verified-stamp.ts';
import { fixtureDocument, fixturePath } from './helpers.ts';
import { exited, freePort, get, startServer, waitUntilUp } from './process-helpers.ts';
import { describeSqliteOnly } from './test-dialect.ts';

const root = new URL('..', import.meta.url).pathname;

function run(script: string, args: string[], databasePath: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('node', [script, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_PATH: databasePath, PORT: '0', SEED_DEFAULTS: 'false', LOG_LEVEL: 'warn' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Garbage over the second half of the file's pages (table and index b-tree pages alike). */
function damageMiddlePages(file: string) {
  const pageSize = 4096;
  const size = readFileSync(file).length;
  for (let page = Math.floor(size / pageSize / 2); page < size / pageSize - 1; page++) overwrite(file, page * pageSize + 8, Buffer.alloc(64, 0xa5));
}

/** The pages that hold one table (numbered from 1). */
function pagesOf(file: string, table: string): number[] {
  const db = openDatabase(file);
  const pages = db.$client.prepare('select pageno from dbstat where name = ?').pluck().all(table) as number[];
  db.$client.close();
  return pages;
}

/** A closed, checkpointed database file holding two fixture releases. */
async function soundDatabase(dir: string): Promise<string> {
  const file = join(dir, 'data.sqlite');
  const db = openDatabase(file);
  migrateDatabase(db);
  await loadRelease(db, fixtureDocument('1.0.0'));
  await loadRelease(db, fixtureDocument('1.2.0'));
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.pragma('journal_mode = DELETE');
  db.$client.close();
  return file;
}

function overwrite(file: string, offset: number, bytes: Buffer) {
  const fd = openSync(file, 'r+');
  writeSync(fd, bytes, 0, bytes.length, offset);
  closeSync(fd);
}

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describeSqliteOnly("the SQLite file's integrity checks and verified stamp")('a damaged database file', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'iconmeta-integrity-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is refused at start with one line and exit code 3 when its header is damaged, and left as it was', async () => {
    const file = await soundDatabase(dir);
    overwrite(file, 0, Buffer.from('this is no sqlite header'));
    const before = digest(file);
    const { code, stderr } = await run('server/main.ts', [], file);
    expect(code).to.equal(3);
    expect(stderr.trim().split('\n')).to.have.length(1);
    expect(stderr).to.match(/^iconmeta: the database file .* is damaged: file is not a database/);
    expect(digest(file)).to.equal(before);
  });

  it('is refused when pages in the middle are damaged: by openDatabase (every command opens through it), the server and the admin CLI check', async () => {
    const file = await soundDatabase(dir);
    damageMiddlePages(file);
    const before = digest(file);
    expect(() => openDatabase(file)).to.throw(DatabaseUnusableError, /is damaged/);
    const server = await run('server/main.ts', [], file);
    expect(server.code).to.equal(3);
    const check = await run('scripts/admin.ts', ['db', 'check'], file);
    expect(check.code).to.equal(1);
    expect(check.stderr).to.match(/admin: the database file is damaged \(\d+ problems?\)/);
    expect(digest(file)).to.equal(before);
  });

  it('passes the admin CLI check when sound', async () => {
    const file = await soundDatabase(dir);
    const { code, stdout } = await run('scripts/admin.ts', ['db', 'check'], file);
    expect(code).to.equal(0);
    expect(stdout.trim()).to.equal('ok');
  });

  describe('after a clean shutdown', function () {
    // Several server starts each, and a background check in a child process: slow on a busy machine.
    this.timeout(120_000);
    /** Runs the server until it answers, then stops it with SIGTERM; returns its log lines. */
    async function runOnce(file: string, env: Record<string, string> = {}) {
      const port = await freePort();
      const child = startServer(file, port, { LOG_LEVEL: 'info', ...env }, { stdio: ['ignore', 'pipe', 'inherit'] });
      let log = '';
      child.stdout!.on('data', (c) => (log += c));
      await waitUntilUp(port);
      return { port, child, log: () => log, stop: async () => (child.kill('SIGTERM'), await exited(child)) };
    }
    const skipped = /unchanged since its clean shutdown/;

    it('is not read whole again while unchanged, and is checked again once anything changed it', async () => {
      const file = await soundDatabase(dir);
      const first = await runOnce(file);
      await first.stop();
      expect(first.log()).to.not.match(skipped);
      expect(existsSync(verifiedStampPath(file))).to.equal(true);

      const second = await runOnce(file);
      expect(second.log()).to.match(skipped);
      await second.stop();

      damageMiddlePages(file); // written through the file system: its modification time moves
      const before = digest(file);
      const { code, stderr } = await run('server/main.ts', [], file);
      expect(code).to.equal(3);
      expect(stderr).to.match(/is damaged/);
      expect(digest(file)).to.equal(before);
    });

    it('is not read whole at the start after the seed command changed it and closed it cleanly', async () => {
      const file = await soundDatabase(dir);
      const seeded = await run('seeds/cli.ts', ['add', fixturePath('fa-icon-families')], file);
      expect(seeded.code, seeded.stderr).to.equal(0);
      expect(existsSync(verifiedStampPath(file))).to.equal(true);
      const server = await runOnce(file);
      try {
        expect(server.log()).to.match(skipped);
        expect((await get(server.port, '/releases')).status).to.equal(200);
      } finally {
        await server.stop();
      }
    });

    it('is checked in the background at once when damage left no trace on the file system, and loses its stamp', async () => {
      const file = await soundDatabase(dir);
      // Search terms: pages no start-up read meets, so only a check of the whole file finds them.
      const pages = pagesOf(file, 'icon_search_terms');
      await (await runOnce(file)).stop();
      for (const page of pages) overwrite(file, (page - 1) * 4096 + 8, Buffer.alloc(64, 0xa5));
      // Bit rot: damage the file system does not see. Written here through it, so the stamp is
      // renewed to match the damaged file, as it would still match a file that rotted in place.
      recordVerified(file);

      const server = await runOnce(file);
      try {
        expect(server.log()).to.match(skipped);
        let ready = 200;
        for (let i = 0; i < 600 && ready === 200; i++) {
          await new Promise((r) => setTimeout(r, 100));
          ready = (await get(server.port, '/readyz')).status;
        }
        expect(ready, 'readiness once the background check ran').to.equal(503);
        expect(existsSync(verifiedStampPath(file))).to.equal(false);
      } finally {
        await server.stop();
      }
      expect(existsSync(verifiedStampPath(file)), 'stamped again after a run that found damage').to.equal(false);
      expect((await run('server/main.ts', [], file)).code).to.equal(3);
    });

    it('is always read whole when background checks are off (DATABASE_CHECK_INTERVAL=0)', async () => {
      const file = await soundDatabase(dir);
      await (await runOnce(file)).stop();
      const again = await runOnce(file, { DATABASE_CHECK_INTERVAL: '0' });
      expect(again.log()).to.not.match(skipped);
      await again.stop();
    });
  });
});
