// A throw-away PostgreSQL cluster for tests: initdb in a temporary folder, one server on a free
// port of 127.0.0.1 (and a socket in that folder), removed at the end. PostgreSQL refuses to run
// as root, so as root it runs as the system user `postgres` (Debian's package creates it).
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './process-helpers.ts';

const run = promisify(execFile);

/** Where Debian installs the server binaries (PG_BIN overrides: another version or distribution). */
function binaries(): string {
  const found = [process.env.PG_BIN, '/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'].find(
    (dir) => dir && existsSync(join(dir, 'initdb')),
  );
  if (!found) throw new Error('PostgreSQL server binaries not found: install the Debian package postgresql, or set PG_BIN to the folder holding initdb');
  return found;
}

export interface PgCluster {
  port: number;
  /** A connection URL for one database of the cluster. */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown: open connections are cut, as in a crash or restart). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes the cluster's folder. */
  destroy(): Promise<void>;
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), 'iconmeta-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  chmodSync(dir, 0o700);
  // As root: the same command as the unprivileged user `postgres`.
  const as = (file: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, file), ...args]) : run(join(bin, file), args));
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
