// The limit on failed token exchanges per client (contract §5: 429 with Retry-After). Only the
// client's failures count: an exchange is checked against the count first (one read), and only a
// rejected token (401) adds to it (one write). A successful exchange writes nothing, and a server
// fault (a 5xx, a database that is away) counts nothing, so a database restart can never lock a
// valid client out. The counts live in the database (rate-limit.repo.ts), so every process sharing
// it counts the same failures. When they cannot be read or written, the exchange goes on as if
// uncounted: the database's fault is the database's, never a lockout.
//
// Checked before counted: failures in flight at one moment are each checked before any of them is
// counted, so a burst of simultaneous bad tokens may pass the limit by the burst's size, once; the
// requests after it are refused until the window ends.
import { ipKeyGenerator } from 'express-rate-limit';
import type { Request } from 'express';
import type { ClientAddress } from '../http/client-address.ts';
import type { RateLimitRepo } from './rate-limit.repo.ts';

export interface FailureLimitOptions {
  /** Failed exchanges allowed per client and window; the next is refused. */
  limit: number;
  windowSeconds: number;
  clientAddress: ClientAddress;
  repo: RateLimitRepo;
  /** Told of the first store error after the counts last worked (one a spell, not one a request). */
  onStoreError(error: unknown): void;
  now?: () => number;
}

/** Keeps these counters apart from any other's in the table. */
const PREFIX = 'token-failures:';
/** Expired counters are deleted once every this many counted failures. */
const PRUNE_EVERY = 100;

export function createFailureLimit(options: FailureLimitOptions) {
  const now = options.now ?? Date.now;
  const windowMs = options.windowSeconds * 1000;
  // IPv6 clients are counted per /56 (one client holds many addresses).
  const keyOf = (req: Request) => PREFIX + ipKeyGenerator(options.clientAddress(req));
  let storeFailed = false;
  let counted = 0;

  /** Runs a read or write of the counts; on a store error, says so once and answers `fallback`. */
  async function guarded<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      const result = await work();
      storeFailed = false;
      return result;
    } catch (error) {
      if (!storeFailed) options.onStoreError(error);
      storeFailed = true;
      return fallback;
    }
  }

  return {
    /** Seconds the client must wait before another exchange, or 0 when it may try now. */
    async retryAfter(req: Request): Promise<number> {
      const count = await guarded(() => options.repo.get(keyOf(req)), undefined);
      const at = now();
      if (!count || count.resetAt <= at || count.hits < options.limit) return 0;
      return Math.max(1, Math.ceil((count.resetAt - at) / 1000));
    },

    /** Counts one rejected token of the client. */
    async failed(req: Request): Promise<void> {
      await guarded(async () => {
        if (++counted % PRUNE_EVERY === 0) await options.repo.prune(now());
        await options.repo.hit(keyOf(req), now(), windowMs);
      }, undefined);
    },
  };
}

export type FailureLimit = ReturnType<typeof createFailureLimit>;
