// GraphQL errors: the contract's `extensions.code` values, and the mapping of the shared AppError.
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { AppError, type DatabaseFaults } from '../errors.ts';

export type GraphQLCode =
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'QUERY_TOO_COMPLEX'
  | 'INTERNAL_SERVER_ERROR';

/** Errors that belong to the query, not the transport: answered with HTTP 200 (contract §6). */
export const QUERY_LEVEL_CODES = new Set<string>(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'QUERY_TOO_COMPLEX']);

export const graphQLError = (message: string, code: GraphQLCode) => new GraphQLError(message, { extensions: { code } });
export const badUserInput = (message: string) => graphQLError(message, 'BAD_USER_INPUT');

function codeOf(error: AppError): GraphQLCode {
  if (error.code === 'INVALID_VERSION' || error.code === 'INVALID_PARAMETER') return 'BAD_USER_INPUT';
  if (error.code === 'RELEASE_NOT_FOUND' || error.code === 'NOT_FOUND') return 'NOT_FOUND';
  return 'INTERNAL_SERVER_ERROR';
}

const APOLLO_CODES: Record<string, GraphQLCode> = { OPERATION_RESOLUTION_FAILURE: 'BAD_USER_INPUT', PERSISTED_QUERY_NOT_SUPPORTED: 'BAD_USER_INPUT' };

/** Apollo's formatError: shared errors get their code; unexpected ones are logged and masked. */
export function formatError(logger: Logger, database: DatabaseFaults) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = error instanceof GraphQLError ? error.originalError : error;
    // An unreadable or unwritable database: said as such (and remembered for readiness), not
    // masked; logged once per outage, not per request (health/outages.ts).
    const fault = database.failed(original);
    if (fault) {
      return { message: fault.message, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
    if (original instanceof AppError) {
      return { ...formatted, message: original.message, extensions: { code: codeOf(original) } };
    }
    // Bad variable values come back as errors without a path (not from a resolver) and without a
    // code, caused by nothing or by a scalar's own GraphQLError; Apollo would label them
    // INTERNAL_SERVER_ERROR, but they are the caller's input.
    const requestLevel = error instanceof GraphQLError && !error.path && !error.extensions?.code;
    if (requestLevel && (!error.originalError || error.originalError instanceof GraphQLError)) {
      return { message: formatted.message, locations: formatted.locations, extensions: { code: 'BAD_USER_INPUT' } };
    }
    const code = String(formatted.extensions?.code ?? 'INTERNAL_SERVER_ERROR');
    if (code === 'INTERNAL_SERVER_ERROR' && !(original instanceof GraphQLError && original.extensions?.code)) {
      logger.error({ err: original ?? formatted }, 'graphql resolver error');
      return { message: 'internal server error', path: formatted.path, extensions: { code } };
    }
    const { stacktrace: _stack, http: _http, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions: { ...extensions, code: APOLLO_CODES[code] ?? code } };
  };
}
