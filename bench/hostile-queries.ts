// `npm run bench:hostile`: the worst GraphQL documents we know against a real server on 7.3.1.
// Prints, per document, the time to its answer (a refusal or the data), then the latency of cheap
// requests while four of the most expensive admitted queries run at once, against the same cheap
// requests on an idle server (ratio). Targets: every refusal <= 50 ms; no admitted request past
// the execution budget by more than one resolver; cheap p99 under load far below a second.
import { Agent, request } from 'node:http';
import { databaseWith, percentile, send, startServer } from './support.ts';
import { hostileDocuments, mostExpensiveAdmitted } from '../test/hostile-documents.ts';

const PORT = 4721;
const { cleanup } = await databaseWith(['7.3.1']).then(async (db) => {
  await startServer(PORT, db.databasePath);
  return db;
});

const post = (query: string, port = PORT) =>
  send(port, '/graphql', { method: 'POST', body: JSON.stringify({ query }), headers: { 'content-type': 'application/json' } });

// Warm up the process on the ordinary client query.
for (let i = 0; i < 3; i++) await post(`query W${i} { release(version: "7.3.1") { icons { id label } } }`);

console.log('document                                   bytes   ms      answer');
for (const [name, document] of Object.entries({ ...hostileDocuments('7.3.1'), ...mostExpensiveAdmitted('7.3.1') })) {
  const { ms, body } = await post(document);
  const parsed = JSON.parse(body.toString()) as { errors?: { extensions?: { code?: string } }[] };
  const answer = parsed.errors?.[0]?.extensions?.code ?? `data, ${(body.length / 1024).toFixed(0)} KiB`;
  console.log(`${name.padEnd(42)} ${String(document.length).padStart(6)} ${ms.toFixed(1).padStart(7)}  ${answer}`);
}

// Cheap requests (a small search) while expensive ones run concurrently, each client on its own socket.
const postOn = (agent: Agent, query: string) =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port: PORT, path: '/graphql', method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume().on('end', () => resolve(performance.now() - started));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ query }));
  });
const cheapAgent = new Agent({ keepAlive: true, maxSockets: 1 });
const cheapRun = async (count: number) => {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await postOn(cheapAgent, `query C${i % 50} { search(version: "7.3.1", query: "arrow", first: 5) { id } }`));
  return times;
};
const idle = await cheapRun(200);
const expensive = Object.values(mostExpensiveAdmitted('7.3.1'))[0];
let stop = false;
// Each request a new document, so neither the response cache nor anything else saves the work.
const hammer = async (n: number) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; !stop; i++) await postOn(agent, expensive.replace('{', `{ h${n}_${i}: __typename `));
};
const agents = [0, 1, 2, 3].map((n) => hammer(n));
const loaded = await cheapRun(200);
stop = true;
await Promise.all(agents);
const p = (values: number[], q: number) => percentile(values, q).toFixed(1);
console.log(`cheap search, idle:                      p50 ${p(idle, 0.5)} ms  p99 ${p(idle, 0.99)} ms`);
console.log(`cheap search, 4 expensive clients busy:  p50 ${p(loaded, 0.5)} ms  p99 ${p(loaded, 0.99)} ms  (p99 ratio ${(percentile(loaded, 0.99) / percentile(idle, 0.99)).toFixed(1)}x)`);
cleanup();
process.exit(0);
