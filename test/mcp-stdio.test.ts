// `node server/main.ts mcp`: the MCP server over stdio, as agents start it, on the configured
// database (the test's SQLite file or PostgreSQL database): the same tools as /mcp, answers from
// that database, nothing but JSON-RPC on stdout, and an exit when stdin closes.
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { call, httpClient, listen, mcpWorld, type Listening } from './mcp-world.ts';
import { root } from './process-helpers.ts';
import type { SharedTestDatabase } from './shared-test-database.ts';

describe('the mcp command over stdio', function () {
  this.timeout(60_000);
  let world: SharedTestDatabase;
  let served: Listening;
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';
  const problems: string[] = [];

  before(async () => {
    world = await mcpWorld();
    served = await listen(world);
    transport = new StdioClientTransport({
      command: process.execPath,
      args: ['server/main.ts', 'mcp'],
      cwd: root,
      env: { ...(process.env as Record<string, string>), ...world.env, SEED_DEFAULTS: 'false', LOG_LEVEL: 'info' },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    client = new Client({ name: 'iconmeta-test', version: '1.0.0' });
    // A line on stdout that is not JSON-RPC (a log line) would arrive here.
    client.onerror = (error) => void problems.push(error.message);
    await client.connect(transport);
  });
  after(async () => {
    await client?.close();
    await served?.close();
    await world?.remove();
  });

  it('lists the same tools as /mcp, from the configured database', async () => {
    const overHttp = await httpClient(served.url);
    try {
      expect((await client.listTools()).tools).to.deep.equal((await overHttp.listTools()).tools);
    } finally {
      await overHttp.close();
    }
  });

  it('answers a search, an icon, and a bad input as over HTTP', async () => {
    const search = await call<{ icons: { id: string }[] }>(client, 'search_icons', { query: 'close', limit: 10 });
    expect(search.data.icons.map((icon) => icon.id)).to.include('mdi:close');
    const icon = await call<{ svg: string }>(client, 'get_icon', { id: 'fa6-solid:house' });
    expect(icon.data.svg).to.match(/^<svg /);
    const bad = await call(client, 'get_icon', { id: 'no colon' });
    expect(bad.result.isError).to.equal(true);
  });

  it('writes nothing but JSON-RPC on stdout, its logs on stderr, and exits when stdin closes', async () => {
    expect(problems).to.deep.equal([]);
    expect(stderr).to.include('serving MCP on stdio');
    const pid = transport.pid!;
    const exited = new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        try {
          process.kill(pid, 0);
        } catch {
          clearInterval(poll);
          resolve();
        }
      }, 20);
    });
    await client.close();
    await exited;
  });
});
