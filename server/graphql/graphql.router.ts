// GraphQL over HTTP as deployed clients use it (contract §6), on / and /graphql: JSON bodies, raw
// GraphQL bodies (text/plain, application/graphql, or no content type) and GET ?query=. Apollo
// executes; this layer adapts the transport, authenticates, and keeps successful responses of
// identical requests by identical callers as bytes, under the key the GraphQL fast path
// (http/graphql-fast-path.ts) answers later hits from (the data is immutable; the cache is
// dropped when the database changes).
import type { ApolloServer } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import express, { Router, type Request, type Response } from 'express';
import { AppError, sendUnauthorized } from '../errors.ts';
import { GRAPHQL_PATHS, MAX_GRAPHQL_BODY_BYTES, RAW_GRAPHQL, type GraphQLHttpRequest } from './graphql-http.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan, tooDeep } from '../http/json-depth.ts';
import { cachedResponse, type ResponseCache } from '../http/response-cache.ts';
import { sendCached } from '../http/send-cached.ts';
import { createContext, type GraphQLContext, type Services } from './context.ts';
import type { QueryAdmission } from './cost-limits.ts';
import { QUERY_LEVEL_CODES } from './errors.ts';
import { variablesOf } from './known-documents.ts';
import { EXECUTION_BUDGET_MS } from './execution-deadline.ts';
import type { Authenticate } from './principal.ts';

// Only compressed bodies reach this parser (the fast path reads the others): the same depth bound.
const jsonBody = express.json({
  limit: MAX_GRAPHQL_BODY_BYTES,
  type: ['application/json', 'application/*+json'],
  verify: (_req, _res, bytes) => {
    if (nestsDeeperThan(bytes.toString('utf8'), MAX_JSON_DEPTH)) throw tooDeep('the body');
  },
});
const rawBody = express.text({
  limit: MAX_GRAPHQL_BODY_BYTES,
  type: (req) => {
    const contentType = req.headers['content-type'];
    return !contentType || RAW_GRAPHQL.test(contentType);
  },
});

interface Deps {
  apollo: ApolloServer<GraphQLContext>;
  admission: QueryAdmission;
  services: Services;
  authenticate: Authenticate;
  cache: ResponseCache;
}

/** Whether every error of a failed Apollo response belongs to the query (answered 200), not the transport. */
function isQueryLevelFailure(body: string): boolean {
  try {
    const errors = (JSON.parse(body) as { errors?: { extensions?: { code?: string } }[] }).errors;
    return Array.isArray(errors) && errors.length > 0 && errors.every((e) => QUERY_LEVEL_CODES.has(String(e.extensions?.code)));
  } catch {
    return false;
  }
}

/**
 * Apollo's refusal of a request that is no GraphQL request at all (a parameter given twice,
 * variables that are not a JSON object, a GET naming a mutation) as the problem details of every
 * other transport failure (contract §4, §6): its code, BAD_REQUEST, is none of the contract's.
 */
function transportProblem(status: number, body: string, allow: string | undefined): AppError {
  let detail = 'the request is not a GraphQL request';
  try {
    const errors = (JSON.parse(body) as { errors?: { message?: unknown }[] }).errors;
    const messages = Array.isArray(errors) ? errors.map((e) => e.message).filter((m) => typeof m === 'string') : [];
    if (messages.length > 0) detail = messages.join('; ');
  } catch {
    // Not Apollo's JSON: the general detail.
  }
  if (status === 405) return new AppError(405, 'METHOD_NOT_ALLOWED', detail, undefined, allow ? { Allow: allow } : {});
  return new AppError(status, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INVALID_PARAMETER', detail);
}

/** A GraphQL-level refusal (HTTP 200, contract §6), in the shape Apollo formats its errors. */
function sendRefusal(res: Response, message: string): void {
  res.status(200).set('Cache-Control', 'no-store').type('application/json').send(JSON.stringify({ errors: [{ message, extensions: { code: 'QUERY_TOO_COMPLEX' } }] }));
}

export function createGraphQLRouter({ apollo, admission, services, authenticate, cache }: Deps): Router {
  const router = Router();

  async function handle(req: Request, res: Response) {
    const facts = (req as GraphQLHttpRequest).graphql;
    if (facts?.bodyError) throw facts.bodyError;
    const principal = await authenticate(req.headers.authorization);
    if (!principal) return sendUnauthorized(res);

    const isGet = req.method === 'GET' || req.method === 'HEAD';
    let body: unknown;
    if (!isGet) {
      if (req.body === undefined) {
        throw new AppError(400, 'INVALID_PARAMETER', 'send the query as JSON ({"query": ...}), or as a raw GraphQL document (text/plain or application/graphql)');
      }
      body = typeof req.body === 'string' ? { query: req.body } : req.body;
    }
    const search = isGet && req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    const fields = (isGet ? req.query : body) as Record<string, unknown> | null | undefined;
    const request = [fields?.query, fields?.variables, fields?.operationName];
    // The fast path's key names the caller and the request as sent: never shared between callers.
    const key = typeof request[0] === 'string' ? (facts?.cacheKey ?? null) : null;

    // Admission before Apollo parses or validates: bounded documents, bounded cost.
    const admitted =
      typeof request[0] === 'string'
        ? admission.admit(request[0], typeof request[2] === 'string' ? request[2] : null, variablesOf(request[1]) ?? {}, principal)
        : ({ ok: 'syntax' } as const);
    if (admitted.ok === false) return sendRefusal(res, admitted.message);

    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    if (!isGet) headers.set('content-type', 'application/json');
    const execute = () =>
      services.releases.consistent(async () => {
        const context = createContext(services, principal, performance.now() + EXECUTION_BUDGET_MS);
        if (admitted.ok === true) context.cost = admitted.cost;
        const response = await apollo.executeHTTPGraphQLRequest({
          httpGraphQLRequest: { method: isGet ? 'GET' : 'POST', headers, search, body },
          context: async () => context,
        });
        return { context, response };
      });
    // Expensive queries take turns, so a burst of them cannot hold the event loop from cheap ones.
    const outcome = admitted.ok === true && admitted.expensive ? await admission.gate.run(execute) : await execute();
    if (!outcome) return sendRefusal(res, 'too many expensive queries are waiting; retry shortly or ask for less');
    const { context, response } = outcome;
    if (response.body.kind !== 'complete') throw new Error('incremental delivery is not supported');

    let status = response.status ?? 200;
    if (status !== 200 && isQueryLevelFailure(response.body.string)) status = 200;
    const contentType = response.headers.get('content-type') ?? 'application/json; charset=utf-8';
    const entry = cachedResponse(response.body.string, contentType, 'private, no-cache');
    if (status >= 400 && status < 500) throw transportProblem(status, response.body.string, response.headers.get('allow'));
    if (status !== 200) {
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.status(status).set('Cache-Control', 'no-store').send(response.body.string);
      return;
    }
    if (key && context.outcome.hadErrors === false && !context.outcome.volatile) cache.set(key, entry);
    sendCached(req, res, entry);
  }

  for (const path of GRAPHQL_PATHS) {
    router.get(path, handle);
    router.post(path, jsonBody, rawBody, handle);
    router.all(path, () => {
      throw new AppError(405, 'METHOD_NOT_ALLOWED', 'GraphQL takes GET or POST', undefined, { Allow: 'GET, POST' });
    });
  }
  return router;
}
