// POST /token (contract §5): an API token in the Authorization header -> an access token. Any
// body is ignored (never parsed). Failures are rate-limited per client (behind trusted proxies, the
// address they forward: one client's failures never lock out another), counted in the database so
// that processes sharing it (replicas behind a load balancer) count them together.
import { Router } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { ClientAddress } from '../http/client-address.ts';
import { AppError, sendProblem, sendUnauthorized } from '../errors.ts';
import type { AuthService } from './auth.service.ts';

export interface TokenRouterOptions {
  /** Failed exchanges allowed per client address and window before 429. */
  failureLimit: number;
  failureWindowSeconds: number;
  clientAddress: ClientAddress;
  /** Where failures are counted: the database, so every process serving it counts the same ones. */
  store: Store;
  /** Where the limiter reports a store that failed after the answer was sent (else the console). */
  logger: Logger;
}

export function createTokenRouter(auth: AuthService, options: TokenRouterOptions): Router {
  const router = Router();
  const failures = rateLimit({
    windowMs: options.failureWindowSeconds * 1000,
    limit: options.failureLimit,
    skipSuccessfulRequests: true, // only failed exchanges count
    store: options.store,
    logger: {
      error: (err, message) => options.logger.error({ err }, message ?? 'token failure limit'),
      warn: (err, message) => options.logger.warn({ err }, message ?? 'token failure limit'),
    },
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // IPv6 clients are counted per /56 (one client holds many addresses).
    keyGenerator: (req) => ipKeyGenerator(options.clientAddress(req)),
    // Its checks of X-Forwarded-For and `trust proxy` print stack traces to stderr; the client
    // address (and its one warning, as a log line) is client-address.ts's.
    validate: { xForwardedForHeader: false, trustProxy: false },
    handler: (req, res) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfter = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + options.failureWindowSeconds * 1000) - Date.now()) / 1000));
      sendProblem(res, new AppError(429, 'RATE_LIMITED', 'too many failed token requests from this client', undefined, { 'Retry-After': String(retryAfter) }));
    },
  });

  router.post('/token', failures, async (req, res) => {
    const token = await auth.exchange(req.headers.authorization);
    if (!token) return sendUnauthorized(res);
    res.set('Cache-Control', 'no-store').json(token);
  });
  router.all('/token', () => {
    throw new AppError(405, 'METHOD_NOT_ALLOWED', 'the token endpoint takes POST', undefined, { Allow: 'POST' });
  });
  return router;
}
