// Answers repeated GraphQL requests before Express, like the REST fast path: Express, its
// middleware and Apollo cost ~200 us per request even for a cached answer, several times the cost
// of writing the cached bytes. The key is the request as sent (caller, method, body kind and the
// raw body or query string), so a hit needs no parsing and no hashing. POST bodies are read here
// once, for hits and misses alike; a miss goes to Express with `req.body` already set, and the
// GraphQL router stores its answer under the same key. A miss whose document is already known
// (validated and compiled) is run without Express and Apollo by the known-document executor.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../errors.ts';
import { GRAPHQL_PATHS, MAX_GRAPHQL_BODY_BYTES, RAW_GRAPHQL, type GraphQLHttpRequest } from '../graphql/graphql-http.ts';
import type { GraphQLFields, KnownDocumentExecutor } from '../graphql/known-documents.ts';
import { ANONYMOUS, graphQLCacheKeyPrefix, isAnonymous, type Authenticate, type Principal } from '../graphql/principal.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan, parseClientJson, tooDeep } from './json-depth.ts';
import type { ResponseCache } from './response-cache.ts';
import { sendCached } from './send-cached.ts';

/** What a GraphQL GET reads from its query string, each at most once. */
const GET_PARAMETERS = ['query', 'variables', 'operationName', 'extensions'];

const JSON_TYPE = /^application\/(json|[^;\s]*\+json)\s*(;|$)/i;

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** The parsed body as Express's parsers would give it: an object for JSON, a string for raw GraphQL. */
function parseBody(text: string, contentType: string | undefined): { body?: unknown; error?: AppError } {
  if (!contentType || RAW_GRAPHQL.test(contentType)) return { body: text };
  if (!JSON_TYPE.test(contentType)) return {}; // not a GraphQL body: the router says what it takes
  const trimmed = text.trimStart();
  if (trimmed === '') return { body: {} };
  if (trimmed[0] !== '{' && trimmed[0] !== '[') return { error: new AppError(400, 'INVALID_PARAMETER', 'the JSON body must be an object') };
  try {
    return { body: parseClientJson(text, 'the body') };
  } catch (error) {
    return { error: error as AppError };
  }
}

export interface GraphQLFastPathOptions {
  cache: ResponseCache;
  authenticate: Authenticate;
  staticHeaders: Record<string, string>;
  /** Answers requests for documents seen before (null: not one it can answer). */
  executeKnown: KnownDocumentExecutor;
  /** Where everything else goes (the Express app). */
  next: (req: IncomingMessage, res: ServerResponse) => void;
}

/** Returns true when it took the request (answered it, or is reading its body and will pass it on). */
export function createGraphQLFastPath({ cache, authenticate, staticHeaders, executeKnown, next }: GraphQLFastPathOptions) {
  const cacheKeyOf = (principal: Principal | null, kind: string, text: string) => (principal ? `${graphQLCacheKeyPrefix(principal.cacheKey)}${kind}|${text}` : null);
  const answer = async (req: GraphQLHttpRequest, res: ServerResponse, kind: string, text: string, fields: GraphQLFields | null) => {
    // Anonymous callers (most traffic) are answered without waiting on anything.
    const header = req.headers.authorization;
    const principal: Principal | null = isAnonymous(header) ? ANONYMOUS : await authenticate(header);
    // An invalid token is the router's 401; never a cached answer.
    const cacheKey = fields ? cacheKeyOf(principal, kind, text) : null;
    // An anonymous caller's key was looked up already, before parsing (answeredBefore).
    const hit = cacheKey === null || principal === ANONYMOUS ? undefined : cache.get(cacheKey);
    if (hit) return sendCached(req, res, hit, staticHeaders);
    if (principal && fields) {
      const known = await executeKnown(fields, principal, cacheKey).catch(() => null);
      if (known) return sendCached(req, res, known, staticHeaders);
    }
    req.graphql = { ...req.graphql, cacheKey };
    next(req, res);
  };
  // Anything unexpected here (a database error while authenticating, say) is Express's to answer.
  const take = (req: GraphQLHttpRequest, res: ServerResponse, kind: string, text: string, fields: GraphQLFields | null) =>
    void answer(req, res, kind, text, fields).catch(() => {
      if (!res.headersSent) next(req, res);
    });

  /**
   * An anonymous request whose exact query string or body was answered before: sent without
   * parsing it (only valid ones are kept). A caller with a token is authenticated first, which may
   * wait on the database: `answer` finds their cached answer under the same key once it is parsed.
   */
  const answeredBefore = (req: GraphQLHttpRequest, res: ServerResponse, kind: string, text: string): boolean => {
    if (!isAnonymous(req.headers.authorization)) return false;
    const hit = cache.get(cacheKeyOf(ANONYMOUS, kind, text)!);
    if (!hit) return false;
    sendCached(req, res, hit, staticHeaders);
    return true;
  };

  return (req: GraphQLHttpRequest, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (!GRAPHQL_PATHS.includes(pathOf(url))) return false;
    if (req.method === 'GET' || req.method === 'HEAD') {
      const q = url.indexOf('?');
      if (q !== -1 && answeredBefore(req, res, 'get', url.slice(q + 1))) return true;
      // Without a query this is the landing page, served by Express.
      const params = q === -1 ? null : new URLSearchParams(url.slice(q + 1));
      if (!params?.has('query')) return false;
      // A parameter given twice is refused by Apollo, behind Express: never answered here from
      // the first one (a known document's answer would make the same URL a 200 or a 400 by turns).
      if (GET_PARAMETERS.some((name) => params.getAll(name).length > 1)) return false;
      const fields = { query: params.get('query'), variables: params.get('variables') ?? undefined, operationName: params.get('operationName') ?? undefined };
      if (fields.variables !== undefined && nestsDeeperThan(fields.variables, MAX_JSON_DEPTH)) {
        req.graphql = { cacheKey: null, bodyError: tooDeep('the variables parameter') };
        next(req, res);
        return true;
      }
      take(req, res, 'get', url.slice(q + 1), fields);
      return true;
    }
    // Compressed request bodies are left to Express's parsers (they inflate them); nobody caches those.
    const encoding = req.headers['content-encoding'];
    if (req.method !== 'POST' || (encoding && encoding !== 'identity')) return false;

    const chunks: Buffer[] = [];
    let length = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > MAX_GRAPHQL_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) {
        req.graphql = { cacheKey: null, bodyError: new AppError(413, 'PAYLOAD_TOO_LARGE', 'the request body is too large') };
        return next(req, res);
      }
      // No body at all (no length, not chunked): what Express's parsers leave undefined.
      if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return take(req, res, 'none', '', null);
      // A body in one chunk (nearly every one) is read from it, without a joined copy first.
      const text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length)).toString('utf8');
      const contentType = req.headers['content-type'];
      const kind = !contentType || RAW_GRAPHQL.test(contentType) ? 'raw' : JSON_TYPE.test(contentType) ? 'json' : null;
      if (kind && answeredBefore(req, res, kind, text)) return;
      const { body, error } = parseBody(text, contentType);
      if (error) {
        req.graphql = { cacheKey: null, bodyError: error };
        return next(req, res);
      }
      req.body = body;
      const raw = typeof body === 'string';
      const fields = raw ? { query: body } : body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as GraphQLFields) : null;
      take(req, res, raw ? 'raw' : 'json', text, fields);
    });
    return true;
  };
}
