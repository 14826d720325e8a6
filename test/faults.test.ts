// The service under faults, as an operator meets them: real processes on real files. Killed
// outright, it leaves the request lines it served on disk.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { loadRelease } from '../seeds/load.ts';
import { fixtureDocument } from './helpers.ts';
import { exited, freePort, get, root, waitUntilUp } from './process-helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database file with the fixture release 1.2.0. */
function seededFile(dir: string, name = 'data.sqlite'): string {
  const file = join(dir, name);
  const db = openDatabase(file);
  migrateDatabase(db);
  loadRelease(db, fixtureDocument('1.2.0'));
  db.$client.close();
  return file;
}

describe('faults', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'iconmeta-faults-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes request lines to disk within a second: a server killed (SIGKILL) 2 s after traffic left them all', async () => {
    const file = seededFile(dir);
    const logPath = join(dir, 'out.log');
    const out = openSync(logPath, 'w');
    const port = await freePort();
    const server = spawn('node', ['server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_PATH: file, PORT: String(port), SEED_DEFAULTS: 'false', LOG_LEVEL: 'info', ACCESS_LOG: 'true' },
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
    }
  });
});
