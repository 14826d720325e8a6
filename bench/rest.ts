// `npm run bench:rest`: REST throughput against a bare node:http server sending the identical
// bytes, in the same run. Server and baseline are pinned to core 0 (taskset), wrk to core 1.
// Needs wrk (`apt-get install wrk`). Targets: hot >= 0.6 of bare; cold first-request p50 <= 5 ms.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { addRelease } from '../seeds/add-release.ts';
import { defaultPackageDir } from '../seeds/defaults.ts';

const SERVER_PORT = 4701;
const BARE_PORT = 4702;
const HOT_PATH = '/releases/7.3.1/icons?page_size=500';
const DURATION = process.env.BENCH_SECONDS ?? '10';

const dir = mkdtempSync(join(tmpdir(), 'iconmeta-bench-rest-'));
const databasePath = join(dir, 'bench.sqlite');
const db = openDatabase(databasePath);
migrateDatabase(db);
await addRelease(db, defaultPackageDir('7.3.1'));
db.$client.close();

const children: ChildProcess[] = [];
const pinned = (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const child = spawn('taskset', ['-c', '0', ...args], { env: { ...process.env, ...env }, stdio: 'ignore' });
  children.push(child);
  return child;
};
process.on('exit', () => children.forEach((c) => c.kill()));

function get(port: number, path: string): Promise<{ ms: number; status: number; body: Buffer; headers: Record<string, unknown> }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode!, body: Buffer.concat(chunks), headers: res.headers }));
    })
      .on('error', reject)
      .end();
  });
}

async function waitFor(port: number, path: string) {
  for (let i = 0; i < 200; i++) {
    try {
      return await get(port, path);
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`nothing answered on port ${port}`);
}

function wrk(port: number, path: string): number {
  const out = execFileSync('taskset', ['-c', '1', 'wrk', '-t1', '-c32', `-d${DURATION}s`, `http://127.0.0.1:${port}${path}`], { encoding: 'utf8' });
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (errors) throw new Error(`wrk saw ${errors[1]} error responses`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]);
}

pinned(['npx', 'tsx', 'server/main.ts'], { PORT: String(SERVER_PORT), DATABASE_PATH: databasePath, SEED_DEFAULTS: 'false', LOG_LEVEL: 'warn' });
await waitFor(SERVER_PORT, '/healthz');

// Cold: the first request of distinct pages (each a cache miss: SQL, assembly, serialisation).
const cold: number[] = [];
for (const pageSize of [100, 250, 500]) {
  for (let page = 1; page * pageSize <= 1992 + pageSize - 1; page++) {
    cold.push((await get(SERVER_PORT, `/releases/7.3.1/icons?page=${page}&page_size=${pageSize}`)).ms);
  }
}
cold.sort((a, b) => a - b);

// The baseline serves exactly the bytes and headers our server sends for the hot path.
const hot = await get(SERVER_PORT, HOT_PATH);
const bodyFile = join(dir, 'body.bin');
writeFileSync(bodyFile, hot.body);
const headers = Object.fromEntries(Object.entries(hot.headers).filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k)));
const bareScript = `const b=require('fs').readFileSync(${JSON.stringify(bodyFile)});const h=${JSON.stringify(headers)};
require('http').createServer((q,s)=>{s.writeHead(200,h);s.end(b)}).listen(${BARE_PORT},'127.0.0.1')`;
pinned(['node', '-e', bareScript]);
await waitFor(BARE_PORT, '/');

const bare = wrk(BARE_PORT, HOT_PATH);
const ours = wrk(SERVER_PORT, HOT_PATH);
const p50 = cold[Math.floor(cold.length / 2)];
console.log(`hot ${HOT_PATH} (${(hot.body.length / 1024).toFixed(0)} KiB): iconmeta ${ours.toFixed(0)} req/s, bare node:http ${bare.toFixed(0)} req/s -> ratio ${(ours / bare).toFixed(2)} (target >= 0.6)`);
console.log(`cold first requests of ${cold.length} distinct pages: p50 ${p50.toFixed(2)} ms, p90 ${cold[Math.floor(cold.length * 0.9)].toFixed(2)} ms (target p50 <= 5 ms)`);
children.forEach((c) => c.kill());
rmSync(dir, { recursive: true, force: true });
process.exit(0);
