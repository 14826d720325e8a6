// Helpers for tests that run the real server as a child process on a database file.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { request } from 'node:http';
import { createServer, type Socket } from 'node:net';

export const root = new URL('..', import.meta.url).pathname;

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export function startServer(databasePath: string, port: number, env: Record<string, string> = {}, options: SpawnOptions = {}): ChildProcess {
  return startServerOn({ DATABASE_PATH: databasePath }, port, env, options);
}

/** The server on the database `database` names (DATABASE_PATH or DATABASE_URL: SharedTestDatabase.env). */
export function startServerOn(database: Record<string, string>, port: number, env: Record<string, string> = {}, options: SpawnOptions = {}): ChildProcess {
  const child = spawn('node', ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...database, PORT: String(port), SEED_DEFAULTS: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  keepOutput(child);
  return child;
}

/** The last output of each server started since the last takeServerOutputs (whose stdout and stderr the test left to us). */
const outputs: { pid: number | undefined; text: () => string }[] = [];
const KEPT_OUTPUT_CHARS = 16_384;

function keepOutput(child: ChildProcess): void {
  let text = '';
  const keep = (chunk: Buffer) => void (text = (text + chunk.toString()).slice(-KEPT_OUTPUT_CHARS));
  // Unreferenced: a pipe read only for a report never keeps the test run from ending.
  for (const stream of [child.stdout, child.stderr] as (Socket | null)[]) stream?.on('data', keep).unref();
  if (child.stdout || child.stderr) outputs.push({ pid: child.pid, text: () => text });
}

/**
 * What the servers started during a test printed, for its failure report (test/root-hooks.ts): a
 * server that crashed or logged a warning says why, where its requests only saw a socket hang up.
 */
export function takeServerOutputs(): string[] {
  return outputs.splice(0).map(({ pid, text }) => `--- server ${pid}, its last output:\n${text() || '(nothing)'}`);
}

/**
 * The requests below each open a connection of their own (agent: false): a socket kept alive by
 * Node's global agent is closed by the server 5 s after its last answer, and one reused just as
 * it closes (two processes stalled on a loaded machine) fails with "socket hang up". A CI run
 * (2026-11-26) saw that on a request that followed another at once; no test here needs reuse.
 */
export function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** One request with any method, headers and body; the answer with how long it took. */
export function send(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export function postJson(port: number, path: string, payload: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json' }, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    })
      .on('error', reject)
      .end(JSON.stringify(payload));
  });
}

export async function waitUntilUp(port: number, timeoutMs = 30_000) {
  for (let i = 0; i < timeoutMs / 100; i++) {
    try {
      return await get(port, '/healthz');
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('the server did not start');
}

/**
 * The port a server started with PORT=0 and LOG_LEVEL=info listens on, read from its own
 * "iconmeta listening" line. Unlike a port picked before the start (freePort) and polled
 * (waitUntilUp), it is this process's: between the pick and the bind, any other listener on the
 * machine (a warm-up server, which binds a port of the system's choice) can take that port and
 * answer /healthz there for a server that is not up yet.
 */
export function listeningPort(child: ChildProcess, timeoutMs = 30_000): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    const done = (settle: () => void) => {
      clearTimeout(timer);
      child.stdout!.off('data', read);
      child.off('exit', exit);
      settle();
    };
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const port = /"url":"http:\/\/[^"]*:(\d+)\/"[^\n]*"msg":"iconmeta listening"/.exec(out)?.[1];
      if (port) done(() => resolve(Number(port)));
    };
    const exit = (code: number | null) => done(() => reject(new Error(`the server exited (${code}) before listening`)));
    const timer = setTimeout(() => done(() => reject(new Error('the server did not start'))), timeoutMs);
    child.stdout!.on('data', read);
    child.once('exit', exit);
  });
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });

/** Polls `check` until it holds; resolves with the milliseconds it took (fails past `withinMs`). */
export async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
