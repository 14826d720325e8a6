// `npm run bench:graphql`: p50 latency of a whole-release GraphQL query on 7.3.1 (id, label,
// unicodeHex, aliases, familyStylesByLicense), cold (a document not seen before) and repeated,
// against a bare node:http server sending the same bytes (requests to the two interleaved,
// BENCH_ROUNDS rounds, 3); and search p50.
// Targets: repeated <= 2x the bare server, cold <= 40 ms, search <= 3 ms.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_RELEASES } from '../seeds/defaults.ts';
import { assertPortFree, databaseWith, percentile, pinned, printServerRss, send, startServer, waitFor } from './support.ts';

const SERVER_PORT = 4711;
const BARE_PORT = 4712;
const { dir, databasePath, cleanup } = await databaseWith(DEFAULT_RELEASES);
const server = await startServer(SERVER_PORT, databasePath);

const wholeRelease = (name: string) => `query ${name} { release(version: "7.3.1") { icons { id label unicodeHex aliases { names unicodes { primary composite secondary } } familyStylesByLicense { free { family style prefix } pro { family style prefix } } } } }`;
const post = (query: string) => send(SERVER_PORT, '/graphql', { method: 'POST', body: JSON.stringify({ query }), headers: { 'content-type': 'application/json' } });

// Warm the process (JIT, statement caches) on other documents first.
for (let i = 0; i < 5; i++) await post(wholeRelease(`Warm${i}`));
const cold: number[] = [];
for (let i = 0; i < 20; i++) cold.push((await post(wholeRelease(`Cold${i}`))).ms);

const repeatedQuery = wholeRelease('Repeated');
const first = await post(repeatedQuery);
const parsed = JSON.parse(first.body.toString());
if (parsed.errors || parsed.data.release.icons.length !== 1992) throw new Error(`unexpected response: ${first.body.toString().slice(0, 300)}`);

const bodyFile = join(dir, 'body.json');
writeFileSync(bodyFile, first.body);
await assertPortFree(BARE_PORT);
pinned(['node', '-e', `const b=require('fs').readFileSync(${JSON.stringify(bodyFile)});require('http').createServer((q,s)=>{q.resume();q.on('end',()=>{s.writeHead(200,{'content-type':'application/json'});s.end(b)})}).listen(${BARE_PORT},'127.0.0.1')`]);
await waitFor(BARE_PORT, '/');
// Repeated: one request to each server in turn, in ROUNDS rounds of 200 pairs after 50 unmeasured
// pairs, each round's ratio of p50s printed. Measured one server after the other (as before
// 2026-11-25), the ratio moved from 1.5 to 2.9 between runs: whatever else the shared machine ran
// during one server's 200 requests and not the other's (a build, a test run, the CPU's clock)
// landed on one side only. Interleaved, both sides meet the same conditions.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const repeatedPair = async () => {
  const ours = (await post(repeatedQuery)).ms;
  const bare = (await send(BARE_PORT, '/graphql', { method: 'POST', body: JSON.stringify({ query: repeatedQuery }) })).ms;
  return { ours, bare };
};
for (let i = 0; i < 50; i++) await repeatedPair();
const rounds: { repeated: number[]; bare: number[] }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const pairs = [];
  for (let i = 0; i < 200; i++) pairs.push(await repeatedPair());
  rounds.push({ repeated: pairs.map((p) => p.ours), bare: pairs.map((p) => p.bare) });
}
const repeated = rounds.flatMap((r) => r.repeated);
const bare = rounds.flatMap((r) => r.bare);

const searches = ['house', 'arrow up', 'calender', 'user', 'coffee', 'chevron', 'brand', 'heart', 'star half', 'cloud arrow'];
await post(`{ search(version: "7.3.1", query: "warm") { id } }`); // builds the release's index once
const search: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const q of searches) search.push((await post(`{ search(version: "7.3.1", query: "${q}", first: 15) { id label } } # ${round}`)).ms);
}

const p50 = (v: number[]) => percentile(v, 0.5);
console.log(`whole release 7.3.1 (${(first.body.length / 1024).toFixed(0)} KiB): cold p50 ${p50(cold).toFixed(1)} ms (target <= 40); repeated p50 ${p50(repeated).toFixed(2)} ms vs bare node:http ${p50(bare).toFixed(2)} ms -> ${(p50(repeated) / p50(bare)).toFixed(2)}x (target <= 2x, issue 11)`);
console.log(`  each round of 200 interleaved pairs: ${rounds.map((r) => `${(p50(r.repeated) / p50(r.bare)).toFixed(2)}x`).join(', ')} (target <= 2x in every round)`);
console.log(`search p50 ${p50(search).toFixed(2)} ms, p90 ${percentile(search, 0.9).toFixed(2)} ms over ${search.length} distinct queries (target p50 <= 3 ms, issue 11)`);
await printServerRss(server.pid!, 'the 3 default releases held');
cleanup();
process.exit(0);
