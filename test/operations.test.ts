import { expect } from 'chai';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { errorHandler } from '../server/errors.ts';
import { requestDeadline } from '../server/http/limits.ts';
import { requestLineWriter } from '../server/http/request-log.ts';
import { createLogger } from '../server/logger.ts';
import { emptyTestDatabase, testDatabase } from './helpers.ts';

/** The real app, logging JSON lines into an array. */
async function appWithLogs() {
  const lines: any[] = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...chunk.toString().trim().split('\n').map((l: string) => JSON.parse(l))), done()) });
  const logger = pino({ level: 'info', redact: ['req.headers.authorization'] }, sink);
  const { handler, auth } = createApp({ database: await testDatabase(['1.2.0']), config: loadConfig({}), logger });
  return { http: request(handler), lines, auth };
}

describe('operations', () => {
  describe('request logs', () => {
    it('log one JSON line per request with request id, method, path, status and duration', async () => {
      const { http, lines } = await appWithLogs();
      const res = await http.get('/releases/1.2.0/icons?page=1').set('X-Request-Id', 'abc-123').expect(200);
      expect(res.headers['x-request-id']).to.equal('abc-123');
      const cached = await http.get('/releases/1.2.0/icons?page=1').expect(200); // the fast path logs too
      await new Promise((r) => setImmediate(r));
      const requests = lines.filter((l) => l.msg === 'request');
      expect(requests).to.have.length(2);
      expect(requests[0]).to.include({ reqId: 'abc-123', method: 'GET', path: '/releases/1.2.0/icons', status: 200 });
      expect(requests[0].durationMs).to.be.a('number');
      expect(requests[1].reqId).to.match(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
      // Answers written before Express (the cached one, a refused URL) echo the id too.
      expect(cached.headers['x-request-id']).to.equal(requests[1].reqId);
      const refused = await http.get(`/releases?q=${'x'.repeat(9000)}`).set('X-Request-Id', 'long-1').expect(414);
      expect(refused.headers['x-request-id']).to.equal('long-1');
    });

    it('are the lines pino writes for the same fields', async () => {
      const raw: string[] = [];
      const sink = new Writable({ write: (chunk, _enc, done) => (raw.push(...chunk.toString().split('\n').filter(Boolean)), done()) });
      const logger = pino({ level: 'info' }, sink);
      const { handler } = createApp({ database: await testDatabase(['1.2.0']), config: loadConfig({}), logger });
      await request(handler).get('/releases/1.2.0/icons?page=1').set('X-Request-Id', 'same-1').expect(200);
      await request(handler).get('/releases/9.9.9/icônes "quoted"').expect(404);
      await new Promise((r) => setImmediate(r));
      const written = raw.filter((line) => line.includes('"msg":"request"'));
      expect(written).to.have.length(2);
      for (const line of written) {
        const { reqId, client, method, path, status, durationMs } = JSON.parse(line);
        logger.info({ reqId, client, method, path, status, durationMs }, 'request');
        const byPino = raw.at(-1)!;
        const withoutTime = (text: string) => text.replace(/"time":\d+/, '');
        expect(withoutTime(line)).to.equal(withoutTime(byPino));
      }
    });

    it('escape what they carry as pino does, and mark a request its client left', () => {
      const raw: string[] = [];
      const sink = new Writable({ write: (chunk, _enc, done) => (raw.push(chunk.toString()), done()) });
      const lines = pino({ level: 'info' }, sink).child({}, { redact: { paths: [] } });
      const write = requestLineWriter(lines);
      const path = '/icônes/"quoted"\\back\tslash/\u0001/𝄞';
      write('id-1', '::ffff:127.0.0.1', 'GET', path, 499, 1.25, true);
      lines.info({ reqId: 'id-1', client: '::ffff:127.0.0.1', method: 'GET', path, status: 499, durationMs: 1.25, aborted: true }, 'request');
      write('id-2', undefined, 'POST', '/graphql', 200, 0.5, false);
      lines.info({ reqId: 'id-2', client: undefined, method: 'POST', path: '/graphql', status: 200, durationMs: 0.5 }, 'request');
      const withoutTime = (text: string) => text.replace(/"time":\d+/, '');
      expect(raw).to.have.length(4);
      expect(withoutTime(raw[0])).to.equal(withoutTime(raw[1]));
      expect(withoutTime(raw[2])).to.equal(withoutTime(raw[3]));
      expect(JSON.parse(raw[0])).to.include({ path, aborted: true });
    });

    it('are written in place into the service destination, as pino writes them', () => {
      // The destination's side that request lines are written into (logger.ts), and its text side.
      const raw: string[] = [];
      const room = {
        buffer: Buffer.alloc(4096),
        used: 0,
        lineAt(mostBytes: number) {
          expect(this.used + mostBytes).to.be.at.most(this.buffer.length);
          return this.used;
        },
        lineEnds(end: number) {
          this.used = end;
        },
        write: (line: string) => void raw.push(line),
      };
      const lines = pino({ level: 'info' }, room).child({}, { redact: { paths: [] } });
      const write = requestLineWriter(lines);
      const cases = [
        { reqId: 'id-1', client: '::ffff:127.0.0.1', method: 'GET', path: '/icônes/"quoted"\\back\tslash/\u0001/𝄞', status: 499, durationMs: 1.25, aborted: true },
        { reqId: 'id-2', client: undefined, method: 'POST', path: '/graphql', status: 200, durationMs: 0.5 },
        { reqId: 'id-3', client: '127.0.0.1', method: 'GET', path: '/iconify/mdi/home.svg', status: 200, durationMs: 0.001 },
        { reqId: 'id-4', client: '127.0.0.1', method: 'GET', path: '/iconify/mdi/home.svg', status: 200, durationMs: 1234.07 },
        { reqId: 'id-5', client: '127.0.0.1', method: 'GET', path: '/iconify/mdi/home.svg', status: 304, durationMs: 0 },
      ];
      const withoutTime = (text: string) => text.replace(/"time":\d+/, '');
      for (const { reqId, client, method, path, status, durationMs, aborted } of cases) {
        const from = room.used;
        write(reqId, client, method, path, status, durationMs, aborted === true);
        lines.info({ reqId, client, method, path, status, durationMs, aborted }, 'request');
        expect(withoutTime(room.buffer.subarray(from, room.used).toString())).to.equal(withoutTime(raw.at(-1)!));
      }
      expect(raw).to.have.length(cases.length); // pino's lines only: every request line went in place
    });

    it('never contain a token, an Authorization header or GraphQL variables', async () => {
      const { http, lines, auth } = await appWithLogs();
      const { token } = await auth.createApiToken({ email: 'log@example.test', scopes: ['kits_read'] });
      const access = (await http.post('/token').set('Authorization', `Bearer ${token}`).expect(200)).body.access_token;
      await http.get('/graphql').query({ query: 'query($s: String!) { search(version: "1.2.0", query: $s) { id } }', variables: JSON.stringify({ s: 'secret-variable-value' }) }).set('Authorization', `Bearer ${access}`).expect(200);
      await http.post('/token').set('Authorization', 'Bearer wrong-token-value').expect(401);
      await new Promise((r) => setImmediate(r));
      const text = JSON.stringify(lines);
      for (const secret of [token, access, 'wrong-token-value', 'secret-variable-value', 'Bearer']) expect(text).to.not.include(secret);
    });
  });

  describe('health', () => {
    it('/healthz answers while the process is up; /readyz when migrated with releases', async () => {
      const { http } = await appWithLogs();
      expect((await http.get('/healthz').expect(200)).body).to.deep.equal({ status: 'ok' });
      expect((await http.get('/readyz').expect(200)).body).to.deep.include({ status: 'ready', releases: 1 });
    });

    it('/readyz answers 503 saying why when there are no releases, or migrations are missing', async () => {
      const empty = await emptyTestDatabase();
      const app = createApp({ database: empty, config: loadConfig({}), logger: pino({ level: 'silent' }) });
      expect((await request(app.handler).get('/readyz').expect(503)).body.problems).to.deep.equal(['no releases loaded']);
      // As if the code were newer than the database: a migration the database has not recorded.
      if (empty.sqlite) empty.sqlite.run(sql`delete from __drizzle_migrations where rowid = (select max(rowid) from __drizzle_migrations)`);
      else {
        await empty.pg!.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
        await new Promise((resolve) => setTimeout(resolve, 1100)); // PostgreSQL is probed at most once a second (pg-health.ts)
      }
      expect((await request(app.handler).get('/readyz').expect(503)).body.problems).to.deep.equal(['1 database migrations not applied', 'no releases loaded']);
    });
  });

  it('answers 503 when a request is not answered within the request timeout', async () => {
    const app = express();
    app.use(requestDeadline(50));
    app.get('/slow', () => {}); // never answers
    app.use(errorHandler(createLogger('silent'), { failed: () => null }));
    const res = await request(app).get('/slow').expect(503);
    expect(res.body).to.include({ status: 503, code: 'INTERNAL' });
  });
});
