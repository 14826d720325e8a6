// GraphQL over HTTP as both of its readers see it: the fast path before Express
// (http/graphql-fast-path.ts) and the GraphQL router behind it (graphql.router.ts). Where the
// endpoint is, how large a body may be, what a raw GraphQL body is, and what the fast path leaves
// on a request for the router.
import type { IncomingMessage } from 'node:http';
import type { AppError } from '../errors.ts';

export const GRAPHQL_PATHS = ['/', '/graphql'];

/** The largest GraphQL body accepted (413 beyond). */
export const MAX_GRAPHQL_BODY_BYTES = 1024 * 1024;

/** Content types of a raw GraphQL document as the body (no content type counts too). */
export const RAW_GRAPHQL = /^(text\/plain|application\/graphql)\b/i;

/** What the fast path found out about a GraphQL request, for the router. */
export interface GraphQLRequestFacts {
  /** The response-cache key of this exact request, or null when it must not be cached. */
  cacheKey: string | null;
  /** A body that could not be read or parsed: the router answers with it. */
  bodyError?: AppError;
}

export type GraphQLHttpRequest = IncomingMessage & { body?: unknown; graphql?: GraphQLRequestFacts };
