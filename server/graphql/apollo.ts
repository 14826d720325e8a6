// The Apollo Server: the public schema, its resolvers, error formatting and cost limits.
import { readFileSync } from 'node:fs';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { Logger } from 'pino';
import type { GraphQLContext } from './context.ts';
import { costLimitsPlugin } from './cost-limits.ts';
import { formatError } from './errors.ts';
import { createJitGateway } from './jit-gateway.ts';
import { accountResolvers } from './resolvers/account.resolvers.ts';
import { iconResolvers } from './resolvers/icon.resolvers.ts';
import { queryResolvers } from './resolvers/query.resolvers.ts';
import { releaseResolvers } from './resolvers/release.resolvers.ts';
import { DateScalar, JsonScalar } from './scalars.ts';

const typeDefs = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

/** Notes on the context whether the response carries errors (such responses are not cached). */
const errorFlagPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ contextValue, response }) {
        contextValue.outcome.hadErrors = response.body.kind !== 'single' || Boolean(response.body.singleResult.errors?.length);
      },
    };
  },
};

export function createApolloServer(logger: Logger) {
  const schema = makeExecutableSchema<GraphQLContext>({
    typeDefs,
    resolvers: [{ Date: DateScalar, Json: JsonScalar }, queryResolvers, releaseResolvers, iconResolvers, accountResolvers],
  });
  const server = new ApolloServer<GraphQLContext>({
    gateway: createJitGateway(schema),
    introspection: true,
    // Clients authenticate by header only, never cookies: no CSRF preflight header is needed.
    csrfPrevention: false,
    includeStacktraceInErrorResponses: false,
    formatError: formatError(logger),
    // The cache-control plugin costs ~40% of execution here; HTTP caching is set by the handler.
    plugins: [ApolloServerPluginCacheControlDisabled(), ApolloServerPluginLandingPageDisabled(), costLimitsPlugin, errorFlagPlugin],
    logger: { debug: () => {}, info: () => {}, warn: (m) => logger.warn(m), error: (m) => logger.error(m) },
  });
  server.startInBackgroundHandlingStartupErrorsByLoggingAndFailingAllRequests();
  return server;
}
