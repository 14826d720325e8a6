// One error model: services throw AppError; REST turns it into RFC 9457 problem details here, and
// GraphQL maps the same errors to `extensions.code`.
import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';

export type ProblemCode =
  | 'INVALID_PARAMETER'
  | 'INVALID_VERSION'
  | 'RELEASE_NOT_FOUND'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'INTERNAL';

export interface InvalidParam {
  name: string;
  reason: string;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export class AppError extends Error {
  // Plain fields, not parameter properties: Node runs this file with type stripping.
  readonly status: number;
  readonly code: ProblemCode;
  readonly invalidParams?: InvalidParam[];
  readonly headers: Record<string, string>;
  constructor(status: number, code: ProblemCode, message: string, invalidParams?: InvalidParam[], headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.invalidParams = invalidParams;
    this.headers = headers;
  }
}

export const notFound = (detail: string) => new AppError(404, 'NOT_FOUND', detail);

/** The RFC 9457 body of an error. */
export function problemJson(error: AppError): string {
  const body: Record<string, unknown> = {
    type: 'about:blank',
    title: TITLES[error.status] ?? 'Error',
    status: error.status,
    detail: error.message,
    code: error.code,
  };
  if (error.invalidParams) body.invalidParams = error.invalidParams;
  return JSON.stringify(body);
}

export function sendProblem(res: Response, error: AppError): void {
  res
    .status(error.status)
    .set({ ...error.headers, 'Cache-Control': 'no-store', 'Content-Type': 'application/problem+json' })
    .send(problemJson(error));
}

/** Maps errors thrown by Express itself (body parser, etc.) to AppError; anything else is a 500. */
function toAppError(error: any): AppError | null {
  if (error instanceof AppError) return error;
  if (error?.type === 'entity.too.large') return new AppError(413, 'PAYLOAD_TOO_LARGE', 'the request body is too large');
  if (typeof error?.status === 'number' && error.status >= 400 && error.status < 500) {
    return new AppError(error.status, error.status === 404 ? 'NOT_FOUND' : 'INVALID_PARAMETER', error.expose ? error.message : 'bad request');
  }
  return null;
}

/** Turns the errors of an unreadable or unwritable database into the 503 to answer (database-health.ts). */
export interface DatabaseFaults {
  failed(error: unknown): AppError | null;
}

export function errorHandler(logger: Logger, database: DatabaseFaults): ErrorRequestHandler {
  return (error, req, res, _next) => {
    // A database fault is logged once per outage, not per request (health/outages.ts).
    const fault = database.failed(error);
    const known = fault ?? toAppError(error);
    if (!known) logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    if (res.headersSent) return res.destroy();
    sendProblem(res, known ?? new AppError(500, 'INTERNAL', 'an internal error occurred'));
  };
}

/** The token endpoint's and GraphQL's 401 (contract §5): deployed clients compare the body literally. */
export function sendUnauthorized(res: Response): void {
  res
    .status(401)
    .set({ 'Cache-Control': 'no-store', 'WWW-Authenticate': 'Bearer error="invalid_token"', 'Content-Type': 'text/plain; charset=utf-8' })
    .send('unauthorized');
}
