// `npm run bench:soak`: 60 s of mixed traffic at 64 connections against a server holding the three
// default releases: REST pages hot and cold, GraphQL queries, searches and token exchanges. Prints
// errors, p50/p99 latency per kind, and the server's RSS at start and end. Targets: zero errors,
// RSS growth <= 10 %. SOAK_SECONDS and SOAK_CONNECTIONS change the load.
//
// RSS "at start" is read after a warm-up of the same traffic (SOAK_WARMUP seconds): before it,
// growth is caches filling, not leaking. The cold-page traffic makes new cache keys without end,
// so the server runs with RESPONSE_CACHE_MB=32 (SOAK_CACHE_MB) for its LRU to evict throughout.
import { execFileSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { DEFAULT_RELEASES } from '../seeds/defaults.ts';
import { databaseWith, percentile, rssMiB, startServer } from './support.ts';

const PORT = 4741;
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARMUP = Number(process.env.SOAK_WARMUP ?? 15);
const CACHE_MB = process.env.SOAK_CACHE_MB ?? '32';
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 64);
const { databasePath, cleanup } = await databaseWith(DEFAULT_RELEASES);
const apiToken = execFileSync('node', ['scripts/admin.ts', 'token', 'create', '--email', 'soak@example.test', '--scopes', 'kits_read,svg_icons_free'], {
  env: { ...process.env, DATABASE_PATH: databasePath },
  encoding: 'utf8',
})
  .trim()
  .split('\n')
  .at(-1)!;
const server = await startServer(PORT, databasePath, { RESPONSE_CACHE_MB: CACHE_MB });
const rss = () => rssMiB(server.pid!);

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
type Kind = 'rest-hot' | 'rest-cold' | 'graphql' | 'search' | 'token';
const latencies: Record<Kind, number[]> = { 'rest-hot': [], 'rest-cold': [], graphql: [], search: [], token: [] };
const errors: string[] = [];
let accessToken = '';

function send(kind: Kind, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<string> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port: PORT, method, path, agent, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        latencies[kind].push(performance.now() - started);
        const graphqlError = (kind === 'graphql' || kind === 'search') && text.includes('"errors"');
        if (res.statusCode !== 200 || graphqlError) errors.push(`${kind} ${path} -> ${res.statusCode} ${text.slice(0, 120)}`);
        resolve(text);
      });
    });
    req.on('error', (error) => {
      errors.push(`${kind} ${path} -> ${error.message}`);
      resolve('');
    });
    req.end(body);
  });
}

const words = ['house', 'arrow up', 'user', 'calender', 'chevron', 'heart', 'star', 'cloud', 'file', 'circle'];
let cold = 0;
function oneRequest(i: number): Promise<unknown> {
  const version = DEFAULT_RELEASES[i % DEFAULT_RELEASES.length];
  switch (i % 10) {
    case 0:
    case 1:
    case 2:
      return send('rest-hot', 'GET', `/releases/${version}/icons?page_size=100`);
    case 3: {
      // A page size and page not asked for before: a cache miss.
      const n = cold++;
      return send('rest-cold', 'GET', `/releases/${version}/icons-minimal?page=${(n % 20) + 1}&page_size=${1 + Math.floor(n / 20) % 500}`);
    }
    case 4:
    case 5:
      return send('graphql', 'POST', '/graphql', JSON.stringify({ query: `{ release(version: "${version}") { version iconsPaginated(pageSize: 50, page: ${(i % 7) + 1}) { icons { id label unicodeHex } } } }` }));
    case 6:
      return send('graphql', 'POST', '/graphql', JSON.stringify({ query: '{ me { kits { name } } release(version: "7.x") { icon(name: "house") { svgs { html } } } }' }), { authorization: `Bearer ${accessToken}` });
    case 7:
    case 8:
      return send('search', 'POST', '/graphql', JSON.stringify({ query: 'query($q: String!) { search(version: "7.3.1", query: $q, first: 15) { id label } }', variables: { q: words[i % words.length] } }));
    default:
      return send('token', 'POST', '/token', undefined, { authorization: `Bearer ${apiToken}` }).then((text) => {
        accessToken = JSON.parse(text || '{}').access_token ?? accessToken;
      });
  }
}

let issued = 0;
async function load(seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) await oneRequest(issued++);
    }),
  );
}

accessToken = JSON.parse(await send('token', 'POST', '/token', undefined, { authorization: `Bearer ${apiToken}` })).access_token;
const rssBeforeWarmup = rss();
await load(WARMUP);
for (const values of Object.values(latencies)) values.length = 0;
const errorsInWarmup = errors.splice(0).length;
const rssStart = rss();
await load(SECONDS);
const rssEnd = rss();

const all = Object.values(latencies).flat();
console.log(`soak ${SECONDS} s, ${CONNECTIONS} connections: ${all.length} requests (${(all.length / SECONDS).toFixed(0)}/s), errors ${errors.length}`);
for (const [kind, values] of Object.entries(latencies)) {
  if (values.length) console.log(`  ${kind.padEnd(9)} n=${String(values.length).padStart(7)}  p50 ${percentile(values, 0.5).toFixed(2)} ms  p99 ${percentile(values, 0.99).toFixed(2)} ms`);
}
console.log(`  overall   p50 ${percentile(all, 0.5).toFixed(2)} ms  p99 ${percentile(all, 0.99).toFixed(2)} ms`);
console.log(`RSS before warm-up ${rssBeforeWarmup.toFixed(0)} MiB; after ${WARMUP} s warm-up (start) ${rssStart.toFixed(0)} MiB; end ${rssEnd.toFixed(0)} MiB: growth ${(((rssEnd - rssStart) / rssStart) * 100).toFixed(1)} % (target <= 10 %; response cache ${CACHE_MB} MiB; warm-up errors ${errorsInWarmup})`);
for (const error of errors.slice(0, 5)) console.log(`  error: ${error}`);
cleanup();
process.exit(errors.length === 0 ? 0 : 1);
