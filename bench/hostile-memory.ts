// `npm run bench:memory`: the server's memory under hostile but valid input (issue 15 item 4).
// Starts the server on a temporary database holding the three default releases (or a copy of
// BENCH_DATABASE: every release, see bench/README.md), touches every
// release, then drives BENCH_URLS distinct valid REST URLs (distinct page, page_size and license
// across the releases and both icon resources, asked for with br, gzip or no compression, some
// twice in two encodings) and BENCH_DOCS distinct valid GraphQL documents (distinct search
// strings, aliases, operation names, fragments and arguments; over POST JSON, GET and raw POST).
// Samples the server's RSS (/proc/<pid>/status VmRSS) every BENCH_SAMPLE_EVERY requests and
// prints RSS at start, peak and end of each phase, 5 s after it (the server idle, after its idle
// collection: IDLE_GC_SECONDS), and the kernel's high-water mark (VmHWM).
//
// Environment: BENCH_URLS (100000), BENCH_DOCS (50000), BENCH_CONCURRENCY (8),
// BENCH_SAMPLE_EVERY (5000), BENCH_CACHE_MB (the server's RESPONSE_CACHE_MB; its default if
// unset), BENCH_RSS_LIMIT_MB (when set, exit 1 if the peak RSS exceeds it; the goal is 150),
// BENCH_SERVER_<NAME>=value passes NAME=value to the server only (every bench does; e.g.
// BENCH_SERVER_MALLOC_ARENA_MAX=2, BENCH_SERVER_NODE_OPTIONS=--max-old-space-size=128).
// Each sample also prints the V8 heap (used/total), external memory and the response cache's
// bytes from the server's /metrics.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { DEFAULT_RELEASES } from '../seeds/defaults.ts';
import { benchDatabase, startServer } from './support.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4751);
const URLS = Number(process.env.BENCH_URLS ?? 100_000);
const DOCS = Number(process.env.BENCH_DOCS ?? 50_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SAMPLE_EVERY = Number(process.env.BENCH_SAMPLE_EVERY ?? 5000);
const RSS_LIMIT_MB = process.env.BENCH_RSS_LIMIT_MB ? Number(process.env.BENCH_RSS_LIMIT_MB) : null;

const serverEnv: NodeJS.ProcessEnv = { ACCESS_LOG: 'false' };
if (process.env.BENCH_CACHE_MB) serverEnv.RESPONSE_CACHE_MB = process.env.BENCH_CACHE_MB;

// The three default releases, or every release of BENCH_DATABASE.
const { databasePath, cleanup, versions: VERSIONS } = await benchDatabase(DEFAULT_RELEASES);
const server = await startServer(PORT, databasePath, serverEnv);
const status = () => readFileSync(`/proc/${server.pid}/status`, 'utf8');
const statusMiB = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status())![1]) / 1024;
const rss = () => statusMiB('VmRSS');
const rssListening = rss();

// --- HTTP client: keep-alive, bodies counted and dropped (GraphQL bodies kept to check errors) ---

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
interface Req {
  method?: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** Keep the body as text (to check for GraphQL errors or read data). */
  text?: boolean;
}
interface Res {
  status: number;
  text: string;
  bytes: number;
}
function send({ method = 'GET', path, body, headers = {}, text = false }: Req): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, method, path, agent, headers }, (res) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (text) chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode!, text: text ? Buffer.concat(chunks).toString('utf8') : '', bytes }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Where the memory is, from the server's /metrics (V8 heap used and total, the totals of its main spaces, memory outside it, response cache). */
async function debugMemory(): Promise<string> {
  try {
    const res = await send({ path: '/metrics', text: true });
    if (res.status !== 200) return '';
    const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(res.text)?.[1] ?? NaN) / 1048576;
    const space = (name: string) => Number(new RegExp(`^nodejs_heap_space_size_total_bytes\\{space="${name}"\\} (\\S+)$`, 'm').exec(res.text)?.[1] ?? NaN) / 1048576;
    const spaces = `new ${space('new').toFixed(0)}, old ${space('old').toFixed(0)}, large ${space('large_object').toFixed(0)}`;
    return `heap ${metric('nodejs_heap_size_used_bytes').toFixed(0)}/${metric('nodejs_heap_size_total_bytes').toFixed(0)}M (${spaces}), external ${metric('nodejs_external_memory_bytes').toFixed(0)}M, response cache ${metric('iconmeta_response_cache_bytes').toFixed(0)}M, release cache ${metric('iconmeta_release_cache_bytes').toFixed(0)}M`;
  } catch {
    return '';
  }
}

/**
 * Where the RSS is, in MiB: the process's file-backed pages (Node's or the executable's code and
 * read-only data that ran) and anonymous memory (/proc/<pid>/smaps_rollup); of the anonymous, V8's
 * heap as committed (by space) and the memory V8 is told about outside it (buffers, mostly), and
 * the rest (malloc's: SQLite's page cache and statements, compression state, allocator slack); and
 * each budgeted part's bytes against its budget (iconmeta_memory_bytes).
 */
async function breakdown(): Promise<string[]> {
  const rollup = readFileSync(`/proc/${server.pid}/smaps_rollup`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? NaN) / 1024;
  const res = await send({ path: '/metrics', text: true });
  const metric = (name: string, labels = '') => Number(new RegExp(`^${name}${labels.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(res.text)?.[1] ?? NaN) / 1048576;
  const heap = metric('nodejs_heap_size_total_bytes');
  const external = metric('nodejs_external_memory_bytes');
  const anonymous = kib('Anonymous');
  const spaces = ['new', 'old', 'code', 'large_object'].map((space) => `${space} ${metric('nodejs_heap_space_size_total_bytes', `{space="${space}"}`).toFixed(1)}`).join(', ');
  const parts = ['responses', 'releases', 'icon_sets', 'graphql_documents', 'search_results']
    .map((part) => `${part} ${metric('iconmeta_memory_bytes', `{part="${part}"}`).toFixed(1)}/${metric('iconmeta_memory_budget_bytes', `{part="${part}"}`).toFixed(0)}`)
    .join(', ');
  return [
    `  RSS ${kib('Rss').toFixed(1)} = file-backed ${(kib('Rss') - anonymous).toFixed(1)} + anonymous ${anonymous.toFixed(1)}`,
    `  anonymous = V8 heap ${heap.toFixed(1)} (${spaces}; used ${metric('nodejs_heap_size_used_bytes').toFixed(1)}) + external ${external.toFixed(1)} + the rest ${(anonymous - heap - external).toFixed(1)} (malloc: SQLite, compression, slack)`,
    `  budgeted parts, bytes/budget: ${parts}`,
  ];
}

// --- Phases: run requests with CONCURRENCY workers, sampling RSS ---

interface PhaseResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  rssStart: number;
  rssPeak: number;
  rssEnd: number;
  /** 5 s after the phase, the server idle: after its idle collection (IDLE_GC_SECONDS). */
  rssSettled: number;
}

const IDLE_MS = 5_000;
const idle = () => new Promise((resolve) => setTimeout(resolve, IDLE_MS));
const results: PhaseResult[] = [];
const errorSamples: string[] = [];

async function phase(name: string, count: number, make: (i: number) => Req[], check: (req: Req, res: Res) => string | null) {
  const rssStart = rss();
  let rssPeak = rssStart;
  let next = 0;
  let done = 0;
  let errors = 0;
  let requests = 0;
  let nextSample = SAMPLE_EVERY;
  const started = performance.now();
  const debugStart = await debugMemory();
  console.log(`${name}: ${count} items, ${CONCURRENCY} connections; RSS ${rssStart.toFixed(0)} MiB${debugStart ? ` (${debugStart})` : ''}`);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        for (const req of make(i)) {
          requests++;
          let problem: string | null;
          try {
            problem = check(req, await send(req));
          } catch (error) {
            problem = (error as Error).message;
          }
          if (problem) {
            errors++;
            if (errorSamples.length < 10) errorSamples.push(`${name} ${req.method ?? 'GET'} ${req.path.slice(0, 160)} -> ${problem}`);
          }
        }
        done++;
        if (done >= nextSample) {
          nextSample += SAMPLE_EVERY;
          const now = rss();
          rssPeak = Math.max(rssPeak, now);
          const debug = await debugMemory();
          console.log(`  ${String(done).padStart(7)} done, ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s: RSS ${now.toFixed(0)} MiB${debug ? ` (${debug})` : ''}`);
        }
      }
    }),
  );
  const rssEnd = rss();
  const seconds = (performance.now() - started) / 1000;
  rssPeak = Math.max(rssPeak, rssEnd);
  console.log(`where the RSS is at the end of "${name}" (MiB):`);
  for (const line of await breakdown()) console.log(line);
  await idle();
  results.push({ name, requests, errors, seconds, rssStart, rssPeak, rssEnd, rssSettled: rss() });
}

const ok = (_req: Req, res: Res) => (res.status === 200 ? null : `status ${res.status}`);
const okGraphQL = (_req: Req, res: Res) =>
  res.status !== 200 ? `status ${res.status} ${res.text.slice(0, 200)}` : res.text.includes('"errors"') ? res.text.slice(0, 200) : null;

// A deterministic PRNG, so every run sends the same requests.
let seed = 0x9e3779b9;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

// --- What the releases hold: icon counts per license, and some icon names ---

const LICENSES = [null, 'free', 'pro'] as const;
const totals = new Map<string, number>();
const iconNames = new Map<string, string[]>();
for (const version of VERSIONS) {
  for (const license of LICENSES) {
    const res = await send({ path: `/releases/${version}/icons-minimal?page_size=1${license ? `&license=${license}` : ''}`, text: true });
    totals.set(`${version}:${license}`, (JSON.parse(res.text) as { totalIconCount: number }).totalIconCount);
  }
  const res = await send({ path: `/releases/${version}/icons-minimal?page_size=500&page=2`, text: true });
  iconNames.set(version, (JSON.parse(res.text) as { icons: { id: string }[] }).icons.map((icon) => icon.id));
}

const rssIdle = rss();

// --- Phase 0: every release touched (all resources, whole-release GraphQL, search) ---

const wholeRelease = (version: string) =>
  `{ release(version: "${version}") { icons { id label unicodeHex aliases { names unicodes { primary composite secondary } } familyStylesByLicense { free { family style prefix } pro { family style prefix } } } } }`;
const postJson = (query: string, headers: Record<string, string> = {}): Req => ({
  method: 'POST',
  path: '/graphql',
  body: JSON.stringify({ query }),
  headers: { 'content-type': 'application/json', ...headers },
  text: true,
});
const touches: Req[] = VERSIONS.flatMap((version) => [
  { path: `/releases/${version}/family-styles` },
  { path: `/releases/${version}/icon-packs` },
  ...Array.from({ length: 5 }, (_, k) => ({ path: `/releases/${version}/icons?page_size=500&page=${k + 1}`, headers: { 'accept-encoding': 'br' } })),
  postJson(wholeRelease(version)),
  postJson(`{ search(version: "${version}", query: "arrow", first: 15) { id label } }`),
]);
await phase('touch all releases', touches.length, (i) => [touches[i]], (req, res) => (req.method === 'POST' ? okGraphQL(req, res) : ok(req, res)));

// --- Phase 1: distinct REST URLs ---

interface Page {
  version: string;
  resource: 'icons' | 'icons-minimal';
  license: (typeof LICENSES)[number];
  pageSize: number;
  page: number;
}
const pages: Page[] = [];
for (const version of VERSIONS) {
  for (const resource of ['icons', 'icons-minimal'] as const) {
    for (const license of LICENSES) {
      const total = totals.get(`${version}:${license}`)!;
      for (let pageSize = 1; pageSize <= 500; pageSize++) {
        for (let page = 1; page <= Math.ceil(total / pageSize); page++) pages.push({ version, resource, license, pageSize, page });
      }
    }
  }
}
shuffle(pages);
if (pages.length < URLS) console.log(`(only ${pages.length} distinct non-empty pages exist; past them, pages beyond the end)`);
const ENCODINGS = ['br', 'gzip', 'gzip, deflate, br', ''];
function restRequests(i: number): Req[] {
  const p = pages[i] ?? { ...pages[i % pages.length], page: 1_000 + i }; // past the end: a small valid page
  // Parameter order, and now and then an ignored parameter, vary too: distinct URLs, one cache key.
  const params = [`page=${p.page}`, `page_size=${p.pageSize}`, ...(p.license ? [`license=${p.license}`] : []), ...(i % 10 === 0 ? [`_=${i}`] : [])];
  if (i % 2) params.reverse();
  const path = `/releases/${p.version}/${p.resource}?${params.join('&')}`;
  const encoding = ENCODINGS[i % ENCODINGS.length];
  const first: Req = { path, headers: encoding ? { 'accept-encoding': encoding } : {} };
  // One URL in four is asked for again in another encoding: a second compressed form.
  return i % 4 === 1 ? [first, { path, headers: { 'accept-encoding': encoding === 'gzip' ? 'br' : 'gzip' } }] : [first];
}
await phase(`REST: ${URLS} distinct URLs`, URLS, restRequests, ok);

// --- Phase 2: distinct GraphQL documents ---

const WORDS = ['arrow', 'user', 'house', 'heart', 'star', 'cloud', 'file', 'circle', 'chevron', 'calendar', 'car', 'bell', 'camera', 'check', 'music'];
const LICENSE_ENUM = ['ANY', 'FREE', 'PRO'];
function document(i: number): string {
  const version = VERSIONS[i % VERSIONS.length];
  const n = Math.floor(i / 3);
  const names = iconNames.get(version)!;
  switch (n % 6) {
    case 0: // a search with a distinct literal string
      return `{ search(version: "${version}", query: "${WORDS[n % WORDS.length]} ${n.toString(36)}", first: ${1 + (n % 30)}) { id label unicodeHex } }`;
    case 1: // a search page with distinct arguments
      return `{ searchPaginated(version: "${version}", query: "${WORDS[n % WORDS.length]}", page: ${1 + (n % 7)}, pageSize: ${1 + (n % 47)}) { totalIconCount icons { id label } } s${n}: release(version: "${version}") { version } }`;
    case 2: // distinct aliases
      return `{ r${n}: release(version: "${version}") { v${n}: version isLatest c${n}: iconCount { free pro } i${n}: icon(name: "${names[n % names.length]}") { id label } } }`;
    case 3: // a distinct named operation with a fragment
      return `query Q${n} { release(version: "${version}") { icon(name: "${names[n % names.length]}") { ...F${n} } } } fragment F${n} on Icon { id label unicodeHex aliases { names } familyStylesByLicense { free { prefix style } } }`;
    case 4: // a page of icons with distinct arguments
      return `{ release(version: "${version}") { iconsPaginated(license: ${LICENSE_ENUM[n % 3]}, page: ${1 + (n % 11)}, pageSize: ${1 + (Math.floor(n / 11) % 200)}) { page totalPageCount icons { id label unicodeHex } } } }`;
    default: // several small fields under distinct aliases, and a comment
      return `# request ${n}\n{ a${n}: releases { version } b${n}: release(version: "${version}") { familyStyles { prefix } visualTags { name } } }`;
  }
}
function graphqlRequests(i: number): Req[] {
  const query = document(i);
  const encoding = ENCODINGS[i % ENCODINGS.length];
  const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
  switch (Math.floor(i / 7) % 3) {
    case 0:
      return [postJson(query, headers)];
    case 1:
      return [{ path: `/graphql?query=${encodeURIComponent(query)}`, headers, text: true }];
    default:
      return [{ method: 'POST', path: '/graphql', body: query, headers: { ...headers, 'content-type': 'application/graphql' }, text: true }];
  }
}
await phase(`GraphQL: ${DOCS} distinct documents`, DOCS, graphqlRequests, okGraphQL);

// --- Settled: the last phase waited 5 s idle already ---

const rssSettled = results.at(-1)!.rssSettled;
const hwm = statusMiB('VmHWM');
const debug = await debugMemory();
console.log('where the RSS is, settled (MiB):');
for (const line of await breakdown()) console.log(line);

console.log('');
console.log(`RSS when listening ${rssListening.toFixed(0)} MiB; after the first requests (icon counts and names) ${rssIdle.toFixed(0)} MiB`);
for (const r of results) {
  console.log(
    `${r.name.padEnd(34)} ${String(r.requests).padStart(7)} requests in ${r.seconds.toFixed(0).padStart(4)} s, ${r.errors} errors; RSS start ${r.rssStart.toFixed(0)} MiB, peak ${r.rssPeak.toFixed(0)} MiB, end ${r.rssEnd.toFixed(0)} MiB, 5 s idle ${r.rssSettled.toFixed(0)} MiB`,
  );
}
const settledWorst = Math.max(...results.map((r) => r.rssSettled));
console.log(`settled (5 s idle) ${rssSettled.toFixed(0)} MiB; kernel high-water mark (VmHWM) ${hwm.toFixed(0)} MiB${debug ? `; ${debug}` : ''}`);
console.log(`goal: RSS <= 150 MiB with every release touched: ${settledWorst.toFixed(0)} MiB after the worst phase, idle (${(settledWorst / 150).toFixed(2)} of the goal); under load, peak ${Math.max(hwm, ...results.map((r) => r.rssPeak)).toFixed(0)} MiB${RSS_LIMIT_MB !== null ? `; limit asserted here ${RSS_LIMIT_MB} MiB` : ''}`);
for (const sample of errorSamples) console.log(`  error: ${sample}`);
server.kill();
cleanup();
const failed = results.some((r) => r.errors > 0) || (RSS_LIMIT_MB !== null && Math.max(hwm, ...results.map((r) => r.rssPeak)) > RSS_LIMIT_MB);
process.exit(failed ? 1 : 0);
