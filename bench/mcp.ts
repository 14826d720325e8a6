// `npm run bench:mcp`: a search through the MCP server (POST /mcp, tools/call search_icons, a new
// query each time) beside the bare Iconify API search (GET /iconify/search, also a new query each
// time) in the same run, on the server npm start runs (pinned to core 0) with every open set of
// @iconify/json (BENCH_ICON_SETS=all, the default; or a comma-separated list of prefixes) and the
// default Font Awesome releases. The @iconify/json package is fetched once into BENCH_CACHE
// (./data/bench-tarballs), as bench:iconify-peer does. Requests go one at a time on one keep-alive
// connection, alternating between the two; the queries are two words from a list, each pair asked
// once, split between the two sides. Prints medians and p90 of each, their ratio, and tools/list's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as tar from 'tar';
import { iconifyJsonTarball, percentile, send, startServer } from './support.ts';

const PORT = 4751;
const ROOT = resolve(import.meta.dirname, '..');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const SETS = process.env.BENCH_ICON_SETS ?? 'all';
const GOAL_MS = 5;

const tarball = iconifyJsonTarball();

const work = mkdtempSync(join(tmpdir(), 'iconmeta-bench-mcp-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
process.on('SIGINT', () => process.exit(130));
const databasePath = join(work, 'bench.sqlite');
const seed = (spec: string) => execFileSync(process.execPath, [join(ROOT, 'server/main.ts'), 'seed', 'add', spec], { cwd: ROOT, env: { ...process.env, DATABASE_PATH: databasePath }, stdio: 'ignore' });

let started = performance.now();
if (SETS === 'all') seed(tarball);
else {
  const wanted = new Set(SETS.split(',').map((prefix) => `json/${prefix.trim()}.json`));
  await tar.x({ file: tarball, cwd: work, strip: 1, filter: (path) => wanted.has(path.replace(/^package\//, '')) });
  for (const file of wanted) seed(join(work, file));
}
console.log(`open sets (${SETS}) of ${tarball.split('/').at(-1)} imported in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// The default Font Awesome releases are imported at the server's first start (SEED_DEFAULTS), and
// their open sets (fa7-solid ...) made; no rate limit on /mcp for one client sending hundreds.
started = performance.now();
const server = await startServer(PORT, databasePath, { SEED_DEFAULTS: 'true', MCP_RATE_LIMIT: '0' });
console.log(`server up in ${((performance.now() - started) / 1000).toFixed(1)} s (pid ${server.pid})`);

const WORDS = ['arrow', 'home', 'user', 'close', 'settings', 'cart', 'mail', 'file', 'folder', 'star', 'heart', 'search', 'lock', 'calendar', 'camera', 'phone', 'chart', 'cloud', 'download', 'upload', 'bell', 'trash', 'edit', 'share', 'play', 'music', 'map', 'car', 'book', 'chat'];
const MODIFIERS = ['left', 'right', 'up', 'down', 'outline', 'circle', 'plus', 'minus', 'check', 'alert', 'off', 'bold', 'square', 'fill', 'line', 'small'];
// Every pair once, in an order fixed by a simple generator (the same in every run).
const pairs = WORDS.flatMap((word) => MODIFIERS.map((modifier) => `${word} ${modifier}`));
let seedValue = 44;
const random = () => ((seedValue = (seedValue * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
for (let i = pairs.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [pairs[i], pairs[j]] = [pairs[j], pairs[i]];
}
const count = Math.min(REQUESTS, Math.floor(pairs.length / 2));

const rpc = (id: number, method: string, params?: object) =>
  send(PORT, '/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }),
  });

/** Warms what the first requests would otherwise build (the search index, the sets' list). */
for (const query of ['warm', 'warming up']) {
  await rpc(0, 'tools/call', { name: 'search_icons', arguments: { query, limit: 32 } });
  await send(PORT, `/iconify/search?query=${encodeURIComponent(query)}&limit=32`);
}

const mcp: number[] = [];
const bare: number[] = [];
const list: number[] = [];
let found = 0;
for (let i = 0; i < count; i++) {
  const asMcp = pairs[2 * i + (i % 2)];
  const asBare = pairs[2 * i + 1 - (i % 2)];
  const a = await rpc(i + 1, 'tools/call', { name: 'search_icons', arguments: { query: asMcp, limit: 32 } });
  if (a.status !== 200) throw new Error(`/mcp answered ${a.status}: ${a.body.toString().slice(0, 200)}`);
  const answer = JSON.parse(a.body.toString()) as { result?: { structuredContent?: { icons: unknown[] }; isError?: boolean } };
  if (!answer.result || answer.result.isError) throw new Error(`search_icons failed: ${a.body.toString().slice(0, 300)}`);
  found += answer.result.structuredContent!.icons.length;
  mcp.push(a.ms);
  const b = await send(PORT, `/iconify/search?query=${encodeURIComponent(asBare)}&limit=32`);
  if (b.status !== 200) throw new Error(`/iconify/search answered ${b.status}`);
  bare.push(b.ms);
  if (i % 4 === 0) list.push((await rpc(i, 'tools/list')).ms);
}
server.kill();

const median = (values: number[]) => percentile(values, 0.5);
const line = (name: string, values: number[]) => `${name.padEnd(44)} median ${median(values).toFixed(2)} ms   p90 ${percentile(values, 0.9).toFixed(2)} ms   (${values.length} requests)`;
console.log(line('POST /mcp tools/call search_icons (new query)', mcp));
console.log(line('GET /iconify/search (new query)', bare));
console.log(line('POST /mcp tools/list', list));
console.log(`ratio of medians, /mcp search / bare search: ${(median(mcp) / median(bare)).toFixed(2)}x; ${(found / mcp.length).toFixed(1)} icons an MCP answer`);
console.log(`goal: /mcp search median <= ${GOAL_MS} ms: ${median(mcp) <= GOAL_MS ? 'met' : 'NOT met'}`);
