// The world of the MCP tests: a database with the default Font Awesome releases, their open sets
// (fa-*, fa6-*, fa7-*) and mdi, shared by the app in this process and the `mcp` command's process.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { seedDefaultsIfEmpty } from '../seeds/defaults.ts';
import { addIconSets } from '../seeds/iconify/add-sets.ts';
import { syncFontAwesomeSets } from '../seeds/iconify/font-awesome-sets.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { root } from './process-helpers.ts';
import { sharedTestDatabase, type SharedTestDatabase } from './shared-test-database.ts';

export const MCP_WORLD = 'mcp: default releases, their open sets, mdi';

export const loadMcpWorld = async (db: Parameters<typeof syncFontAwesomeSets>[0]) => {
  await seedDefaultsIfEmpty(db, { info: () => {} });
  await syncFontAwesomeSets(db);
  await addIconSets(db, join(root, 'node_modules/@iconify-json/mdi'));
};

export const mcpWorld = (): Promise<SharedTestDatabase> => sharedTestDatabase(MCP_WORLD, loadMcpWorld);

export interface Listening {
  app: TestApp;
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** The app on a free port of 127.0.0.1. */
export async function listen(database: SharedTestDatabase, env: Record<string, string> = {}): Promise<Listening> {
  const app = await buildTestApp({ database: database.connect(), env });
  const server = createServer(app.handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  return {
    app,
    server,
    url,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    },
  };
}

/** An SDK client connected over Streamable HTTP. */
export async function httpClient(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'iconmeta-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** A tool's answer, whose structured content the test reads as `T`. */
export async function call<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { result, data: result.structuredContent as T, text: (result.content[0] as { text: string }).text };
}
