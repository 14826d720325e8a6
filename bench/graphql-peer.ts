// `npm run bench:graphql-peer`: what an icon picker sends, against a bare node:http server sending
// the same bytes in the same run (the hardware's limit for those bytes). Server and baseline on
// core 0 (taskset), wrk on core 1; rounds alternate, medians of BENCH_ROUNDS (3) runs of
// BENCH_SECONDS (8). Cases: a search repeated (one body); a picker's keystrokes (one document,
// the prefixes of common words, a request counter among the variables, so every body is new but
// the answers repeat across users as they do in real traffic); a never-seen query every request
// (two words drawn from every prefix of every 7.3.1 icon id: nothing to reuse but the index);
// and a GraphQL GET answered 304.
// Needs wrk (`apt-get install wrk`).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultPackageDir } from '../seeds/defaults.ts';
import { assertPortFree, databaseWith, pinned, send, startServer, waitFor } from './support.ts';

const SERVER_PORT = 4731;
const BARE_PORT = 4732;
const SECONDS = process.env.BENCH_SECONDS ?? '8';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const SEARCH = 'query Search($version: String!, $query: String!) { search(version: $version, query: $query, first: 100) { id label familyStylesByLicense { free { family style } pro { family style } } } }';
const WORDS = ['arrow', 'house', 'user', 'coffee', 'calendar', 'circle', 'star', 'heart', 'bell', 'camera', 'music', 'cloud', 'file', 'chevron'];
const KEYSTROKES = WORDS.flatMap((word) => Array.from({ length: word.length }, (_, i) => word.slice(0, i + 1)));

const { dir, databasePath, cleanup } = await databaseWith(['7.3.1']);
await startServer(SERVER_PORT, databasePath);

const lua = (name: string, script: string) => {
  const file = join(dir, `${name}.lua`);
  writeFileSync(file, script);
  return file;
};
const luaString = (text: string) => JSON.stringify(text); // a JSON string is a valid Lua string literal here
const repeatedBody = JSON.stringify({ query: SEARCH, variables: { version: '7.3.1', query: 'arrow' } });
// Unknown variables are ignored by GraphQL; a counter in one makes every body new to every cache.
// Every prefix (2+ letters) of every icon id: pairs of them never repeat within a run.
const ids = Object.keys(JSON.parse(readFileSync(join(defaultPackageDir('7.3.1'), 'metadata', 'icon-families.json'), 'utf8')));
const PREFIXES = [...new Set(ids.flatMap((id) => Array.from({ length: id.length - 1 }, (_, i) => id.slice(0, i + 2)).filter((p) => !p.endsWith('-'))))];
const scripts = {
  repeated: lua('repeated', `wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = ${luaString(repeatedBody)}\n`),
  newQuery: lua(
    'new-query',
    `local words = { ${KEYSTROKES.map((w) => `"${w}"`).join(', ')} }\nlocal n = 0\nrequest = function()\n  n = n + 1\n  local body = '{"query":"${SEARCH}","variables":{"version":"7.3.1","query":"' .. words[(n % #words) + 1] .. '","n":' .. n .. math.random(1, 1000000000) .. '}}'\n  return wrk.format("POST", "/graphql", { ["Content-Type"] = "application/json" }, body)\nend\n`,
  ),
  neverSeen: lua(
    'never-seen',
    `local words = { ${PREFIXES.map((w) => `"${w}"`).join(', ')} }\nrequest = function()\n  local body = '{"query":"${SEARCH}","variables":{"version":"7.3.1","query":"' .. words[math.random(#words)] .. ' ' .. words[math.random(#words)] .. '"}}'\n  return wrk.format("POST", "/graphql", { ["Content-Type"] = "application/json" }, body)\nend\n`,
  ),
};

function wrk(port: number, path: string, args: string[] = []): { rps: number; p99: string } {
  const out = execFileSync('taskset', ['-c', '1', 'wrk', '-t1', '-c16', `-d${SECONDS}s`, '--latency', ...args, `http://127.0.0.1:${port}${path}`], { encoding: 'utf8' });
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (errors) throw new Error(`wrk saw ${errors[1]} error responses on port ${port} ${path}`);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]), p99: /Latency Distribution[\s\S]*?99%\s+(\S+)/.exec(out)?.[1] ?? '?' };
}

// The baseline answers every request with the bytes and headers of our typical answer (or a 304).
const post = (body: string) => send(SERVER_PORT, '/graphql', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
const searchAnswer = await post(repeatedBody);
const getPath = `/graphql?query=${encodeURIComponent(SEARCH)}&variables=${encodeURIComponent(JSON.stringify({ version: '7.3.1', query: 'arrow' }))}`;
const getAnswer = await send(SERVER_PORT, getPath);
const etag = String(getAnswer.headers.etag);
const notModified = await send(SERVER_PORT, getPath, { headers: { 'if-none-match': etag } });
if (searchAnswer.status !== 200 || notModified.status !== 304) throw new Error('unexpected answers from the server');
const bodyFile = join(dir, 'search.json');
writeFileSync(bodyFile, searchAnswer.body);
const keep = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)));
const bareScript = `const b=require('fs').readFileSync(${JSON.stringify(bodyFile)});const h=${JSON.stringify(keep(searchAnswer.headers))};const n=${JSON.stringify(keep(notModified.headers))};
require('http').createServer((q,s)=>{q.resume();q.on('end',()=>{if(q.headers['if-none-match']){s.writeHead(304,n);s.end()}else{s.writeHead(200,h);s.end(b)}})}).listen(${BARE_PORT},'127.0.0.1')`;
await assertPortFree(BARE_PORT);
pinned(['node', '-e', bareScript]);
await waitFor(BARE_PORT, '/');

const cases: [string, string, string[]][] = [
  ['search, same query repeated (POST)', '/graphql', ['-s', scripts.repeated]],
  ["search, a picker's keystrokes", '/graphql', ['-s', scripts.newQuery]],
  ['search, a never-seen query (2 words)', '/graphql', ['-s', scripts.neverSeen]],
  ['GraphQL GET answered 304', getPath, ['-H', `If-None-Match: ${etag}`]],
];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`case                                   iconmeta req/s (p99)    bare req/s   ratio`);
for (const [name, path, args] of cases) {
  const ours: { rps: number; p99: string }[] = [];
  const bare: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bare.push(wrk(BARE_PORT, path, args).rps);
    ours.push(wrk(SERVER_PORT, path, args));
  }
  const rps = median(ours.map((o) => o.rps));
  const p99 = ours.find((o) => o.rps === rps)!.p99;
  console.log(`${name.padEnd(38)} ${rps.toFixed(0).padStart(8)} (${p99.padStart(8)})   ${median(bare).toFixed(0).padStart(10)}   ${(rps / median(bare)).toFixed(2)}`);
}
cleanup();
process.exit(0);
