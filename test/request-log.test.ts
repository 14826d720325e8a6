// The access log's lines for cached answers, which their writer (send-cached.ts) writes in the turn
// it writes the answers, with no `close` listener: one line per request, each with the id its
// response echoes, though every answer of an entry shares one header object.
import { expect } from 'chai';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { testDatabase } from './helpers.ts';

const PAGE = '/releases/1.2.0/icons?page=1';

describe('request logs of cached answers', () => {
  let server: Server;
  let port: number;
  const lines: Record<string, unknown>[] = [];

  before(async () => {
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...chunk.toString().trim().split('\n').map((l: string) => JSON.parse(l))), done()) });
    const { handler } = createApp({ database: await testDatabase(['1.2.0']), config: loadConfig({}), logger: pino({ level: 'info' }, sink) });
    server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A GET on a connection of its own: requests sent together are read in the same turn. */
  const fetch = (path: string, id?: string) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const req = get({ host: '127.0.0.1', port, path, agent: false, headers: id ? { 'X-Request-Id': id } : {} }, (res) => res.resume().on('end', () => resolve(res)));
      req.on('error', reject);
    });

  it('when cached answers go out together, each echoes its own id and has one line carrying it', async () => {
    await fetch(PAGE); // kept from now on
    lines.length = 0;
    const given = ['c-1', 'c-2', 'c-3', 'c-4'];
    const answers = await Promise.all([...given.map((id) => fetch(PAGE, id)), fetch(PAGE), fetch(PAGE), fetch(`${PAGE}&x=1`, 'c-5')]);
    await new Promise((r) => setImmediate(r));
    const ids = answers.map((res) => res.headers['x-request-id'] as string);
    expect(ids.slice(0, 4)).to.deep.equal(given);
    expect(ids[6]).to.equal('c-5');
    expect(new Set(ids).size).to.equal(answers.length);
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map((line) => line.reqId).sort()).to.deep.equal([...ids].sort());
    for (const line of requests) {
      expect(line).to.include({ method: 'GET', path: '/releases/1.2.0/icons', status: 200, client: '127.0.0.1' });
      expect(line.durationMs).to.be.a('number');
      expect(line).to.not.have.property('aborted');
    }
  });

  it('when the answer is not a cached one, its line is still written, once, when it closes', async () => {
    lines.length = 0;
    const res = await fetch('/releases/9.9.9/icons', 'miss-1');
    await new Promise((r) => setImmediate(r));
    expect(res.statusCode).to.equal(404);
    expect(lines.filter((line) => line.msg === 'request')).to.deep.equal([lines.find((line) => line.reqId === 'miss-1')]);
    expect(lines.find((line) => line.reqId === 'miss-1')).to.include({ status: 404, path: '/releases/9.9.9/icons' });
  });
});
