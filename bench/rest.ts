// `npm run bench:rest`: REST throughput against a bare node:http server sending the identical
// bytes, in the same run. Server and baseline are pinned to core 0 (taskset), wrk to core 1.
// Needs wrk (`apt-get install wrk`). Targets: hot >= 0.6 of bare; cold first-request p50 <= 4 ms (issue 11),
// and <= 2 ms for a client asking for gzip or brotli, answered compressed at a fast level (issue 46).
import { execFileSync } from 'node:child_process';
import { DEFAULT_RELEASES } from '../seeds/defaults.ts';
import { databaseWith, percentile, printServerRss, send, startBareServer, startServer } from './support.ts';

const SERVER_PORT = 4701;
const BARE_PORT = 4702;
const HOT_PATH = '/releases/7.3.1/icons?page_size=500';
const DURATION = process.env.BENCH_SECONDS ?? '10';

const { dir, databasePath, cleanup } = await databaseWith(DEFAULT_RELEASES);

function wrk(port: number, path: string): number {
  const out = execFileSync('taskset', ['-c', '1', 'wrk', '-t1', '-c32', `-d${DURATION}s`, `http://127.0.0.1:${port}${path}`], { encoding: 'utf8' });
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (errors) throw new Error(`wrk saw ${errors[1]} error responses`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]);
}

const server = await startServer(SERVER_PORT, databasePath);

// Cold: the first request of distinct pages (each a cache miss: SQL, assembly, serialisation),
// in a process warmed up on other keys (JIT), since a cache miss is what this measures. Three
// kinds of client, each on page sizes of its own so that every request is a miss: none asking for
// compression, fetch()'s default Accept-Encoding, and brotli alone.
const KINDS: { name: string; headers: Record<string, string>; pageSizes: number[] }[] = [
  { name: 'no Accept-Encoding', headers: {}, pageSizes: [100, 250, 500] },
  { name: 'Accept-Encoding: gzip, deflate', headers: { 'accept-encoding': 'gzip, deflate' }, pageSizes: [99, 249, 499] },
  { name: 'Accept-Encoding: br', headers: { 'accept-encoding': 'br' }, pageSizes: [98, 248, 498] },
];
for (let page = 1; page <= 20; page++) {
  const { headers } = KINDS[page % KINDS.length];
  await send(SERVER_PORT, `/releases/7.3.1/icons?license=free&page=${page}&page_size=100`, { headers });
  await send(SERVER_PORT, `/releases/7.3.1/icons-minimal?page=${page}&page_size=100`, { headers });
}
const coldLines: string[] = [];
for (const { name, headers, pageSizes } of KINDS) {
  const times: number[] = [];
  const encodings = new Map<string, number>();
  for (const pageSize of pageSizes) {
    for (let page = 1; page * pageSize <= 1992 + pageSize - 1; page++) {
      const res = await send(SERVER_PORT, `/releases/7.3.1/icons?page=${page}&page_size=${pageSize}`, { headers });
      times.push(res.ms);
      const encoding = String(res.headers['content-encoding'] ?? 'identity');
      encodings.set(encoding, (encodings.get(encoding) ?? 0) + 1);
    }
  }
  const sent = [...encodings].map(([encoding, count]) => `${count} ${encoding}`).join(', ');
  coldLines.push(
    `cold first requests of ${times.length} distinct pages, ${name}: p50 ${percentile(times, 0.5).toFixed(2)} ms, p90 ${percentile(times, 0.9).toFixed(2)} ms (sent ${sent}; target p50 <= 2 ms)`,
  );
}

// The baseline serves exactly the bytes and headers our server sends for the hot path.
const hot = await send(SERVER_PORT, HOT_PATH);
await startBareServer(BARE_PORT, dir, [{ path: HOT_PATH, answer: hot }]);

// Alternating rounds, medians: single wrk runs on loopback vary by +-20% here.
const bareRuns: number[] = [];
const ourRuns: number[] = [];
for (let round = 0; round < 3; round++) {
  bareRuns.push(wrk(BARE_PORT, HOT_PATH));
  ourRuns.push(wrk(SERVER_PORT, HOT_PATH));
}
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[1];
const bare = middle(bareRuns);
const ours = middle(ourRuns);
console.log(`hot ${HOT_PATH} (${(hot.body.length / 1024).toFixed(0)} KiB): iconmeta ${ours.toFixed(0)} req/s, bare node:http ${bare.toFixed(0)} req/s (medians of 3 alternating ${DURATION} s runs) -> ratio ${(ours / bare).toFixed(2)} (target >= 0.6)`);
for (const line of coldLines) console.log(line);
await printServerRss(server.pid!, 'the 3 default releases held');
cleanup();
process.exit(0);
