// GraphQL subscriptions over WebSocket (the graphql-ws protocol) at /graphql: `subsetCreated`.
// Only subscription operations are taken here; queries and mutations go over HTTP, where the
// admission limits and caches are. The caller authenticates as over HTTP: an Authorization
// header on the upgrade request, or `Authorization` in the connection_init payload. Loaded by
// subscriptions.ts at the first WebSocket upgrade.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { getOperationAST, GraphQLError, parse, validate, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { createContext, type Services } from './context.ts';
import { DOCUMENT_LIMITS } from './document-guard.ts';
import { ANONYMOUS, type Authenticate, type Principal } from './principal.ts';

export interface SubscriptionDeps {
  schema: GraphQLSchema;
  services: Services;
  authenticate: Authenticate;
}

const refuse = (message: string) => [new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } })];

/** A WebSocket server for upgrade requests to /graphql, handed to it; dispose() closes every socket. */
export function createSubscriptionServer({ schema, services, authenticate }: SubscriptionDeps) {
  const wss = new WebSocketServer({ noServer: true, path: '/graphql', maxPayload: 64 * 1024 });
  const principals = new WeakMap<object, Principal>();
  const cleanup = useServer(
    {
      schema,
      async onConnect(ctx) {
        const fromInit = ctx.connectionParams?.Authorization ?? ctx.connectionParams?.authorization;
        const header = typeof fromInit === 'string' ? fromInit : ctx.extra.request.headers.authorization;
        // An empty `Bearer` is anonymous, as over HTTP (the WordPress plugin sends one).
        const principal = !header || header.trim() === 'Bearer' ? ANONYMOUS : await authenticate(header);
        // Resolvers answer from the release list: a connection made before any request needs it read.
        await services.releases.refresh();
        if (!principal) return false;
        principals.set(ctx, principal);
        return true;
      },
      onSubscribe(ctx, _id, payload): ExecutionArgs | readonly GraphQLError[] {
        let document;
        try {
          document = parse(payload.query, { maxTokens: DOCUMENT_LIMITS.maxTokens });
        } catch (error) {
          return [error as GraphQLError];
        }
        const operation = getOperationAST(document, payload.operationName);
        if (operation?.operation !== 'subscription') return refuse('only subscriptions are served over WebSocket; send queries and mutations over HTTP');
        const errors = validate(schema, document);
        if (errors.length > 0) return errors;
        return { schema, document, variableValues: payload.variables, operationName: payload.operationName, contextValue: createContext(services, principals.get(ctx) ?? ANONYMOUS) };
      },
    },
    wss,
  );
  return {
    /** Takes an upgrade request: a socket to /graphql, else a 400 (ws's checks). */
    upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    async dispose() {
      await cleanup.dispose();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}
