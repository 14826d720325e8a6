// Executes operations with graphql-jit instead of graphql-js: it compiles each distinct document
// into a function once, and a whole release (2,000 icons, ~50,000 fields) then executes several
// times faster (performance-notes.md). Apollo Server takes a custom executor only through its
// gateway interface, so this is a gateway serving one fixed schema; Apollo still parses,
// validates, runs the plugins (cost limits) and formats errors.
import type { GatewayInterface } from '@apollo/server-gateway-interface';
import { GraphQLError, printSchema, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';

// A compiled query holds its generated code and its own copy of the document: measured 5-50 KB
// for a small document once executed, growing with the document's size.
const compiledSize = (source: string) => 20_000 + source.length * 400;

export function createJitGateway(schema: GraphQLSchema, maxBytes = 12 * 1024 * 1024): GatewayInterface {
  const compiled = new LRUCache<string, CompiledQuery>({ maxSize: maxBytes, sizeCalculation: (_query, key) => compiledSize(key) });
  return {
    async load() {
      return {
        executor: async ({ source, document, operationName, request, context }) => {
          const key = `${operationName ?? ''}\u0000${source}`;
          let query = compiled.get(key);
          if (!query) {
            const result = compileQuery(schema, document, operationName ?? undefined);
            if (!isCompiledQuery(result)) return result;
            compiled.set(key, (query = result));
          }
          const result = await query.query(undefined, context, request.variables ?? {});
          return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
        },
      };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => {};
    },
    async stop() {},
  };
}

/** graphql-jit's errors lack `extensions`, which Apollo's error formatting expects: rebuild them. */
function asGraphQLError(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions ?? undefined,
  });
}
