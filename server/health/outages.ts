// Database outages, logged as changes of state: one line when the database goes away (with the
// cause), one when it is back (how long it was away, how many requests got a 503). The requests
// in between are counted here by cause (/metrics) and written to the access log as any request is;
// an expected fault (a restart, a busy or read-only file) is never logged once per request.
//
// Whether it is back is asked of the health's own probe (database-health.ts, pg-health.ts) while
// an outage lasts: back once the probe finds no problem and no request has met a fault since the
// previous look, so a fault that comes and goes (a busy file) is one outage, not a line a second.
import type { Logger } from 'pino';
import type { DatabaseFaults } from '../errors.ts';
import type { DatabaseHealth } from './health.ts';

/** How often an outage asks whether the database is back. */
const CHECK_EVERY_MS = 250;

export interface OutageLog extends DatabaseFaults {
  /** Requests that met a database fault since start, by cause. */
  readonly faults: ReadonlyMap<string, number>;
  /** Whether an outage is going on now. */
  readonly down: boolean;
  close(): void;
}

export function createOutageLog(source: DatabaseHealth, logger: Logger, now: () => number = performance.now.bind(performance)): OutageLog {
  const faults = new Map<string, number>();
  let outage: { since: number; refused: number; faultSinceCheck: boolean; timer: NodeJS.Timeout } | undefined;
  let checking = false;

  async function check(): Promise<void> {
    if (!outage || checking) return;
    checking = true;
    try {
      const faultSeen = outage.faultSinceCheck;
      outage.faultSinceCheck = false;
      const problems = await source.problems();
      if (!outage || problems.length > 0 || faultSeen) return;
      clearInterval(outage.timer);
      logger.info({ downSeconds: Math.round((now() - outage.since) / 100) / 10, refusedRequests: outage.refused }, 'database available again');
      outage = undefined;
    } catch {
      // The probe itself failed: still away.
    } finally {
      checking = false;
    }
  }

  return {
    faults,
    get down() {
      return outage !== undefined;
    },
    failed(error) {
      const fault = source.failed(error);
      if (!fault) return null;
      const cause = source.causeOf(error);
      faults.set(cause, (faults.get(cause) ?? 0) + 1);
      if (outage) {
        outage.refused++;
        outage.faultSinceCheck = true;
      } else {
        logger.warn({ cause, problem: fault.message }, 'database unavailable: answering 503 until it is back');
        const timer = setInterval(() => void check(), CHECK_EVERY_MS);
        timer.unref();
        outage = { since: now(), refused: 1, faultSinceCheck: true, timer };
      }
      return fault;
    },
    close() {
      if (outage) clearInterval(outage.timer);
      outage = undefined;
    },
  };
}
