// Cross-cutting headers: helmet tuned for a JSON API with one small landing page, and CORS as
// contract.md §1 fixes it (any origin, no credentials).
import type { RequestHandler } from 'express';
import cors from 'cors';
import helmet from 'helmet';

export const securityHeaders: RequestHandler = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], imgSrc: ['data:'], frameAncestors: ["'none'"] },
  },
  // The data is meant to be read from other origins.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
});

export const corsHeaders: RequestHandler = cors({
  origin: '*',
  methods: ['GET', 'POST', 'OPTIONS'],
  allowedHeaders: ['authorization', 'content-type'],
  maxAge: 86400,
  optionsSuccessStatus: 204,
});

/** The headers `middlewares` set on a plain GET, captured once for the fast path to reuse. */
export function captureHeaders(middlewares: RequestHandler[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | string[]) => void (headers[name] = String(value)),
    getHeader: (name: string) => headers[name],
    removeHeader: (name: string) => void delete headers[name],
    get headersSent() {
      return false;
    },
  };
  const req = { method: 'GET', headers: {} };
  for (const middleware of middlewares) {
    let called = false;
    middleware(req as never, res as never, () => void (called = true));
    if (!called) throw new Error('a captured middleware did not call next() synchronously');
  }
  return headers;
}
