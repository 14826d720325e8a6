// Executes operations with graphql-jit instead of graphql-js: it compiles each distinct document
// into a function once, and a whole release (2,000 icons, ~50,000 fields) then executes several
// times faster (performance-notes.md). Apollo Server takes a custom executor only through its
// gateway interface, so this is a gateway serving one fixed schema; Apollo still parses,
// validates, runs the plugins (cost limits) and formats errors.
import type { GatewayInterface } from '@apollo/server-gateway-interface';
import { execute, getOperationAST, GraphQLError, printSchema, type DocumentNode, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import type { GraphQLContext } from './context.ts';
import { createKeptIconJson, type IconJsonPlan } from './kept-icon-json.ts';
import { createRecentDocuments } from './recent-documents.ts';

// A compiled query holds its generated code and its own copy of the document: measured 5-50 KB
// for a small document once executed, growing with the document's size.
const compiledSize = (source: string) => 20_000 + source.length * 400;

// Compiling costs ~0.6-1 ms and memory; graphql-js runs a small operation in a fraction of that.
// So a cheap document is interpreted the first time and compiled when it comes again (a picker's
// search document: its second keystroke); an expensive one (a whole release) is compiled at once.
const INTERPRET_BELOW_COST = 5_000;

interface Compiled {
  query: CompiledQuery;
  /** A query operation (not a mutation or subscription): safe to run again. */
  readOnly: boolean;
  /** The variables the operation declares: the only ones its answer depends on. */
  variableNames: string[];
  /** How to write its answer from kept icon JSON, when it can be (kept-icon-json.ts). */
  iconJson: IconJsonPlan | null;
  /** Never reused: names the document and operation in short cache keys. */
  serial: number;
}

export interface KnownQuery {
  serial: number;
  query: CompiledQuery;
  variableNames: string[];
  iconJson: IconJsonPlan | null;
}

/**
 * Compiled documents by source text and requested operation name. A document is here only after
 * Apollo parsed and validated it, so the GraphQL fast path may run a known one directly.
 */
export function createCompiledQueries(schema: GraphQLSchema, { compiledBytes = 4 * 1024 * 1024, seenBytes = 2 * 1024 * 1024 } = {}) {
  // A quarter of the budget keeps icons' JSON for the documents that can use it.
  const keptIconJson = createKeptIconJson(schema, Math.floor(compiledBytes / 4));
  // The documents `known` found last, before the map: a request's document is a new string each time.
  const recent = createRecentDocuments<Compiled>();
  // A plan compiles the document's selection a second time: about as large again.
  const compiled = new LRUCache<string, Compiled>({
    maxSize: compiledBytes - Math.floor(compiledBytes / 4),
    sizeCalculation: (entry, key) => compiledSize(key) * (entry.iconJson ? 2 : 1),
    dispose: (entry) => recent.forget(entry),
  });
  // A document alone is its own key: its string's hash, once computed, serves the admission's
  // lookup too. No valid document holds a NUL (the lexer refuses it), so `known` never finds one.
  const keyOf = (source: string, operationName: string | null | undefined) => (operationName ? `${operationName}\u0000${source}` : source);
  let serials = 0;
  const seenOnce = new LRUCache<string, true>({ maxSize: seenBytes, sizeCalculation: (_value, key) => 2 * key.length + 100 });
  return {
    /** Whether to interpret this validated document now rather than compile it: cheap, and new. */
    interpretFirst(source: string, operationName: string | null | undefined, cost: number | undefined): boolean {
      const key = keyOf(source, operationName);
      if (cost === undefined || cost >= INTERPRET_BELOW_COST || compiled.has(key) || seenOnce.has(key)) return false;
      seenOnce.set(key, true);
      return true;
    },
    /** The compiled form of a validated document, compiling it on first use. */
    compile(source: string, document: DocumentNode, operationName: string | null | undefined) {
      const key = keyOf(source, operationName);
      let entry = compiled.get(key);
      if (!entry) {
        const result = compileQuery(schema, document, operationName ?? undefined);
        if (!isCompiledQuery(result)) return result;
        const operation = getOperationAST(document, operationName ?? undefined);
        const variableNames = operation?.variableDefinitions?.map((definition) => definition.variable.name.value) ?? [];
        const readOnly = operation?.operation === 'query';
        const iconJson = readOnly ? keptIconJson.planFor(document, operationName) : null;
        compiled.set(key, (entry = { query: result, readOnly, variableNames, iconJson, serial: ++serials }));
      }
      return entry.query;
    },
    /** A validated, compiled query operation, if this document has been seen. */
    known(source: string, operationName: string | null | undefined): KnownQuery | undefined {
      let entry = recent.find(source, operationName);
      if (!entry) {
        if (source.includes('\u0000')) return undefined;
        entry = compiled.get(keyOf(source, operationName));
        if (entry) recent.remember(source, operationName, entry);
      }
      return entry?.readOnly ? entry : undefined;
    },
    /** Writes a planned document's answer from kept icon JSON (null: execute it as usual). */
    answerFromKeptJson: keptIconJson.answer,
    /** Bytes counted against the budgets: compiled documents, documents seen once, kept icon JSON. */
    get bytes() {
      return compiled.calculatedSize + seenOnce.calculatedSize + keptIconJson.bytes;
    },
  };
}

export type CompiledQueries = ReturnType<typeof createCompiledQueries>;

export function createJitGateway(schema: GraphQLSchema, compiled: CompiledQueries): GatewayInterface {
  return {
    async load() {
      return {
        executor: async ({ source, document, request, context }) => {
          if (compiled.interpretFirst(source, request.operationName, (context as GraphQLContext).cost)) {
            return execute({ schema, document, contextValue: context, variableValues: request.variables, operationName: request.operationName });
          }
          // Keyed by the operation name the client asked for, as the fast path will look it up.
          const query = compiled.compile(source, document, request.operationName);
          if (!isCompiledQuery(query)) return query;
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
