// GraphQL subscriptions over WebSocket at /graphql. The WebSocket server and the graphql-ws
// protocol (~2 MiB of heap with their modules) are loaded at the first upgrade request: most
// deployments never see one.
import type { Server } from 'node:http';
import type { SubscriptionDeps } from './subscriptions-server.ts';

type SubscriptionServer = ReturnType<typeof import('./subscriptions-server.ts').createSubscriptionServer>;

/** Serves subscriptions on `server`'s upgrade requests to /graphql; dispose() closes every socket. */
export function attachSubscriptions(server: Server, deps: SubscriptionDeps) {
  let started: Promise<SubscriptionServer> | undefined;
  server.on('upgrade', (request, socket, head: Buffer) => {
    started ??= import('./subscriptions-server.ts').then(({ createSubscriptionServer }) => createSubscriptionServer(deps));
    started.then(
      (subscriptions) => subscriptions.upgrade(request, socket, head),
      () => socket.destroy(),
    );
  });
  return {
    async dispose() {
      await started?.then((subscriptions) => subscriptions.dispose(), () => {});
    },
  };
}
