// A damaged database file: the server refuses it with one line and exit code 3, before serving or
// writing anything; the operator CLI reports it on demand.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { DatabaseUnusableError } from '../db/integrity.ts';
import { loadRelease } from '../seeds/load.ts';
import { fixtureDocument } from './helpers.ts';

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

/** A closed, checkpointed database file holding two fixture releases. */
function soundDatabase(dir: string): string {
  const file = join(dir, 'data.sqlite');
  const db = openDatabase(file);
  migrateDatabase(db);
  loadRelease(db, fixtureDocument('1.0.0'));
  loadRelease(db, fixtureDocument('1.2.0'));
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

describe('a damaged database file', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'iconmeta-integrity-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is refused at start with one line and exit code 3 when its header is damaged, and left as it was', async () => {
    const file = soundDatabase(dir);
    overwrite(file, 0, Buffer.from('this is no sqlite header'));
    const before = digest(file);
    const { code, stderr } = await run('server/main.ts', [], file);
    expect(code).to.equal(3);
    expect(stderr.trim().split('\n')).to.have.length(1);
    expect(stderr).to.match(/^iconmeta: the database file .* is damaged: file is not a database/);
    expect(digest(file)).to.equal(before);
  });

  it('is refused when pages in the middle are damaged: by openDatabase (every command opens through it), the server and the admin CLI check', async () => {
    const file = soundDatabase(dir);
    const pageSize = 4096;
    // Garbage over the second half of the file's pages (table and index b-tree pages alike).
    const size = readFileSync(file).length;
    for (let page = Math.floor(size / pageSize / 2); page < size / pageSize - 1; page++) overwrite(file, page * pageSize + 8, Buffer.alloc(64, 0xa5));
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
    const file = soundDatabase(dir);
    const { code, stdout } = await run('scripts/admin.ts', ['db', 'check'], file);
    expect(code).to.equal(0);
    expect(stdout.trim()).to.equal('ok');
  });
});
