// `npm run bench:graphql-peer`: what an icon picker sends, against a bare node:http server sending
// the same bytes in the same run (the hardware's limit for those bytes) and, when BENCH_ICONIFY
// names a prepared folder (bench/README.md), against the Iconify API server serving the same
// Font Awesome Free 7 icons. Every server on core 0 (taskset), wrk on core 1; rounds alternate,
// medians of BENCH_ROUNDS (3) runs of BENCH_SECONDS (8). Cases: the whole-collection listing; a
// search repeated (one body); a picker's keystrokes (one document, the prefixes of common words, a
// request counter among the variables, so every body is new but the answers repeat across users
// as they do in real traffic); a never-seen query every request (two words drawn from every prefix
// of every 7.3.1 icon id: nothing to reuse but the index); a new pair of words that stand together
// in some solid icon's name ("arrow circle", "user plus") with a page size of 32-131 that makes each
// request new to every cache (both servers answer these with icons: issue 46's case); and a
// GraphQL GET answered 304 (Iconify has no 304: its column there is its full answer to the same
// search).
// Needs wrk (`apt-get install wrk`). BENCH_PORT moves the servers' ports.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultPackageDir } from '../seeds/defaults.ts';
import { assertPortFree, databaseWith, pinned, rssMiB, send, startServer, waitFor } from './support.ts';

/** Ours listens on BENCH_PORT (4731), the bare server and the peer just above: benches of two worktrees side by side. */
const SERVER_PORT = Number(process.env.BENCH_PORT ?? 4731);
const BARE_PORT = SERVER_PORT + 1;
const ICONIFY_PORT = SERVER_PORT + 2;
const SECONDS = process.env.BENCH_SECONDS ?? '8';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ICONIFY = process.env.BENCH_ICONIFY;
/** wrk's connections (BENCH_CONNECTIONS, 16); issue 46's tail-latency goal is at 32. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

const SEARCH = 'query Search($version: String!, $query: String!) { search(version: $version, query: $query, first: 100) { id label familyStylesByLicense { free { family style } pro { family style } } } }';
const WORDS = ['arrow', 'house', 'user', 'coffee', 'calendar', 'circle', 'star', 'heart', 'bell', 'camera', 'music', 'cloud', 'file', 'chevron'];
const KEYSTROKES = WORDS.flatMap((word) => Array.from({ length: word.length }, (_, i) => word.slice(0, i + 1)));
const LISTING = '/releases/7.3.1/icons-minimal?page_size=500';

const { dir, databasePath, cleanup } = await databaseWith(['7.3.1']);
const server = await startServer(SERVER_PORT, databasePath);

const lua = (name: string, script: string) => {
  const file = join(dir, `${name}.lua`);
  writeFileSync(file, script);
  return file;
};
const luaString = (text: string) => JSON.stringify(text); // a JSON string is a valid Lua string literal here
const luaList = (words: string[]) => `{ ${words.map((w) => `"${w}"`).join(', ')} }`;
const repeatedBody = JSON.stringify({ query: SEARCH, variables: { version: '7.3.1', query: 'arrow' } });
// Unknown variables are ignored by GraphQL; a counter in one makes every body new to every cache.
// Every prefix (2+ letters) of every icon id: pairs of them never repeat within a run.
const ids = Object.keys(JSON.parse(readFileSync(join(defaultPackageDir('7.3.1'), 'metadata', 'icon-families.json'), 'utf8')));
const PREFIXES = [...new Set(ids.flatMap((id) => Array.from({ length: id.length - 1 }, (_, i) => id.slice(0, i + 2)).filter((p) => !p.endsWith('-'))))];
// Two words next to each other in the name of an icon with a free solid style (fa7-solid's icons).
const families = JSON.parse(readFileSync(join(defaultPackageDir('7.3.1'), 'metadata', 'icon-families.json'), 'utf8')) as Record<string, { familyStylesByLicense?: { free?: { style: string }[] } }>;
const PAIRS = [
  ...new Set(
    Object.entries(families)
      .filter(([, icon]) => icon.familyStylesByLicense?.free?.some((familyStyle) => familyStyle.style === 'solid'))
      .flatMap(([id]) => {
        const words = id.split('-').filter((word) => /^[a-z]{2,}$/.test(word));
        return words.slice(1).map((word, i) => `${words[i]} ${word}`);
      }),
  ),
];
const PAIR_SEARCH = 'query Search($version: String!, $query: String!, $first: Int) { search(version: $version, query: $query, first: $first) { id label familyStylesByLicense { free { family style } pro { family style } } } }';
// Each takes Lua expressions: the query text, and a counter that makes the request new to every
// cache (an unknown GraphQL variable, an unknown Iconify parameter: both ignored by the servers).
type Format = (query: string, counter?: string) => string;
const graphqlPost: Format = (query, counter) =>
  `wrk.format("POST", "/graphql", { ["Content-Type"] = "application/json" }, '{"query":"${SEARCH}","variables":{"version":"7.3.1","query":"' .. ${query} .. '"${counter ? `,"n":' .. ${counter} .. '` : ''}}}')`;
const iconifyGet: Format = (query, counter) => `wrk.format("GET", "/search?limit=100&query=" .. ${query}${counter ? ` .. "&n=" .. ${counter}` : ''})`;
const keystrokes = (format: Format) =>
  `local words = ${luaList(KEYSTROKES)}\nlocal n = 0\nrequest = function()\n  n = n + 1\n  return ${format('words[(n % #words) + 1]', 'n .. math.random(1, 1000000000)')}\nend\n`;
// Every pair with every page size from 32 to 131, in order from a random start: no request repeats
// within ~94,000 (a run's load is less).
const newPairs = (request: (pair: string, size: string) => string) =>
  `local pairs = ${luaList(PAIRS)}\nmath.randomseed(os.time())\nlocal n = math.random(0, #pairs * 100)\nrequest = function()\n  n = n + 1\n  local pair = pairs[(n % #pairs) + 1]\n  local size = 32 + (math.floor(n / #pairs) % 100)\n  return ${request('pair', 'size')}\nend\n`;
const graphqlPair = (pair: string, size: string) =>
  `wrk.format("POST", "/graphql", { ["Content-Type"] = "application/json" }, '{"query":"${PAIR_SEARCH}","variables":{"version":"7.3.1","query":"' .. ${pair} .. '","first":' .. ${size} .. '}}')`;
const iconifyPair = (pair: string, size: string) => `wrk.format("GET", "/search?limit=" .. ${size} .. "&query=" .. string.gsub(${pair}, " ", "%%20"))`;
const neverSeen = (format: Format, space: string) =>
  `local words = ${luaList(PREFIXES)}\nrequest = function()\n  return ${format(`words[math.random(#words)] .. '${space}' .. words[math.random(#words)]`)}\nend\n`;

interface Case {
  name: string;
  ours: [path: string, args: string[]];
  iconify: [path: string, args: string[]];
}
const cases: Case[] = [
  { name: 'whole-collection listing', ours: [LISTING, []], iconify: ['/collection?prefix=fa7-solid', []] },
  {
    name: 'search, same query repeated (POST)',
    ours: ['/graphql', ['-s', lua('repeated', `wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = ${luaString(repeatedBody)}\n`)]],
    iconify: ['/search?query=arrow&limit=100', []],
  },
  {
    name: "search, a picker's keystrokes",
    ours: ['/graphql', ['-s', lua('keystrokes', keystrokes(graphqlPost))]],
    iconify: ['/', ['-s', lua('iconify-keystrokes', keystrokes(iconifyGet))]],
  },
  {
    name: 'search, a never-seen query (2 words)',
    ours: ['/graphql', ['-s', lua('never-seen', neverSeen(graphqlPost, ' '))]],
    iconify: ['/', ['-s', lua('iconify-never-seen', neverSeen(iconifyGet, '%20'))]],
  },
  {
    name: 'search, a new pair from a name',
    ours: ['/graphql', ['-s', lua('new-pairs', newPairs(graphqlPair))]],
    iconify: ['/', ['-s', lua('iconify-new-pairs', newPairs(iconifyPair))]],
  },
];

function wrk(port: number, path: string, args: string[] = []): { rps: number; p50: string; p99: string } {
  const out = execFileSync('taskset', ['-c', '1', 'wrk', '-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', ...args, `http://127.0.0.1:${port}${path}`], { encoding: 'utf8' });
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (errors) throw new Error(`wrk saw ${errors[1]} error responses on port ${port} ${path}`);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]), p50: /Latency Distribution[\s\S]*?50%\s+(\S+)/.exec(out)?.[1] ?? '?', p99: /Latency Distribution[\s\S]*?99%\s+(\S+)/.exec(out)?.[1] ?? '?' };
}

// The baseline answers every request with the bytes and headers of our typical answer (or a 304).
const post = (body: string) => send(SERVER_PORT, '/graphql', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
const searchAnswer = await post(repeatedBody);
const listingAnswer = await send(SERVER_PORT, LISTING);
const getPath = `/graphql?query=${encodeURIComponent(SEARCH)}&variables=${encodeURIComponent(JSON.stringify({ version: '7.3.1', query: 'arrow' }))}`;
const getAnswer = await send(SERVER_PORT, getPath);
const etag = String(getAnswer.headers.etag);
const notModified = await send(SERVER_PORT, getPath, { headers: { 'if-none-match': etag } });
if (searchAnswer.status !== 200 || listingAnswer.status !== 200 || notModified.status !== 304) throw new Error('unexpected answers from the server');
cases.push({ name: 'GraphQL GET answered 304', ours: [getPath, ['-H', `If-None-Match: ${etag}`]], iconify: ['/search?query=arrow&limit=100', []] });
writeFileSync(join(dir, 'search.json'), searchAnswer.body);
writeFileSync(join(dir, 'listing.json'), listingAnswer.body);
const keep = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)));
const bareScript = `const fs=require('fs');const b=fs.readFileSync(${JSON.stringify(join(dir, 'search.json'))});const l=fs.readFileSync(${JSON.stringify(join(dir, 'listing.json'))});
const h=${JSON.stringify(keep(searchAnswer.headers))};const lh=${JSON.stringify(keep(listingAnswer.headers))};const n=${JSON.stringify(keep(notModified.headers))};
require('http').createServer((q,s)=>{q.resume();q.on('end',()=>{if(q.headers['if-none-match']){s.writeHead(304,n);s.end()}else if(q.url.startsWith('/releases')){s.writeHead(200,lh);s.end(l)}else{s.writeHead(200,h);s.end(b)}})}).listen(${BARE_PORT},'127.0.0.1')`;
await assertPortFree(BARE_PORT);
pinned(['node', '-e', bareScript]);
await waitFor(BARE_PORT, '/');

let iconifyPid: number | undefined;
if (ICONIFY) {
  await assertPortFree(ICONIFY_PORT);
  // Its own start command (npm start: node --expose-gc lib/index.js), icon sets from ./icons only.
  iconifyPid = pinned(['node', '--expose-gc', join(ICONIFY, 'node_modules/@iconify/api/lib/index.js')], { PORT: String(ICONIFY_PORT), HOST: '127.0.0.1', ICONIFY_SOURCE: 'none' }, ICONIFY).pid;
  await waitFor(ICONIFY_PORT, '/version');
  const found = await send(ICONIFY_PORT, '/search?query=arrow&limit=100');
  if (found.status !== 200 || !JSON.parse(String(found.body)).icons.length) throw new Error(`Iconify in ${ICONIFY} found no icons: see bench/README.md`);
}

// What two search cases ask of each server: the same queries to both (the keystrokes, and 200
// never-seen ones drawn as that case draws them), the icons each answers with and the bytes sent.
if (ICONIFY) {
  const describe = async (label: string, queries: string[]) => {
    const tally = { ours: { found: 0, icons: 0, bytes: 0 }, iconify: { found: 0, icons: 0, bytes: 0 } };
    for (const query of queries) {
      const ours = await post(JSON.stringify({ query: SEARCH, variables: { version: '7.3.1', query } }));
      const theirs = await send(ICONIFY_PORT, `/search?limit=100&query=${encodeURIComponent(query)}`);
      const ourIcons = (JSON.parse(String(ours.body)) as { data?: { search?: unknown[] } }).data?.search;
      const theirIcons = (JSON.parse(String(theirs.body)) as { icons?: unknown[] }).icons;
      if (ours.status !== 200 || theirs.status !== 200 || !ourIcons || !theirIcons) throw new Error(`unexpected answers to the search "${query}": ${ours.status}, ${theirs.status}`);
      const counted = [
        [tally.ours, ourIcons.length, ours.body.length],
        [tally.iconify, theirIcons.length, theirs.body.length],
      ] as const;
      for (const [side, icons, bytes] of counted) {
        side.found += icons > 0 ? 1 : 0;
        side.icons += icons;
        side.bytes += bytes;
      }
    }
    const summary = ({ found, icons, bytes }: typeof tally.ours) =>
      `${((100 * found) / queries.length).toFixed(0)}% found something, ${(icons / queries.length).toFixed(1)} icons and ${(bytes / queries.length).toFixed(0)} bytes an answer`;
    console.log(`${label}: iconmeta ${summary(tally.ours)}; iconify ${summary(tally.iconify)}`);
  };
  await describe('keystrokes', KEYSTROKES);
  await describe('never-seen (200)', Array.from({ length: 200 }, (_, i) => `${PREFIXES[(i * 7919) % PREFIXES.length]} ${PREFIXES[(i * 104_729 + 13) % PREFIXES.length]}`));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`case                                   iconmeta req/s (p50 / p99)        bare req/s  /bare${ICONIFY ? '   iconify req/s (p50 / p99)       /iconify' : ''}`);
for (const { name, ours: [path, args], iconify } of cases) {
  const ourRuns: { rps: number; p50: string; p99: string }[] = [];
  const bare: number[] = [];
  const peerRuns: { rps: number; p50: string; p99: string }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bare.push(wrk(BARE_PORT, path, args).rps);
    ourRuns.push(wrk(SERVER_PORT, path, args));
    if (ICONIFY) peerRuns.push(wrk(ICONIFY_PORT, ...iconify));
  }
  const middle = (runs: { rps: number; p50: string; p99: string }[]) => runs.find((run) => run.rps === median(runs.map((r) => r.rps)))!;
  const ours = middle(ourRuns);
  let line = `${name.padEnd(38)} ${ours.rps.toFixed(0).padStart(8)} (${ours.p50.padStart(8)} / ${ours.p99.padStart(8)})   ${median(bare).toFixed(0).padStart(10)}   ${(ours.rps / median(bare)).toFixed(2)}`;
  if (ICONIFY) {
    const peer = middle(peerRuns);
    line += `   ${peer.rps.toFixed(0).padStart(8)} (${peer.p50.padStart(8)} / ${peer.p99.padStart(8)})   ${(ours.rps / peer.rps).toFixed(2)}`;
  }
  console.log(line);
}
// Both after the same load (every case above), at its end: what each holds while it works.
const ourRss = rssMiB(server.pid!);
console.log(`RSS after the load: iconmeta ${ourRss.toFixed(0)} MiB${iconifyPid ? `, iconify ${rssMiB(iconifyPid).toFixed(0)} MiB -> ${(ourRss / rssMiB(iconifyPid)).toFixed(2)} (goal <= 1.0, issue 28)` : ''}`);
cleanup();
process.exit(0);
