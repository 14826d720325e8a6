// `npm run bench:iconify-peer`: this service's Iconify API against the Iconify API server itself
// (@iconify/api, from devDependencies) on the same @iconify/json, every set. The package is fetched
// once with `npm pack` into BENCH_CACHE (./data/bench-tarballs) and unpacked once per run; ours
// imports that folder with `seed add` into a fresh SQLite file (timed); the peer reads the same
// folder as its ICONIFY_SOURCE=full source (below). Each server is pinned to core 0 with taskset,
// wrk to core 1; the loads alternate between the two, BENCH_ROUNDS (1) rounds of BENCH_SECONDS (5)
// each after an unmeasured warm-up of BENCH_WARM_UP_SECONDS (2), medians printed with ours/peer
// ratios, and the lowest and highest of each round's own ratio. Figures: time from spawn to the
// first 200 of icon data and of a search, RSS once idle and after the loads, req/s and p99 for
// search as typed (random 4-letter prefixes), never-seen two-word searches, 20-name icon batches (a new
// one each request, 500 asked again and again, as a page's visitors do, and one URL of mdi and one
// of lucide repeated), one SVG repeated (/mdi/home.svg?height=24), and /collection?prefix=mdi;
// with each, the server's CPU a request (/proc/<pid>/stat over the load). The fixed answers (the
// SVG and the two one-URL batches) also run against a bare node:http server (bench/bare-server.ts,
// on BENCH_PORT + 1, pinned to core 0 as well) writing the bytes and headers ours wrote for them,
// fetched from ours in the first round: the limit for those bytes on this core, with ours/bare and
// peer/bare beside ours/peer (issue 46: "no more work than a bare node:http server").
// Needs wrk (`apt-get install wrk`) and a few GB under /tmp (the peer splits every set into its cache).
// BENCH_CASES runs only the loads whose names contain it; BENCH_PORT moves the servers' ports.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as tar from 'tar';
import { assertPortFree, cpuMicros, iconifyJsonTarball, percentile, rssMiB, send, spawnServer, startBareServer } from './support.ts';

/** Ours listens on BENCH_PORT (4741), the peer two above: benches of two worktrees side by side. */
const OURS_PORT = Number(process.env.BENCH_PORT ?? 4741);
const PEER_PORT = OURS_PORT + 2;
const BARE_PORT = OURS_PORT + 1;
const SECONDS = process.env.BENCH_SECONDS ?? '5';
/** Seconds of each load run first, unmeasured. */
const WARM_UP_SECONDS = process.env.BENCH_WARM_UP_SECONDS ?? '2';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** wrk's connections (BENCH_CONNECTIONS, 16); issue 46's tail-latency goal is at 32. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROOT = resolve(import.meta.dirname, '..');
const PEER_ENTRY = join(ROOT, 'node_modules/@iconify/api/lib/index.js');

// The package, fetched once: the newest iconify-json-*.tgz in the cache, else whatever npm has now.
const tarball = iconifyJsonTarball();

const work = mkdtempSync(join(tmpdir(), 'iconmeta-bench-iconify-'));
const children: ChildProcess[] = [];
const cleanup = () => {
  children.forEach((child) => child.kill('SIGKILL'));
  rmSync(work, { recursive: true, force: true });
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

const source = join(work, 'iconify-json');
mkdirSync(source);
await tar.x({ file: tarball, cwd: source, strip: 1 });
const version = (JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { version: string }).version;
const prefixCount = Object.keys(JSON.parse(readFileSync(join(source, 'collections.json'), 'utf8'))).length;
console.log(`@iconify/json ${version}: ${prefixCount} sets in collections.json (${tarball})`);

// Ours: `seed add <folder>` into a fresh file, as an operator would.
const databasePath = join(work, 'ours.sqlite');
let started = performance.now();
execFileSync(process.execPath, [join(ROOT, 'server/main.ts'), 'seed', 'add', source], { cwd: ROOT, env: { ...process.env, DATABASE_PATH: databasePath }, stdio: 'ignore' });
const seedSeconds = (performance.now() - started) / 1000;
console.log(`ours: seed add took ${seedSeconds.toFixed(1)} s`);

// The peer: ICONIFY_SOURCE=full downloads @iconify/json into its cache/npm/@iconify/json and, at
// every start, asks the registry (`npm view`) whether a newer one is out. Its cache is laid out
// as after a download of this version, over the same folder ours imported, and an `npm` first on
// its PATH answers `npm view` with this version: it serves what ours serves and starts offline.
const peerDir = join(work, 'peer');
const peerPackage = join(peerDir, 'cache/npm/@iconify/json');
mkdirSync(peerPackage, { recursive: true });
symlinkSync(source, join(peerPackage, 'package'));
writeFileSync(
  join(peerDir, 'cache/versions.json'),
  JSON.stringify({ '@iconify/json': { downloadType: 'npm', rootDir: 'cache/npm/@iconify/json', contentsDir: 'cache/npm/@iconify/json/package', version } }),
);
const shimDir = join(work, 'npm-shim');
mkdirSync(shimDir);
writeFileSync(join(shimDir, 'npm'), `#!/bin/sh\necho '${JSON.stringify({ version, dist: { tarball: 'file:///nowhere.tgz' } })}'\n`);
chmodSync(join(shimDir, 'npm'), 0o755);

// Names and words for the loads, from mdi as the package ships it.
const mdi = JSON.parse(readFileSync(join(source, 'json/mdi.json'), 'utf8')) as { icons: Record<string, { hidden?: boolean }>; aliases?: Record<string, unknown> };
const NAMES = [...Object.keys(mdi.icons).filter((name) => !mdi.icons[name].hidden), ...Object.keys(mdi.aliases ?? {})];
const PARTS = [...new Set(NAMES.flatMap((name) => name.split('-')).filter((part) => /^[a-z]{3,}$/.test(part)))];
/** What people type first: the first four letters of mdi's name words (issue 43's "random 4-letter prefixes"). */
const TYPED = [...new Set(PARTS.filter((part) => part.length >= 4).map((part) => part.slice(0, 4)))];

/** A step through `count` pairs that visits each once (prime to it), about 0.618 of the way round. */
function strideFor(count: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = Math.floor(count * 0.618);
  while (gcd(stride, count) !== 1) stride++;
  return stride;
}

const lucide = JSON.parse(readFileSync(join(source, 'json/lucide.json'), 'utf8')) as { icons: Record<string, { hidden?: boolean }> };
const LUCIDE_NAMES = Object.keys(lucide.icons).filter((name) => !lucide.icons[name].hidden);
const pick = (names: string[]) => Array.from({ length: 20 }, () => names[Math.floor(Math.random() * names.length)]).join(',');

/** Batches drawn once (the same for both servers), for the revisited-pages load. */
const REPEATED_BATCHES = Array.from({ length: 500 }, () => Array.from({ length: 20 }, () => NAMES[Math.floor(Math.random() * NAMES.length)]).join(','));

const luaList = (words: string[]) => `{ ${words.map((w) => JSON.stringify(w)).join(', ')} }`;
const scripts = join(work, 'lua');
mkdirSync(scripts);
let scriptCount = 0;
/** A wrk script: `body` defines request(); `base` is the API's path prefix; `seed` differs per run. */
const lua = (body: string) => (base: string) => {
  const file = join(scripts, `${scriptCount++}.lua`);
  writeFileSync(file, `local base = "${base}"\nmath.randomseed(${Math.floor(Math.random() * 1e9)})\n${body}`);
  return file;
};

interface Case {
  name: string;
  /** A URL under the API's prefix that must answer 200 before the load; a script for the load, or none for the URL alone. */
  probe: string;
  script?: (base: string) => string;
  /** A fixed answer (one URL): measured against the bare server writing ours' bytes too. */
  bare?: true;
}
const allCases: Case[] = [
  {
    // A random one each request, 64 icons asked: a picker's box as a word is typed.
    name: 'search as typed (random 4-letter prefixes)',
    probe: `/search?query=${TYPED[0]}&limit=64`,
    script: lua(`local words = ${luaList(TYPED)}\nrequest = function()\n  return wrk.format("GET", base .. "/search?limit=64&query=" .. words[math.random(#words)])\nend\n`),
  },
  {
    // Two words in an order never sent before in this run (a random start in the n^2 pairs),
    // each pair far from the last: the k-th is pair (start + k * STRIDE) mod n^2, a stride prime
    // to n^2, so both words change every request. (Counting through the pairs in order kept the
    // second word for n requests in a row, a second of load on one word, common or rare.)
    name: 'search, never-seen 2-word query',
    probe: `/search?query=${PARTS[0]}%20${PARTS[1]}`,
    script: lua(
      `local words = ${luaList(PARTS)}\nlocal pairs = #words * #words\nlocal stride = ${strideFor(PARTS.length ** 2)}\nlocal n = math.random(0, pairs - 1)\nrequest = function()\n  n = (n + stride) % pairs\n  local a = words[(n % #words) + 1]\n  local b = words[math.floor(n / #words) + 1]\n  return wrk.format("GET", base .. "/search?query=" .. a .. "%20" .. b)\nend\n`,
    ),
  },
  {
    name: '20 mdi icons, a new batch each request',
    probe: `/mdi.json?icons=${NAMES.slice(0, 20).join(',')}`,
    script: lua(
      `local names = ${luaList(NAMES)}\nrequest = function()\n  local picked = {}\n  for i = 1, 20 do picked[i] = names[math.random(#names)] end\n  return wrk.format("GET", base .. "/mdi.json?icons=" .. table.concat(picked, ","))\nend\n`,
    ),
  },
  {
    // What pages do: each visitor's browser asks for the same batches (a page's icons), which a
    // self-hosted server without a CDN in front sees again and again. The same 500 batches for both.
    name: '20 mdi icons, the same 500 batches again',
    probe: `/mdi.json?icons=${REPEATED_BATCHES[0]}`,
    script: lua(`local batches = ${luaList(REPEATED_BATCHES)}\nlocal n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format("GET", base .. "/mdi.json?icons=" .. batches[(n % #batches) + 1])\nend\n`),
  },
  { name: '20 mdi icons, one URL repeated', probe: `/mdi.json?icons=${pick(NAMES)}`, bare: true },
  { name: '20 lucide icons, one URL repeated', probe: `/lucide.json?icons=${pick(LUCIDE_NAMES)}`, bare: true },
  { name: 'one SVG repeated (mdi home, height 24)', probe: '/mdi/home.svg?height=24', bare: true },
  { name: '/collection?prefix=mdi', probe: '/collection?prefix=mdi' },
];
/** BENCH_CASES: only the loads whose names contain it ("search": issue 43's two); else all. */
const cases = allCases.filter(({ name }) => name.includes(process.env.BENCH_CASES ?? ''));

interface Server {
  label: string;
  port: number;
  base: string;
  start: () => ChildProcess;
}
const servers: Server[] = [
  { label: 'ours', port: OURS_PORT, base: '/iconify', start: () => spawnServer(OURS_PORT, databasePath) },
  {
    label: 'peer',
    port: PEER_PORT,
    base: '',
    // Its own start command (npm start: node --expose-gc lib/index.js).
    start: () => {
      const log = openSync(join(work, 'peer.log'), 'a');
      const env = { ...process.env, PATH: `${shimDir}:${process.env.PATH}`, HOST: '127.0.0.1', PORT: String(PEER_PORT), ICONIFY_SOURCE: 'full' };
      return spawn('taskset', ['-c', '0', 'node', '--expose-gc', PEER_ENTRY], { env, cwd: peerDir, stdio: ['ignore', log, log] });
    },
  },
];

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `path` every 20 ms until it answers 200 with a JSON object; seconds since `since`. */
async function firstAnswer(port: number, path: string, since: number, child: ChildProcess): Promise<number> {
  const deadline = since + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited with ${child.exitCode}`);
    if (performance.now() > deadline) throw new Error(`no 200 from port ${port} ${path} in 10 minutes`);
    const answer = await send(port, path).catch(() => undefined);
    if (answer?.status === 200 && answer.body[0] === 0x7b) return (performance.now() - since) / 1000;
    await delay(20);
  }
}

/** Fails, with the peer's last words, when a server is gone. */
function alive(label: string, child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) return;
  const log = label === 'peer' ? readFileSync(join(work, 'peer.log'), 'utf8').slice(-3000) : '';
  throw new Error(`${label} exited (${child.exitCode ?? child.signalCode})${log ? `; its output ended with:\n${log}` : ''}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await ended;
  clearTimeout(hard);
}

/** A load on `port`; `pid`: the server's process, whose CPU a request it reports too. */
function wrk(port: number, pid: number, path: string, args: string[], seconds = SECONDS): { rps: number; p50ms: number; p99ms: number; cpuUs: number } {
  const cpuBefore = cpuMicros(pid);
  const out = execFileSync('taskset', ['-c', '1', 'wrk', '-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...args, `http://127.0.0.1:${port}${path}`], { encoding: 'utf8' });
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (errors) throw new Error(`wrk saw ${errors[1]} error responses on port ${port} ${path}`);
  const ms = (percent: number) => {
    const value = new RegExp(`Latency Distribution[\\s\\S]*?${percent}%\\s+(\\S+)`).exec(out)?.[1] ?? '?';
    const unit = /^([\d.]+)(us|ms|s)$/.exec(value);
    return unit ? Number(unit[1]) * (unit[2] === 'us' ? 0.001 : unit[2] === 's' ? 1000 : 1) : NaN;
  };
  const requests = Number(/(\d+) requests in/.exec(out)![1]);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]), p50ms: ms(50), p99ms: ms(99), cpuUs: (cpuMicros(pid) - cpuBefore) / requests };
}

type Figures = Record<string, number[]>;
const figures: Record<string, Figures> = { ours: {}, peer: {}, bare: {} };
const note = (server: string, name: string, value: number) => (figures[server][name] ??= []).push(value);

// Ours' first start after `seed add`, once: the seed command closed the file cleanly, recording it
// as sound, so it is checked in the background as at every later start (the read of every set's
// 600 MB before listening took half of this start's second before). The starts below come after a
// clean stop of a server.
{
  await assertPortFree(OURS_PORT);
  const first = servers[0].start();
  children.push(first);
  const firstSeconds = await firstAnswer(OURS_PORT, '/iconify/mdi.json?icons=home', performance.now(), first);
  await stop(first);
  console.log(`ours: first start after seed add: ${firstSeconds.toFixed(2)} s to its first icon data`);
}

/** The bare server (started in the first round, kept to the end: it holds nothing that grows). */
let bare: ChildProcess | undefined;
const BARE: Server = { label: 'bare', port: BARE_PORT, base: '', start: () => bare! };

for (let round = 0; round < ROUNDS; round++) {
  // Alternate which goes first: the start, then each load.
  const order = round % 2 === 0 ? servers : [...servers].reverse();
  const running = new Map<string, ChildProcess>();
  for (const server of order) {
    await assertPortFree(server.port);
    const since = performance.now();
    const child = server.start();
    children.push(child);
    running.set(server.label, child);
    note(server.label, 'first icon data (s)', await firstAnswer(server.port, `${server.base}/mdi.json?icons=home`, since, child));
    // The first search sent once the server answers (the issue's "first search after a start"):
    // its own time, and the time from the spawn until it is answered.
    const asked = performance.now();
    note(server.label, 'first search (s)', await firstAnswer(server.port, `${server.base}/search?query=home`, since, child));
    note(server.label, 'first search, its own time (ms)', performance.now() - asked);
    await delay(5_000);
    alive(server.label, child);
    note(server.label, 'RSS idle (MiB)', rssMiB(child.pid!));
  }
  for (const server of order)
    for (const { probe } of cases) {
      const answer = await send(server.port, server.base + probe);
      // JSON ('{'), or an SVG ('<').
      if (answer.status !== 200 || (answer.body[0] !== 0x7b && answer.body[0] !== 0x3c)) throw new Error(`${server.label} answered ${answer.status} ${String(answer.body).slice(0, 80)} to ${probe}`);
    }
  // The bare server, once: ours' answers to the fixed-answer cases, asked twice (an answer is
  // kept from its second asking) without Accept-Encoding, as wrk asks.
  if (!bare && cases.some((c) => c.bare)) {
    const answers = [];
    for (const { probe } of cases.filter((c) => c.bare)) {
      await send(OURS_PORT, `/iconify${probe}`);
      answers.push({ path: probe, answer: await send(OURS_PORT, `/iconify${probe}`) });
    }
    bare = await startBareServer(BARE_PORT, work, answers);
    children.push(bare);
  }
  if (bare) running.set('bare', bare);
  for (const { name, probe, script, bare: withBare } of cases) {
    // The bare server first in one round, last in the next.
    const loads = withBare ? (round % 2 === 0 ? [BARE, ...order] : [...order, BARE]) : order;
    for (const server of loads) {
      const pid = running.get(server.label)!.pid!;
      alive(server.label, running.get(server.label)!);
      // A warm-up of the same load first, unmeasured, for both: the first seconds after a start
      // measure the JIT compiler and empty caches, not the serving.
      const load = () => (script ? wrk(server.port, pid, server.base || '/', ['-s', script(server.base)], WARM_UP_SECONDS) : wrk(server.port, pid, server.base + probe, [], WARM_UP_SECONDS));
      load();
      const run = script ? wrk(server.port, pid, server.base || '/', ['-s', script(server.base)]) : wrk(server.port, pid, server.base + probe, []);
      note(server.label, `${name}: req/s`, run.rps);
      note(server.label, `${name}: p50 (ms)`, run.p50ms);
      note(server.label, `${name}: p99 (ms)`, run.p99ms);
      // Issue 46's tail goal (p99 within 2x of p50), read for the bare server too: what node:http
      // itself holds to under the same load.
      note(server.label, `${name}: p99 / p50`, run.p99ms / run.p50ms);
      note(server.label, `${name}: CPU a request (us)`, run.cpuUs);
      // Each server's RSS right after its own last load: read after both, the one that went first
      // had idled through the other's load, and its idle collection had run (half the rounds).
      if (name === cases.at(-1)!.name && server !== BARE) note(server.label, 'RSS after load (MiB)', rssMiB(pid));
    }
  }
  for (const [label, child] of running) if (label !== 'bare') await stop(child);
}

const median = (values: number[]) => percentile(values, 0.5);
const format = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
console.log(`\n@iconify/json ${version}, ${prefixCount} sets; ours seeded in ${seedSeconds.toFixed(1)} s; ${ROUNDS} round(s) of ${SECONDS} s per load, wrk -c${CONNECTIONS} on core 1, servers on core 0`);
// Each round's own ratio too (the two servers measured minutes apart, in that round's conditions):
// on a shared machine the peer's rate moves by a fifth between runs, and a median hides that.
// The fixed answers add the bare server's figure and both servers' ratios to it.
console.log(
  `${'figure'.padEnd(62)} ${'ours'.padStart(10)} ${'peer'.padStart(10)} ${'ours/peer'.padStart(10)}  ${'rounds'.padStart(11)} ${'bare'.padStart(10)} ${'ours/bare'.padStart(10)} ${'peer/bare'.padStart(10)}`,
);
for (const name of Object.keys(figures.ours)) {
  const ours = median(figures.ours[name]);
  const peer = median(figures.peer[name]);
  const perRound = figures.ours[name].map((value, round) => value / figures.peer[name][round]);
  const range = ROUNDS > 1 ? `${Math.min(...perRound).toFixed(2)}-${Math.max(...perRound).toFixed(2)}` : '';
  const bareFigures = figures.bare[name];
  const bareColumns = bareFigures ? [format(median(bareFigures)), (ours / median(bareFigures)).toFixed(2), (peer / median(bareFigures)).toFixed(2)].map((column) => column.padStart(10)).join(' ') : '';
  console.log(`${name.padEnd(62)} ${format(ours).padStart(10)} ${format(peer).padStart(10)} ${(ours / peer).toFixed(2).padStart(10)}  ${range.padStart(11)} ${bareColumns}`);
}
console.log('(req/s: higher is better; seconds, MiB, p99, p99 / p50 and CPU a request: lower is better)');
cleanup();
process.exit(0);
