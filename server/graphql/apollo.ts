// The Apollo Server: the public schema, its resolvers and error formatting (admission, before it: cost-limits.ts).
import { readFileSync } from 'node:fs';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { DatabaseFaults } from '../errors.ts';
import type { GraphQLContext } from './context.ts';
import { DOCUMENT_LIMITS } from './document-guard.ts';
import type { DocumentStore } from './document-store.ts';
import { formatError } from './errors.ts';
import { enforceDeadlines } from './execution-deadline.ts';
import { createJitGateway, type CompiledQueries } from './jit-gateway.ts';
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

/** The public schema with its resolvers, each root and list resolver under the execution deadline. */
export function createGraphQLSchema(): GraphQLSchema {
  const schema = makeExecutableSchema<GraphQLContext>({
    typeDefs,
    resolvers: [{ Date: DateScalar, Json: JsonScalar }, queryResolvers, releaseResolvers, iconResolvers, accountResolvers],
    // Our own schema file, checked by graphql-js in the tests (test/introspection.test.ts):
    // validating it again at every start costs ~50 ms.
    assumeValidSDL: true,
  });
  return enforceDeadlines(schema);
}

/**
 * `documentStore`: parsed and validated documents Apollo keeps (documents are also bounded in size
 * by admission), in their share of the GraphQL budget.
 */
export function createApolloServer(logger: Logger, schema: GraphQLSchema, compiled: CompiledQueries, database: DatabaseFaults, documentStore: DocumentStore) {
  const server = new ApolloServer<GraphQLContext>({
    gateway: createJitGateway(schema, compiled),
    documentStore,
    parseOptions: { maxTokens: DOCUMENT_LIMITS.maxTokens },
    // No client of this API sends persisted-query hashes; Apollo's store for them would be one more cache.
    persistedQueries: false,
    introspection: true,
    // Clients authenticate by header only, never cookies: no CSRF preflight header is needed.
    csrfPrevention: false,
    includeStacktraceInErrorResponses: false,
    formatError: formatError(logger, database),
    // The cache-control plugin costs ~40% of execution here; HTTP caching is set by the handler.
    plugins: [ApolloServerPluginCacheControlDisabled(), ApolloServerPluginLandingPageDisabled(), errorFlagPlugin],
    logger: { debug: () => {}, info: () => {}, warn: (m) => logger.warn(m), error: (m) => logger.error(m) },
  });
  server.startInBackgroundHandlingStartupErrorsByLoggingAndFailingAllRequests();
  return server;
}
