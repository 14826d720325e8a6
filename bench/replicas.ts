// `npm run bench:replicas`: two replicas on one PostgreSQL database against one server on a SQLite
// file holding the same data (7.3.1, copied with `iconmeta admin db copy`'s code), in the same run.
// Cold path: the first request of distinct REST pages and never-seen GraphQL documents, one at a
// time (each server answers each once, so each is a miss everywhere), p50 and p99. Hot path: one
// cached URL, BENCH_CONCURRENCY connections for BENCH_SECONDS. Servers are pinned to core 0 (the
// PostgreSQL server and this load generator are not); rounds alternate the servers' order.
//
// Environment: BENCH_ROUNDS (3), BENCH_COLD (60 requests of each kind per server and round),
// BENCH_SECONDS (3), BENCH_CONCURRENCY (8).
import { Agent, request } from 'node:http';
import { openDatabase } from '../db/client.ts';
import { openPgDatabase } from '../db/client.pg.ts';
import { copySqliteToPostgres } from '../scripts/db-copy.ts';
import { startPgCluster } from '../test/pg-cluster.ts';
import { databaseWith, percentile, send, startServer } from './support.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const COLD = Number(process.env.BENCH_COLD ?? 60);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const { databasePath, cleanup } = await databaseWith(['7.3.1']);
const cluster = await startPgCluster();
try {
  const url = await cluster.createDatabase('bench');
  const source = openDatabase(databasePath);
  const target = openPgDatabase(url);
  await copySqliteToPostgres(source, target);
  source.$client.close();
  await target.$client.end();

  const servers = [
    { name: 'SQLite', port: 4761, env: {} },
    { name: 'PostgreSQL replica A', port: 4762, env: { DATABASE_URL: url } },
    { name: 'PostgreSQL replica B', port: 4763, env: { DATABASE_URL: url } },
  ];
  for (const server of servers) await startServer(server.port, server.env.DATABASE_URL ? ':memory:' : databasePath, server.env);

  const samples = new Map(servers.map((s) => [s.name, { rest: [] as number[], graphql: [] as number[], hot: [] as number[] }]));
  let distinct = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    // Never asked before, of any server: page sizes and aliases no earlier round used.
    const restPaths = Array.from({ length: COLD }, () => `/releases/7.3.1/icons?page_size=${100 + (distinct++ % 400)}&page=${1 + Math.floor(distinct / 400)}`);
    const documents = Array.from({ length: COLD }, () => `{ n${distinct++}: search(version: "7.3.1", query: "arrow", first: 20) { id label unicode } }`);
    for (const server of order) {
      const mine = samples.get(server.name)!;
      for (const path of restPaths) mine.rest.push(await timed(server.port, path));
      for (const query of documents) {
        mine.graphql.push(await timed(server.port, '/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }));
      }
      mine.hot.push(await throughput(server.port, '/releases/7.3.1/icons?page_size=50'));
    }
  }

  const base = samples.get('SQLite')!;
  const median = (values: number[]) => percentile(values, 0.5);
  console.log(`\n${ROUNDS} rounds, ${COLD} cold requests of each kind per server and round; hot: ${CONCURRENCY} connections, ${SECONDS} s`);
  console.log('server                 cold REST p50 / p99 (ms)   cold GraphQL p50 / p99 (ms)   hot req/s (median)   hot vs SQLite');
  for (const [name, s] of samples) {
    const cold = (values: number[]) => `${median(values).toFixed(2).padStart(6)} / ${percentile(values, 0.99).toFixed(2).padStart(6)}`;
    console.log(`${name.padEnd(22)} ${cold(s.rest).padEnd(27)}${cold(s.graphql).padEnd(30)}${median(s.hot).toFixed(0).padStart(10)}           ${(median(s.hot) / median(base.hot)).toFixed(2)}`);
  }
  for (const [name, s] of samples) {
    if (name === 'SQLite') continue;
    console.log(`${name}: cold REST p50 ${(median(s.rest) / median(base.rest)).toFixed(2)}x SQLite's, cold GraphQL p50 ${(median(s.graphql) / median(base.graphql)).toFixed(2)}x`);
  }
} finally {
  await cluster.destroy();
  cleanup();
  process.exit(0); // the pinned servers are killed on exit (support.ts)
}

async function timed(port: number, path: string, options: Parameters<typeof send>[2] = {}): Promise<number> {
  const { ms, status } = await send(port, path, options);
  if (status !== 200) throw new Error(`${path} on port ${port}: HTTP ${status}`);
  return ms;
}

/** Requests a second to `path` with CONCURRENCY keep-alive connections, for SECONDS. */
async function throughput(port: number, path: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end();
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await one();
        done++;
      }
    }),
  );
  agent.destroy();
  return done / SECONDS;
}
