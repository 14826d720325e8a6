// A database fault costs only its own seconds. PostgreSQL is restarted and then killed under load
// (24 clients of one address: REST pages, GraphQL searches, exchanges of one valid API token), and
// the server must answer only 200 or 503 while it is away, 200 again within 2 s of its return,
// never lock the valid client out of /token (the failure limit counts rejected tokens, never the
// server's faults), keep the access tokens it issued, and log each outage as a change of state, not
// one line per failed request.
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { migratePgDatabase, openPgDatabase } from '../db/client.pg.ts';
import { postgresDatabase } from '../db/database.pg.ts';
import { loadRelease } from '../seeds/load.ts';
import { fixtureDocument } from './helpers.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';
import { exited, freePort, root, send, startServer, waitUntilUp, within } from './process-helpers.ts';

const run = promisify(execFile);
const CLIENTS = 24;


describe('a PostgreSQL outage under load', function () {
  this.timeout(180_000);
  let cluster: PgCluster;
  let url: string;
  let port: number;
  let server: ChildProcess;
  let dir: string;
  let logFile: string;

  before(async () => {
    cluster = await startPgCluster();
    url = await cluster.createDatabase('outage');
    const pg = openPgDatabase(url);
    const database = postgresDatabase(pg);
    try {
      await migratePgDatabase(pg);
      await loadRelease(database, fixtureDocument('7.3.1'));
    } finally {
      await database.close();
    }
    dir = mkdtempSync(join(tmpdir(), 'iconmeta-outage-'));
    logFile = join(dir, 'server.log');
    port = await freePort();
    // The default failure limit (20 rejected tokens in 300 s); the access log on, as in production.
    server = startServer(':memory:', port, { DATABASE_URL: url, LOG_LEVEL: 'info', ACCESS_LOG: 'true' }, { stdio: ['ignore', openSync(logFile, 'w'), 'inherit'] });
    await waitUntilUp(port);
  });

  after(async () => {
    server?.kill('SIGTERM');
    if (server) await exited(server);
    await cluster?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers 200 or 503 while it is away, 200 within 2 s of its return, never 429 to a valid token, with a few log lines', async () => {
    const { stdout } = await run('node', ['scripts/admin.ts', 'token', 'create', '--email', 'load@example.test', '--scopes', 'profile_read', '--name', 'load'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
    });
    const apiToken = stdout.trimEnd().split('\n').at(-1)!;
    const exchange = () => send(port, '/token', { method: 'POST', headers: { authorization: `Bearer ${apiToken}` } });
    const first = await exchange();
    expect(first.status).to.equal(200);
    const issued = JSON.parse(first.body).access_token as string;
    const search = (query: string) =>
      send(port, '/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query ($q: String!) { search(version: "7.3.1", query: $q, first: 5) { id } }', variables: { q: query } }),
      });

    // `away` is set while the database is stopped or killed; every answer is counted by when it came.
    let away = false;
    let stop = false;
    const statuses = { away: new Map<number, number>(), present: new Map<number, number>() };
    const tokenStatuses = new Map<number, number>();
    const failures: string[] = [];
    const count = (map: Map<number, number>, status: number) => map.set(status, (map.get(status) ?? 0) + 1);
    const requests = [
      () => send(port, '/releases/7.3.1/icons?page[size]=50'),
      () => search(['coffee', 'user', 'arrow', `word${Math.random()}`][Math.floor(Math.random() * 4)]),
      exchange,
    ];
    const worker = async (n: number) => {
      for (let i = n; !stop; i++) {
        const kind = i % requests.length;
        try {
          const answer = await requests[kind]();
          count(away ? statuses.away : statuses.present, answer.status);
          if (kind === 2) count(tokenStatuses, answer.status);
        } catch (error) {
          return void failures.push(String(error)); // no answer at all: this client stops
        }
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, n) => worker(n)));
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const backWithin: number[] = [];
    /** Brings the database back, and times the first 200 of a database-bound request after that. */
    const bringBack = async () => {
      await cluster.start();
      away = false;
      backWithin.push(await within(10_000, async () => (await exchange()).status === 200 && (await search('house')).status === 200).catch(() => Infinity));
    };

    try {
      await pause(500);
      for (let restart = 0; restart < 2; restart++) {
        away = true;
        await cluster.stop();
        await pause(1000);
        await bringBack();
        // Until the server says the outage is over (about a second after the return), so that
        // each outage is logged on its own.
        await within(5000, async () => /^iconmeta_database_down 0$/m.test((await send(port, '/metrics')).body));
      }
      away = true;
      await cluster.kill();
      await pause(3000);
      await bringBack();
      await pause(500);
    } finally {
      stop = true;
      await load;
    }

    // Each request that met the outage is counted by its cause; the outage ends (readiness asks
    // PostgreSQL at most once a second, so within about a second of the last fault).
    let metrics = '';
    await within(3000, async () => /^iconmeta_database_down 0$/m.test((metrics = (await send(port, '/metrics')).body)));
    const lines = readFileSync(logFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { level: number; msg: string });
    const loud = lines.filter((line) => line.level >= 40);
    const show = (map: Map<number, number>) => [...map].map(([status, n]) => `${n}x ${status}`).join(', ');
    console.log(`      while away: ${show(statuses.away)}; present: ${show(statuses.present)}; /token: ${show(tokenStatuses)}`);
    console.log(`      database-bound 200 again ${backWithin.map((ms) => Math.round(ms)).join(', ')} ms after each return; ${loud.length} warning/error lines of ${lines.length}`);
    const messages = new Map<string, number>();
    for (const line of lines.filter((line) => !('durationMs' in line))) messages.set(line.msg, (messages.get(line.msg) ?? 0) + 1);
    console.log(`      lines but request lines: ${[...messages].map(([msg, n]) => `${n}x "${msg}"`).join('; ')}`);

    expect(failures, 'requests that got no answer').to.deep.equal([]);
    expect([...statuses.away.keys()].filter((status) => status !== 200 && status !== 503), 'while away').to.deep.equal([]);
    expect(statuses.away.get(503), '503s while away').to.be.above(0);
    expect(tokenStatuses.has(429), 'the valid token answered 429').to.equal(false);
    expect(Math.max(...backWithin)).to.be.below(2000);
    expect(loud.length, loud.map((line) => line.msg).join('\n')).to.be.at.most(20);
    // Each outage is one line going and one coming back.
    expect(messages.get('database unavailable: answering 503 until it is back')).to.equal(3);
    expect(messages.get('database available again')).to.equal(3);
    const noisy = loud.filter((line) => JSON.stringify(line).includes('stack') || JSON.stringify(line).includes('select '));
    expect(noisy, 'no stack or SQL for an expected fault').to.deep.equal([]);
    expect(server.exitCode).to.equal(null);
    const counted = [...metrics.matchAll(/^iconmeta_database_faults_total\{cause="(\w+)"\} (\d+)$/gm)].map(([, cause, n]) => [cause, Number(n)] as const);
    console.log(`      /metrics: ${counted.map(([cause, n]) => `${cause} ${n}`).join(', ')}`);
    expect(counted.reduce((sum, [, n]) => sum + n, 0)).to.be.at.least(statuses.away.get(503)!);
    // The access token issued before the outages is still good.
    const me = await send(port, '/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${issued}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { email } }' }),
    });
    expect(JSON.parse(me.body).data.me).to.deep.equal({ email: 'load@example.test' });
  });
});
