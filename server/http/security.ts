// Cross-cutting headers: helmet tuned for a JSON API with one small landing page, and CORS as
// contract.md §1 fixes it (any origin, no credentials).
import type { RequestHandler } from 'express';
import cors from 'cors';
import helmet from 'helmet';

// Tuned for a JSON API: no framing, no sniffing, no referrer, a CSP that allows only the landing
// page's inline style. Off: HSTS (TLS, where there is any, ends at the operator's proxy, which
// owns that header) and headers that only concern HTML documents or old browsers.
export const securityHeaders: RequestHandler = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], imgSrc: ['data:'], frameAncestors: ["'none'"] },
  },
  // The data is meant to be read from other origins.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  xFrameOptions: { action: 'deny' },
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
