// Starting the service as an operator does: every start-up problem is one line on stderr and a
// distinct exit code before anything is seeded; logs show at once; signals reach the server.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exited, freePort, get, root } from './process-helpers.ts';

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string>, cwd = root): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('node', [join(root, 'server/main.ts'), ...args], { cwd, env: { ...process.env, SEED_DEFAULTS: 'false', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** Resolves with what was printed once a line on stdout matches. */
function waitForLine(child: ReturnType<typeof spawn>, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no line matching ${pattern} in:\n${out}`)), 30_000);
    child.stdout!.on('data', (c) => {
      out += c;
      if (pattern.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
  });
}

describe('starting the service', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'iconmeta-startup-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the version with --version, and the commands with --help', async () => {
    const version = await run(['--version'], {});
    expect(version.code).to.equal(0);
    expect(version.stdout.trim()).to.match(/^\d+\.\d+\.\d+$/);
    const help = await run(['--help'], {});
    expect(help.code).to.equal(0);
    for (const command of ['serve', 'seed', 'admin']) expect(help.stdout).to.match(new RegExp(`^  ${command}\\b`, 'm'));
  });

  it('refuses a port in use with one line and exit code 4, before creating the database', async () => {
    const port = await freePort();
    const taken = createServer().listen(port, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    try {
      const file = join(dir, 'db.sqlite');
      const { code, stderr, stdout } = await run([], { DATABASE_PATH: file, PORT: String(port), HOST: '127.0.0.1', SEED_DEFAULTS: 'true' });
      expect(code).to.equal(4);
      expect(stderr.trim().split('\n')).to.deep.equal([`iconmeta: port ${port} on 127.0.0.1 is already in use (another iconmeta?); set PORT to a free port`]);
      expect(stdout).not.to.match(/importing/);
      expect(existsSync(file)).to.equal(false);
    } finally {
      taken.close();
    }
  });

  it('refuses a host that is no address here with one line and exit code 4', async () => {
    for (const host of ['192.0.2.1', 'no-such-host.invalid']) {
      const { code, stderr } = await run([], { DATABASE_PATH: join(dir, 'db.sqlite'), PORT: '4999', HOST: host });
      expect(code, host).to.equal(4);
      expect(stderr.trim().split('\n'), host).to.have.length(1);
      expect(stderr, host).to.match(new RegExp(`^iconmeta: HOST ${host.replace(/\./g, '\\.')} is not an address`));
    }
  });

  it('refuses a bad configuration with one line per bad key and exit code 2', async () => {
    const { code, stderr } = await run([], { PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_PATH: join(dir, 'db.sqlite') });
    expect(code).to.equal(2);
    const lines = stderr.trim().split('\n');
    expect(lines).to.have.length(2);
    expect(lines[0]).to.match(/^iconmeta: invalid configuration: PORT: /);
    expect(lines[1]).to.match(/^iconmeta: invalid configuration: LOG_LEVEL: /);
    const seed = await run(['seed', 'list'], { PORT: 'eighty', DATABASE_PATH: join(dir, 'db.sqlite') });
    expect(seed.code).to.equal(2);
    expect(seed.stderr.trim().split('\n')).to.deep.equal(['seed: invalid configuration: PORT: Invalid input: expected number, received NaN']);
    expect(existsSync(join(dir, 'db.sqlite'))).to.equal(false);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL\'s with exit code 2, without repeating it, creating nothing', async () => {
    const { code, stderr } = await run([], { DATABASE_URL: 'mysql://admin:s3cret@127.0.0.1/iconmeta', DATABASE_PATH: join(dir, 'url.sqlite'), PORT: '0' });
    expect(code).to.equal(2);
    expect(stderr.trim()).to.equal(
      'iconmeta: invalid configuration: DATABASE_URL: the scheme mysql: is not PostgreSQL\'s; expected postgres://user:password@host:5432/database (unset it for the SQLite file at DATABASE_PATH)',
    );
    expect(existsSync(join(dir, 'url.sqlite'))).to.equal(false);
  });

  it('gives up on a PostgreSQL that cannot be reached after DATABASE_START_WAIT, with exit code 3 and the URL without its password', async () => {
    const port = await freePort(); // nothing listens there
    const started = Date.now();
    const { code, stderr } = await run([], { DATABASE_URL: `postgres://iconmeta:s3cret@127.0.0.1:${port}/iconmeta`, DATABASE_START_WAIT: '1', PORT: '0', LOG_LEVEL: 'silent' });
    expect(code).to.equal(3);
    expect(stderr.trim()).to.match(new RegExp(`^iconmeta: PostgreSQL at postgres://iconmeta:\\*\\*\\*@127\\.0\\.0\\.1:${port}/iconmeta cannot be reached after waiting 1 s \\(DATABASE_START_WAIT\\): .*ECONNREFUSED`));
    expect(stderr).not.to.include('s3cret');
    expect(Date.now() - started).to.be.below(15_000);
  });

  it('refuses a file that is not SQLite, and a path that is a folder, with exit code 3, leaving them as they were', async () => {
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'these are my notes, not a database\n'.repeat(200));
    const notSqlite = await run([], { DATABASE_PATH: text, PORT: '0' });
    expect(notSqlite.code).to.equal(3);
    expect(notSqlite.stderr.trim().split('\n')).to.have.length(1);
    expect(notSqlite.stderr).to.match(/^iconmeta: the database file .*notes\.txt .*not a database/);
    expect(existsSync(`${text}-wal`)).to.equal(false);

    const folder = join(dir, 'folder.sqlite');
    mkdirSync(folder);
    const isFolder = await run([], { DATABASE_PATH: folder, PORT: '0' });
    expect(isFolder.code).to.equal(3);
    expect(isFolder.stderr.trim()).to.equal(`iconmeta: DATABASE_PATH ${folder} is not a file`);
  });

  it('refuses a DATABASE_PATH whose folder does not exist, unless DATABASE_CREATE_DIR=true', async () => {
    const file = join(dir, 'typo', 'db.sqlite');
    const refused = await run([], { DATABASE_PATH: file, PORT: '0' });
    expect(refused.code).to.equal(3);
    expect(refused.stderr.trim()).to.match(/^iconmeta: the folder of DATABASE_PATH .*typo\/db\.sqlite does not exist/);
    expect(existsSync(join(dir, 'typo'))).to.equal(false);
    const seeded = await run(['admin', 'account', 'list'], { DATABASE_PATH: file, DATABASE_CREATE_DIR: 'true' });
    expect(seeded.code, seeded.stderr).to.equal(0);
    expect(existsSync(file)).to.equal(true);
  });

  it('reads .env from the working folder, the environment winning over it', async () => {
    const port = await freePort();
    writeFileSync(join(dir, '.env'), `PORT=${port}\nHOST=127.0.0.1\nDATABASE_PATH=./from-env-file.sqlite\nLOG_LEVEL=info\n`);
    const { PORT, HOST, DATABASE_PATH, ...inherited } = process.env;
    const child = spawn('node', [join(root, 'server/main.ts')], { cwd: dir, env: { ...inherited, SEED_DEFAULTS: 'false', LOG_LEVEL: 'warn' } });
    let stdout = '';
    child.stdout.on('data', (c) => (stdout += c));
    try {
      await new Promise((r) => setTimeout(r, 200));
      const deadline = Date.now() + 30_000;
      let up = false;
      while (!up && Date.now() < deadline) {
        up = await get(port, '/healthz').then(() => true, () => new Promise((r) => setTimeout(() => r(false), 100)) as Promise<boolean>);
      }
      expect(up).to.equal(true);
      expect(existsSync(join(dir, 'from-env-file.sqlite'))).to.equal(true);
      expect(stdout, 'LOG_LEVEL=warn from the environment, not info from .env').not.to.match(/iconmeta listening/);
    } finally {
      child.kill('SIGTERM');
      expect(await exited(child)).to.equal(0);
    }
  });

  it('stops with exit code 0 on SIGTERM when its standard output is closed (the reader of its pipe gone)', async () => {
    const port = await freePort();
    const child = spawn('node', [join(root, 'server/main.ts')], { cwd: dir, env: { ...process.env, PORT: String(port), DATABASE_PATH: join(dir, 'closed-stdout.sqlite'), SEED_DEFAULTS: 'false', LOG_LEVEL: 'info' } });
    await waitForLine(child, /"msg":"iconmeta listening"/);
    child.stdout.destroy();
    // Request lines to write, then the stop's own lines: every write now fails (EPIPE).
    for (let i = 0; i < 3; i++) expect(await get(port, '/healthz')).to.include({ status: 200 });
    child.kill('SIGTERM');
    const stop = setTimeout(() => child.kill('SIGKILL'), 10_000);
    expect(await exited(child), 'a stop that waited for its log lines forever (SIGKILL after 10 s)').to.equal(0);
    clearTimeout(stop);
  });

  it('runs the bundle of the sources on npm start, which answers, and stops with exit code 0 on SIGTERM sent to npm start', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start', '--silent'], { cwd: root, env: { ...process.env, PORT: String(port), DATABASE_PATH: join(dir, 'db.sqlite'), SEED_DEFAULTS: 'false', LOG_LEVEL: 'info' } });
    const out = await waitForLine(npm, /"msg":"iconmeta listening"/);
    const pid = JSON.parse(out.trim().split('\n').at(-1)!).pid as number;
    expect(pid).not.to.equal(npm.pid);
    try {
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).to.include('dist/server/iconmeta.cjs');
      expect(await get(port, '/healthz')).to.include({ status: 200 });
      expect(JSON.parse((await get(port, '/releases')).body)).to.deep.equal({ releases: [] });
    } catch (error) {
      npm.kill('SIGTERM');
      throw error;
    }
    npm.kill('SIGTERM');
    expect(await exited(npm)).to.equal(0);
    // The server itself got the signal: its process is gone and the port answers no more.
    expect(() => process.kill(pid, 0)).to.throw();
    const refused = await get(port, '/healthz').then(() => false, () => true);
    expect(refused).to.equal(true);
  });
});
