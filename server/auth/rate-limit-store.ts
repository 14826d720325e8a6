// An express-rate-limit store over the database (rate-limit.repo.ts): processes that share the
// database share the counts, so N processes behind a load balancer allow a client the configured
// number of failed token exchanges, not N times it; and a restart forgets nothing.
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { RateLimitRepo } from './rate-limit.repo.ts';

/** Expired counters are deleted once every this many hits. */
const PRUNE_EVERY = 100;

/** `name` keeps this limiter's counters apart from any other's in the table (`<name>:<client>`). */
export function createDatabaseStore(repo: RateLimitRepo, name: string, now: () => number = Date.now): Store {
  let windowMs = 60_000;
  let hits = 0;
  const prefix = `${name}:`;
  const info = (count: { hits: number; resetAt: number }): ClientRateLimitInfo => ({ totalHits: count.hits, resetTime: new Date(count.resetAt) });
  return {
    // Not local: another process's store counts the same keys (express-rate-limit's double-count check).
    localKeys: false,
    prefix,
    init(options: Options) {
      windowMs = options.windowMs;
    },
    async increment(key) {
      if (++hits % PRUNE_EVERY === 0) await repo.prune(now());
      return info(await repo.hit(prefix + key, now(), windowMs));
    },
    decrement: (key) => repo.unhit(prefix + key, now()),
    resetKey: (key) => repo.reset(prefix + key),
    async get(key) {
      const count = await repo.get(prefix + key);
      return count && count.resetAt > now() ? info(count) : undefined;
    },
  };
}
