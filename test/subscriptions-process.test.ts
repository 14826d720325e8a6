// GraphQL subscriptions on the real process (server/serve.ts attaches graphql-ws to its HTTP
// server): served at /graphql, queries refused there, and SIGTERM with a socket open still stops
// at once (the socket is closed with 1001 "going away", not waited for).
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { loadRelease } from '../seeds/load.ts';
import { fixtureDocument } from './helpers.ts';
import { exited, freePort, startServer, waitUntilUp } from './process-helpers.ts';

describe('subscriptions on the service process', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'iconmeta-ws-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('answers over graphql-ws at /graphql, refuses queries there, and stops at once on SIGTERM with a socket open', async () => {
    const databasePath = join(dir, 'ws.sqlite');
    const db = openDatabase(databasePath);
    migrateDatabase(db);
    loadRelease(db, fixtureDocument('1.2.0'));
    db.$client.close();
    const port = await freePort();
    const server = startServer(databasePath, port);
    try {
      await waitUntilUp(port);
      let closeCode: number | undefined;
      const client = createClient({ url: `ws://127.0.0.1:${port}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false, onNonLazyError: () => {}, on: { closed: (event) => (closeCode = (event as { code: number }).code) } });
      const firstError = async (query: string) => {
        try {
          await client.iterate({ query }).next();
          return null;
        } catch (errors) {
          return (errors as { extensions: { code: string }; message: string }[])[0];
        }
      };
      expect((await firstError('subscription { subsetCreated(id: "no-such-build") { id } }'))?.extensions.code).to.equal('NOT_FOUND');
      expect((await firstError('{ releases { version } }'))?.message).to.match(/only subscriptions/);

      const started = Date.now();
      server.kill('SIGTERM');
      expect(await exited(server)).to.equal(0);
      expect(Date.now() - started).to.be.below(3000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(closeCode).to.equal(1001);
      await client.dispose();
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
    }
  });
});
