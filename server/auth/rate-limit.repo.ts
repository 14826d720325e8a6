// SQL for counters of failed token exchanges per client (db/schema.ts, rate_limits), kept in the
// database so that every process serving it counts the same failures. Every function answers with
// a promise (see auth.repo.ts).
import { eq, lte, sql } from 'drizzle-orm';
import { first, type Database } from '../../db/database.ts';

export interface RateLimitCount {
  hits: number;
  /** When the window ends, in milliseconds since the epoch. */
  resetAt: number;
}

export function createRateLimitRepo({ db, t }: Database) {
  return {
    /**
     * Counts one hit for `key` in one statement (so processes counting at once never lose a hit):
     * a window that has ended starts again at 1.
     */
    hit: async (key: string, now: number, windowMs: number): Promise<RateLimitCount> => {
      const expired = sql`${t.rateLimits.resetAt} <= ${now}`;
      const [count] = await db
        .insert(t.rateLimits)
        .values({ key, hits: 1, resetAt: now + windowMs })
        .onConflictDoUpdate({
          target: t.rateLimits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${t.rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${expired} then ${now + windowMs} else ${t.rateLimits.resetAt} end`,
          },
        })
        .returning({ hits: t.rateLimits.hits, resetAt: t.rateLimits.resetAt });
      return count!;
    },
    get: async (key: string): Promise<RateLimitCount | undefined> =>
      first(await db.select({ hits: t.rateLimits.hits, resetAt: t.rateLimits.resetAt }).from(t.rateLimits).where(eq(t.rateLimits.key, key))),
    /** Deletes the counters whose window has ended (nothing reads them again). */
    prune: async (now: number): Promise<void> => void (await db.delete(t.rateLimits).where(lte(t.rateLimits.resetAt, now))),
  };
}

export type RateLimitRepo = ReturnType<typeof createRateLimitRepo>;
