// `npm run bench:startup`: start-up time and memory of dist/iconmeta (npm run build first) against
// `npm start` and the direct command, on a database already holding the default releases (or a
// copy of BENCH_DATABASE): the time from the command to the first answer of GET /healthz, and the
// RSS of every process of the command (npm's own included) after one GET /releases/7.3.1/icons;
// and the first search after that (GraphQL, 7.3.1, a query never sent before), which builds the
// release's search index, against a second one in the same process (issue 27: <= 10 ms).
// Each run starts on a copy never served before (the whole file is checked before listening),
// stops it with SIGTERM, then restarts on it (unchanged since that clean shutdown: checked in the
// background instead). BENCH_RUNS (3) runs each.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_RELEASES } from '../seeds/defaults.ts';
import { benchDatabase, percentile, send } from './support.ts';

const root = new URL('..', import.meta.url).pathname;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const commands: Record<string, string[]> = {
  'dist/iconmeta': [join(root, 'dist/iconmeta')],
  'node server/main.ts': [process.execPath, join(root, 'server/main.ts')],
  'npm start': ['npm', 'start', '--silent'],
};

/** RSS in KiB of a process and its descendants (npm -> node). */
function treeRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const own = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const children = existsSync(`/proc/${pid}/task/${pid}/children`) ? readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
  return own + children.reduce((sum, child) => sum + treeRss(child), 0);
}

if (!existsSync(commands['dist/iconmeta'][0])) throw new Error('no dist/iconmeta: run npm run build first');
const seeded = await benchDatabase(DEFAULT_RELEASES); // or a copy of BENCH_DATABASE
let port = 4700;
// Seconds to the first answer, by command and by start or restart.
const times = new Map<string, number[]>();
/** Milliseconds of the first search after each start. */
const searches: number[] = [];
async function start(name: string, command: string, args: string[], databasePath: string, when: string) {
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, stdio: 'ignore', env: { ...process.env, PORT: String(port), DATABASE_PATH: databasePath, SEED_DEFAULTS: 'false', LOG_LEVEL: 'warn' } });
  for (;;) {
    if (await send(port, '/healthz').then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const elapsed = performance.now() - started;
  const search = (query: string) =>
    send(port, '/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query ($q: String!) { search(version: "7.3.1", query: $q, first: 20) { id } }', variables: { q: query } }),
    });
  const firstSearch = (await search(`coffee ${when}`)).ms;
  const secondSearch = (await search(`house ${when}`)).ms;
  searches.push(firstSearch);
  await send(port, '/releases/7.3.1/icons');
  await new Promise((r) => setTimeout(r, 300));
  const rss = treeRss(child.pid!);
  console.log(`${name.padEnd(20)} ${when.padEnd(8)} first answer ${(elapsed / 1000).toFixed(2)} s, RSS ${(rss / 1024).toFixed(0)} MiB, first search ${firstSearch.toFixed(1)} ms (the next ${secondSearch.toFixed(1)} ms)`);
  times.set(`${name} ${when}`, [...(times.get(`${name} ${when}`) ?? []), elapsed / 1000]);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  port++;
}

for (const [name, [command, ...args]] of Object.entries(commands)) {
  for (let run = 0; run < runs; run++) {
    const databasePath = join(seeded.dir, `run-${port}.sqlite`);
    copyFileSync(seeded.databasePath, databasePath);
    await start(name, command, args, databasePath, 'start');
    await start(name, command, args, databasePath, 'restart');
  }
}
seeded.cleanup();

// Issue 11's row: a restart on an existing database (69 releases with BENCH_DATABASE), to the first 200.
for (const name of Object.keys(commands)) {
  const restart = percentile(times.get(`${name} restart`)!, 0.5);
  console.log(`${name.padEnd(20)} restart, median of ${runs}: ${restart.toFixed(2)} s -> ${(restart / 0.5).toFixed(2)} of the goal (<= 0.5 s, issue 11)`);
}
const firstSearch = percentile(searches, 0.5);
console.log(`first search after a start, median of ${searches.length}: ${firstSearch.toFixed(1)} ms (worst ${Math.max(...searches).toFixed(1)}) -> ${(firstSearch / 10).toFixed(2)} of the goal (<= 10 ms, issue 27)`);
