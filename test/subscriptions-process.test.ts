// GraphQL subscriptions on the real process (server/serve.ts attaches graphql-ws to its HTTP
// server): served at /graphql, queries refused there, and SIGTERM with a socket open still stops
// at once (the socket is closed with 1001 "going away", not waited for).
import { expect } from 'chai';
import { createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { loadRelease } from '../seeds/load.ts';
import { fixtureDocument } from './helpers.ts';
import { exited, freePort, startServerOn, waitUntilUp } from './process-helpers.ts';
import { sharedTestDatabase, type SharedTestDatabase } from './shared-test-database.ts';
import { serverProcess } from './test-dialect.ts';

describe('subscriptions on the service process', function () {
  this.timeout(60_000);
  let shared: SharedTestDatabase | undefined;
  after(() => shared?.remove());

  it('answers over graphql-ws at /graphql, refuses queries there, and stops at once on SIGTERM with a socket open', async function () {
    serverProcess(this);
    shared = await sharedTestDatabase('fixtures 1.2.0 shared', (db) => loadRelease(db, fixtureDocument('1.2.0')));
    const port = await freePort();
    const server = startServerOn(shared.env, port);
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
