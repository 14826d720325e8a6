// Shared pieces of the on-demand benchmarks: a database holding 7.3.1, child processes pinned to
// core 0, and a keep-alive HTTP client that times each request.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import semver from 'semver';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { addRelease } from '../seeds/add-release.ts';
import { defaultPackageDir } from '../seeds/defaults.ts';
import { START_BUNDLE } from '../scripts/bundle-server.ts';
import { ALLOCATOR_ENV, NODE_FLAGS } from '../scripts/node-flags.ts';

export async function databaseWith(versions: string[]): Promise<{ dir: string; databasePath: string; cleanup: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'iconmeta-bench-'));
  const databasePath = join(dir, 'bench.sqlite');
  const db = openDatabase(databasePath);
  migrateDatabase(db);
  for (const version of versions) await addRelease(db, defaultPackageDir(version));
  db.$client.close();
  return { dir, databasePath, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The benches' database: a copy of BENCH_DATABASE when set (all 69 releases, kept by
 * `BENCH_KEEP_DATABASE=<file> npm run bench:import`), else a new one holding `versions`.
 */
export async function benchDatabase(versions: string[]) {
  const given = process.env.BENCH_DATABASE;
  if (!given) return { ...(await databaseWith(versions)), versions };
  const dir = mkdtempSync(join(tmpdir(), 'iconmeta-bench-'));
  const databasePath = join(dir, 'bench.sqlite');
  copyFileSync(given, databasePath);
  const db = openDatabase(databasePath);
  const held = (db.$client.prepare('select version from releases').pluck().all() as string[]).sort(semver.compare);
  db.$client.close();
  return { dir, databasePath, cleanup: () => rmSync(dir, { recursive: true, force: true }), versions: held };
}

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill()));

export function pinned(args: string[], env: NodeJS.ProcessEnv = {}, cwd?: string): ChildProcess {
  const child = spawn('taskset', ['-c', '0', ...args], { env: { ...process.env, ...env }, stdio: 'ignore', cwd });
  children.push(child);
  return child;
}

/** Fails if anything already answers on `port`: a stray server there would be measured instead. */
export async function assertPortFree(port: number): Promise<void> {
  const answered = await send(port, '/').then(() => true, () => false);
  if (answered) throw new Error(`port ${port} is already in use: stop whatever listens there first`);
}

/** BENCH_SERVER_<NAME>=value in the bench's environment: NAME=value for the server only (e.g. BENCH_SERVER_NODE_OPTIONS). */
function serverEnvFromBench(): NodeJS.ProcessEnv {
  const prefix = 'BENCH_SERVER_';
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith(prefix)).map(([name, value]) => [name.slice(prefix.length), value]));
}

let bundled = false;
/** npm start's bundle of the sources (scripts/bundle-server.ts), made at the first server a bench starts. */
function startBundle(): string {
  if (!bundled) execFileSync(process.execPath, [join(import.meta.dirname, '..', 'scripts', 'bundle-server.ts')], { stdio: 'inherit' });
  bundled = true;
  return START_BUNDLE;
}

/** Starts the server pinned to core 0; taskset execs node, so the child's pid is the server's. */
export async function startServer(port: number, databasePath: string, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  await assertPortFree(port);
  const child = spawnServer(port, databasePath, env);
  await waitFor(port, '/healthz');
  return child;
}

/** The server's process as startServer starts it, without waiting for it: for benches that time its start. */
export function spawnServer(port: number, databasePath: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
  // BENCH_EXECUTABLE=1: the built dist/iconmeta (npm run build), as deployed (another value: the
  // path of another build, to compare two in one session); else what npm start runs: the sources'
  // bundle (made once per bench run) with the V8 flags npm start and the executable set
  // (scripts/node-flags.ts), then any of BENCH_NODE_FLAGS: the last of a repeated V8 flag wins,
  // where NODE_OPTIONS cannot override one.
  const extraFlags = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const command = process.env.BENCH_EXECUTABLE ? [process.env.BENCH_EXECUTABLE === '1' ? 'dist/iconmeta' : process.env.BENCH_EXECUTABLE] : ['node', ...NODE_FLAGS, ...extraFlags, startBundle()];
  // The allocator settings npm start and the systemd unit set, for either.
  return pinned(command, { ...ALLOCATOR_ENV, PORT: String(port), DATABASE_PATH: databasePath, SEED_DEFAULTS: 'false', LOG_LEVEL: 'info', ACCESS_LOG: process.env.BENCH_ACCESS_LOG ?? 'false', ...env, ...serverEnvFromBench() });
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

export interface Timed {
  ms: number;
  status: number;
  body: Buffer;
  headers: Record<string, unknown>;
}

export function send(port: number, path: string, options: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode!, body: Buffer.concat(chunks), headers: res.headers }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** What a bare server answers a path with: an answer of ours as sent (send()), to be written as it was. */
export interface BareAnswer {
  path: string;
  answer: Timed;
}

// Written by node:http itself for every response, or per connection: not the answer's own.
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Starts bench/bare-server.ts pinned to core 0 on `port`, answering each path with exactly the
 * bytes and headers given (a per-request header such as X-Request-Id with the value it had once,
 * the same length), and waits until it answers: the limit of node:http for those bytes.
 */
export async function startBareServer(port: number, dir: string, answers: BareAnswer[]): Promise<ChildProcess> {
  await assertPortFree(port);
  const manifest = answers.map(({ path, answer }, index) => {
    const bodyFile = join(dir, `bare-${index}.bin`);
    writeFileSync(bodyFile, answer.body);
    const headers = Object.entries(answer.headers).filter(([name]) => !HOP_HEADERS.has(name)).flatMap(([name, value]) => [name, String(value)]);
    return { path, headers, bodyFile };
  });
  const manifestFile = join(dir, 'bare-answers.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const child = pinned(['node', join(import.meta.dirname, 'bare-server.ts'), String(port), manifestFile]);
  await waitFor(port, answers[0].path);
  return child;
}

/** A process's CPU time so far (user and system, all its threads), in microseconds. */
export function cpuMicros(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, counted after the command's closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

export async function waitFor(port: number, path: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      await send(port, path);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`nothing answered on port ${port}`);
}

/** A process's resident set (VmRSS), in MiB. */
/** Prints the server's RSS at the end of a load, and once it has been idle long enough for the idle collection (IDLE_GC_SECONDS, 2). */
export async function printServerRss(pid: number, held: string): Promise<void> {
  const atEnd = rssMiB(pid);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  console.log(`server RSS, ${held}: ${atEnd.toFixed(0)} MiB at the end of this load, ${rssMiB(pid).toFixed(0)} MiB 5 s later, idle (target <= 120 MiB, issue 11)`);
}

export const rssMiB = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/**
 * The @iconify/json package (every open set) as a .tgz: the newest in the cache folder
 * (BENCH_CACHE, ./data/bench-tarballs), else fetched once with npm pack (about 100 MB).
 */
export function iconifyJsonTarball(): string {
  const cache = resolve(process.env.BENCH_CACHE ?? './data/bench-tarballs');
  mkdirSync(cache, { recursive: true });
  const cached = () => readdirSync(cache).filter((file) => /^iconify-json-\d+\.\d+\.\d+\.tgz$/.test(file)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (cached().length === 0) {
    console.log(`fetching @iconify/json into ${cache} (about 100 MB, once) ...`);
    execFileSync('npm', ['pack', '@iconify/json', '--pack-destination', cache, '--silent'], { stdio: 'ignore' });
  }
  return join(cache, cached().at(-1)!);
}
