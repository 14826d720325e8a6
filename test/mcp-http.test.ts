// /mcp as an HTTP endpoint: the conformance suite's scenarios against the real server, the Host and
// Origin checks (DNS rebinding), the bounded body, the methods, the rate and the optional token.
// Nothing it refuses is a 5xx or shows a stack.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { MAX_MCP_BODY_BYTES } from '../server/mcp/mcp.router.ts';
import { httpClient, listen, mcpWorld, type Listening } from './mcp-world.ts';
import { root } from './process-helpers.ts';
import type { SharedTestDatabase } from './shared-test-database.ts';

const CONFORMANCE = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };

/** A POST to /mcp with these headers (Host and Origin as given), and its answer. */
async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

/** Runs a scenario of the conformance suite against `url` (in a folder of its own); its exit code and output. */
async function conformance(url: string, scenario: string): Promise<{ code: number; output: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'iconmeta-conformance-'));
  try {
    const run = await promisify(execFile)(process.execPath, [CONFORMANCE, 'server', '--url', url, '--scenario', scenario], { cwd, timeout: 30_000 }).then(
      (done) => ({ code: 0, ...done }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    return { code: run.code, output: `${run.stdout}\n${run.stderr}` };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

describe('/mcp over HTTP', function () {
  this.timeout(60_000);
  let world: SharedTestDatabase;
  before(async () => (world = await mcpWorld()));
  after(async () => world?.remove());

  describe('with the default settings', () => {
    let served: Listening;
    before(async () => (served = await listen(world)));
    after(async () => served?.close());

    for (const scenario of ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection']) {
      it(`passes the conformance scenario ${scenario}`, async () => {
        const run = await conformance(served.url, scenario);
        expect(run.code, run.output).to.equal(0);
      });
    }

    it('refuses a Host or Origin that is not this machine\'s (DNS rebinding) with 403', async () => {
      const port = new URL(served.url).port;
      // fetch sets Host from the URL: requests with another Host go through the raw handler.
      const { rawRequest } = await import('./helpers.ts');
      const send = (headers: Record<string, string>) =>
        rawRequest(served.app.handler, { method: 'POST', path: '/mcp', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(initialize) });
      for (const headers of [{ host: `evil.example.com:${port}` }, { host: 'evil.example.com' }, { host: `127.0.0.1:${port}`, origin: 'http://evil.example.com' }, { host: `127.0.0.1:${port}`, origin: 'not a url' }] as Record<string, string>[]) {
        const answer = await send(headers);
        expect(answer.status, JSON.stringify(headers)).to.equal(403);
        expect(JSON.parse(answer.body.toString()).error.code).to.equal(-32000);
      }
      for (const headers of [{ host: `localhost:${port}` }, { host: `127.0.0.1:${port}`, origin: `http://localhost:3000` }, { host: `[::1]:${port}` }] as Record<string, string>[]) {
        expect((await send(headers)).status, JSON.stringify(headers)).to.equal(200);
      }
    });

    it('bounds the body, and answers other methods and bodies that are not JSON-RPC with 4xx', async () => {
      const big = await post(served.url, { ...initialize, padding: 'x'.repeat(MAX_MCP_BODY_BYTES) });
      expect(big.status).to.equal(413);
      const notJson = await post(served.url, '{"jsonrpc": ');
      expect(notJson.status).to.equal(400);
      expect(JSON.parse(notJson.text).error.code).to.equal(-32700);
      const deep = await post(served.url, '['.repeat(10_000) + ']'.repeat(10_000));
      expect(deep.status).to.equal(400);
      const notRpc = await post(served.url, { hello: 'world' });
      expect(notRpc.status).to.be.within(400, 499);
      for (const method of ['GET', 'DELETE', 'PUT']) {
        const res = await fetch(served.url, { method, headers: { accept: 'application/json, text/event-stream' } });
        expect(res.status, method).to.equal(405);
        expect(res.headers.get('allow')).to.equal('POST');
      }
      const call = await post(served.url, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_icon', arguments: 'not an object' } });
      expect(call.status).to.equal(200);
      expect(JSON.parse(call.text).error.code).to.equal(-32602);
      for (const answer of [big, notJson, deep, notRpc, call]) expect(answer.text).not.to.match(/\n\s+at /);
    });

    it('answers tools/list from memory: the same object each time', async () => {
      const first = await post(served.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      const second = await post(served.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(first.text).to.equal(second.text);
      const mcp = await served.app.mcp();
      expect(mcp.tools).to.equal(mcp.tools);
    });
  });

  describe('with settings', () => {
    it('fails the DNS-rebinding scenario when told to accept any host (MCP_ALLOWED_HOSTS=*): the scenario can fail', async () => {
      const served = await listen(world, { MCP_ALLOWED_HOSTS: '*' });
      try {
        const run = await conformance(served.url, 'dns-rebinding-protection');
        expect(run.code, run.output).not.to.equal(0);
      } finally {
        await served.close();
      }
    });

    it('accepts the hosts MCP_ALLOWED_HOSTS names, and only those', async () => {
      const served = await listen(world, { MCP_ALLOWED_HOSTS: 'icons.example.com' });
      try {
        const { rawRequest } = await import('./helpers.ts');
        const send = (host: string) => rawRequest(served.app.handler, { method: 'POST', path: '/mcp', headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(initialize) });
        expect((await send('icons.example.com')).status).to.equal(200);
        expect((await send('127.0.0.1')).status).to.equal(403);
      } finally {
        await served.close();
      }
    });

    it('limits each client\'s requests a minute (MCP_RATE_LIMIT)', async () => {
      const served = await listen(world, { MCP_RATE_LIMIT: '3' });
      try {
        for (let i = 0; i < 3; i++) expect((await post(served.url, initialize)).status).to.equal(200);
        const refused = await post(served.url, initialize);
        expect(refused.status).to.equal(429);
        expect(JSON.parse(refused.text).code).to.equal('RATE_LIMITED');
        expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
        // The rest of the API is not counted.
        expect((await fetch(served.url.replace('/mcp', '/releases'))).status).to.equal(200);
      } finally {
        await served.close();
      }
    });

    it('asks for an access token when MCP_REQUIRE_TOKEN is set', async () => {
      const served = await listen(world, { MCP_REQUIRE_TOKEN: 'true' });
      try {
        const anonymous = await post(served.url, initialize);
        expect(anonymous.status).to.equal(401);
        expect(anonymous.headers.get('www-authenticate')).to.equal('Bearer error="invalid_token"');
        expect((await post(served.url, initialize, { authorization: 'Bearer wrong' })).status).to.equal(401);
        const { token } = await served.app.auth.createApiToken({ email: 'agent@example.test', scopes: [] });
        const exchanged = await fetch(served.url.replace('/mcp', '/token'), { method: 'POST', headers: { authorization: `Bearer ${token}` } });
        const { access_token: accessToken } = (await exchanged.json()) as { access_token: string };
        const client = await httpClient(served.url, { authorization: `Bearer ${accessToken}` });
        expect((await client.listTools()).tools).to.have.length(5);
        await client.close();
      } finally {
        await served.close();
      }
    });
  });
});
