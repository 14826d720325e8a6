// The new-variables path: a picker sends one document with new variables per keystroke, so the
// response cache misses every time, yet the document is the same. A query document that Apollo
// has already parsed, validated and compiled is run here directly, with the same admission,
// context, deadline and consistent read as through Apollo, and without Express or Apollo's
// per-request pipeline. Anything else (a new document, an error in the answer, a mutation, an
// expensive query that must take its turn) returns null and goes through Apollo as before.
import { cachedResponse, passingResponse, type CachedResponse, type ResponseCache } from '../http/response-cache.ts';
import { createSeenOnce } from '../http/seen-once.ts';
import { createContext, type Services } from './context.ts';
import type { QueryAdmission } from './cost-limits.ts';
import { EXECUTION_BUDGET_MS } from './execution-deadline.ts';
import type { CompiledQueries } from './jit-gateway.ts';
import { graphQLCacheKeyPrefix, type Principal } from './principal.ts';

/** The GraphQL request as sent: a JSON body's fields, or a GET's parameters. */
export interface GraphQLFields {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export interface KnownDocumentDeps {
  compiled: CompiledQueries;
  admission: QueryAdmission;
  services: Services;
  cache: ResponseCache;
}

/**
 * Variables as sent: an object in a JSON body, a JSON string in a GET, absent (= {}); null for
 * anything else (not JSON, not an object), which is Apollo's to refuse.
 */
export function variablesOf(value: unknown): Record<string, unknown> | null {
  if (value == null) return {};
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The declared variables' values, canonical: absent stays absent (defaults apply), null is null. */
function declaredValues(names: string[], variables: Record<string, unknown>): string {
  const declared: Record<string, unknown> = {};
  for (const name of names) if (Object.hasOwn(variables, name)) declared[name] = variables[name];
  return JSON.stringify(declared);
}

const JSON_TYPE = 'application/json; charset=utf-8';
const NO_CACHE = 'private, no-cache';

/** Answers remembered as asked once (a hash each: 64 KB). */
const SEEN_ONCE_SLOTS = 16_384;

export function createKnownDocumentExecutor({ compiled, admission, services, cache }: KnownDocumentDeps) {
  // An answer is kept when it is asked for a second time. A search typed once (most never-seen
  // queries) would otherwise enter the cache, push kept answers out, and reach V8's old
  // generation before it is dropped: under a load of new searches, a major collection every
  // second (pauses of 6-19 ms, the p99 of that load). Keystrokes repeat across users: kept then.
  const secondTime = createSeenOnce(SEEN_ONCE_SLOTS);
  /** The answer to a request for a known query document, or null when Apollo must answer it. */
  return async (fields: GraphQLFields, principal: Principal, cacheKey: string | null): Promise<CachedResponse | null> => {
    const { query: source, operationName } = fields;
    if (typeof source !== 'string' || (operationName != null && typeof operationName !== 'string')) return null;
    const known = compiled.known(source, operationName);
    if (!known) return null;
    const variables = variablesOf(fields.variables);
    if (!variables) return null;
    // The answer depends on the document and the variables it declares, nothing else of the
    // request: a picker's keystrokes (a request id among the variables, other JSON spacing) that
    // ask what was asked before get that answer.
    // The compiled document's serial stands for the document and operation: a short key to hash.
    const answerKey = cacheKey && `${graphQLCacheKeyPrefix(principal.cacheKey)}answer|${known.serial}|${declaredValues(known.variableNames, variables)}`;
    const answered = answerKey ? cache.get(answerKey) : undefined;
    if (answered) return answered;

    const admitted = admission.admit(source, operationName, variables, principal);
    if (admitted.ok !== true || admitted.expensive) return null;
    const context = createContext(services, principal, performance.now() + EXECUTION_BUDGET_MS);
    const json = await services.releases.consistent(async (): Promise<Buffer | string | null> => {
      const written = known.iconJson && (await compiled.answerFromKeptJson(known.iconJson, context, variables));
      if (written) return written;
      const result = await known.query.query(undefined, context, variables);
      // The bytes Apollo sends for the same answer (its JSON plus a newline), so ETags agree.
      return result.errors?.length ? null : `${JSON.stringify({ data: result.data })}\n`;
    });
    if (json === null) return null;
    // An answer about a build's state changes without the database changing: never kept.
    // Only a kept answer is copied into a buffer of its own (cachedResponse); the others are sent
    // from the bytes as written (a slice of node's pool for most) and dropped.
    if (context.outcome.volatile || !answerKey || !secondTime(answerKey)) return passingResponse(json, JSON_TYPE, NO_CACHE);
    const entry = cachedResponse(json, JSON_TYPE, NO_CACHE);
    if (cacheKey) cache.set(cacheKey, entry);
    cache.set(answerKey, entry);
    return entry;
  };
}

export type KnownDocumentExecutor = ReturnType<typeof createKnownDocumentExecutor>;
