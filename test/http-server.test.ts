// What a client gets when node:http refuses its request before any handler sees it: the contract's
// problem details with the CORS header, so that a browser's script can read why (contract.md §1, §4).
import { expect } from 'chai';
import type { Server } from 'node:http';
import { request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createHttpServer } from '../server/http/http-server.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('requests node:http refuses', () => {
  let app: TestApp;
  let server: Server;
  let port: number;
  before(async () => {
    app = await buildTestApp();
    server = createHttpServer(app.handler, { requestTimeoutMs: app.config.requestTimeoutMs, staticHeaders: app.staticHeaders });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await app?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path, headers: { origin: 'https://example.org', ...headers }, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
        .on('error', reject)
        .end();
    });

  /** The raw answer to bytes that are not HTTP. */
  const sendRaw = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });

  const expectProblem = (answer: Answer, status: number) => {
    expect(answer.status).to.equal(status);
    expect(answer.headers['content-type']).to.equal('application/problem+json');
    expect(answer.headers['access-control-allow-origin']).to.equal('*');
    expect(answer.headers['cache-control']).to.equal('no-store');
    const problem = JSON.parse(answer.body);
    expect(problem).to.include({ type: 'about:blank', status, code: 'INVALID_PARAMETER' });
    expect(problem.title).to.be.a('string');
    expect(problem.detail).to.be.a('string');
  };

  it('answers a URL of 100,000 characters with a 431 problem a browser can read', async () => {
    const answer = await get(`/releases?q=${'x'.repeat(100_000)}`);
    expectProblem(answer, 431);
    expect(JSON.parse(answer.body)).to.include({ title: 'Request Header Fields Too Large', detail: 'the URL and headers are longer than 16384 bytes' });
    expect(answer.headers.connection).to.equal('close');
  });

  it('answers headers past 16 KiB with the same 431 problem', async () => {
    expectProblem(await get('/healthz', { 'x-filler': 'x'.repeat(20_000) }), 431);
  });

  it(`answers a URL past the router's limit (within the headers' bound) with a 414 problem carrying CORS too`, async () => {
    expectProblem(await get(`/releases?q=${'x'.repeat(9_000)}`), 414);
  });

  it('answers bytes that are not HTTP with a 400 problem', async () => {
    const answer = await sendRaw('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).to.match(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).to.match(/\r\nAccess-Control-Allow-Origin: \*\r\n/i);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).to.include({ status: 400, code: 'INVALID_PARAMETER' });
  });

  it('still answers ordinary requests', async () => {
    const answer = await get('/releases');
    expect(answer.status).to.equal(200);
    expect(answer.headers['access-control-allow-origin']).to.equal('*');
  });
});
