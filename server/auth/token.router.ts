// POST /token (contract §5): an API token in the Authorization header -> an access token. Any
// body is ignored (never parsed). Failed exchanges are limited per client (behind trusted proxies,
// the address they forward: one client's failures never lock out another), counted in the database
// so that processes sharing it (replicas behind a load balancer) count them together
// (failure-limit.ts: only a rejected token counts, never a fault of the server's).
import { Router } from 'express';
import { AppError, sendProblem, sendUnauthorized } from '../errors.ts';
import type { AuthService } from './auth.service.ts';
import type { FailureLimit } from './failure-limit.ts';

export function createTokenRouter(auth: AuthService, failures: FailureLimit): Router {
  const router = Router();
  router.post('/token', async (req, res) => {
    const retryAfter = await failures.retryAfter(req);
    if (retryAfter > 0) {
      return sendProblem(res, new AppError(429, 'RATE_LIMITED', 'too many failed token requests from this client', undefined, { 'Retry-After': String(retryAfter) }));
    }
    // A database fault throws here: a 503 (errors.ts), and nothing counted.
    const token = await auth.exchange(req.headers.authorization);
    if (!token) {
      await failures.failed(req);
      return sendUnauthorized(res);
    }
    res.set('Cache-Control', 'no-store').json(token);
  });
  router.all('/token', () => {
    throw new AppError(405, 'METHOD_NOT_ALLOWED', 'the token endpoint takes POST', undefined, { Allow: 'POST' });
  });
  return router;
}
