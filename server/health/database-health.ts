// Whether the database can be read and written, as /readyz reports it and as failing requests are
// answered. Three sources: an integrity check (at start, then on a slow timer in a child process,
// see integrity-check.ts), a write probe when readiness is asked, and the SQLite errors requests
// meet. A request that meets an unreadable or unwritable database is a 503 with Retry-After and
// the reason, never a 500; reads that do not touch the damage keep working.
import { accessSync, constants, statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from '../../db/client.ts';
import { forgetVerified } from '../../db/verified-stamp.ts';
import { AppError } from '../errors.ts';

/** Below this much free space on the database's file system, writes are expected to fail. */
const MIN_FREE_BYTES = 4 * 1024 * 1024;
/** Readiness probes the file at most this often. */
const PROBE_INTERVAL_MS = 1000;
/** What a client is told to wait: these faults need an operator, not a quick retry. */
const RETRY_AFTER_SECONDS = 60;
/** A file locked by another process (an import, a backup) is free again within seconds. */
const BUSY_RETRY_AFTER_SECONDS = 2;

type Fault = 'unreadable' | 'unwritable' | 'busy';
type SqliteError = InstanceType<typeof Database.SqliteError>;

const READ_CODES = /^SQLITE_(CORRUPT|NOTADB)/;
const WRITE_CODES = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|PERM)/;
// Another connection held the lock for longer than busy_timeout (db/client.ts).
const BUSY_CODES = /^SQLITE_(BUSY|LOCKED)/;

function faultOf(error: unknown): Fault | null {
  if (!(error instanceof Database.SqliteError)) return null;
  if (READ_CODES.test(error.code)) return 'unreadable';
  if (WRITE_CODES.test(error.code)) return 'unwritable';
  if (BUSY_CODES.test(error.code)) return 'busy';
  return null;
}

/** The /metrics label of a SQLite fault, from its (extended) result code. */
function causeOf(error: unknown): string {
  const code = (error as SqliteError).code ?? '';
  if (READ_CODES.test(code)) return 'damaged';
  if (BUSY_CODES.test(code)) return 'busy';
  if (code.startsWith('SQLITE_READONLY')) return 'read_only';
  if (code.startsWith('SQLITE_FULL')) return 'disk_full';
  if (code.startsWith('SQLITE_IOERR')) return 'io_error';
  return 'cannot_open';
}

export function createDatabaseHealth(db: Db) {
  const problems: Record<Exclude<Fault, 'busy'>, string | null> = { unreadable: null, unwritable: null };
  const file = db.$client.name;
  const inMemory = file === ':memory:' || file === '';
  // Rolled back at once: it only asks SQLite whether this connection may write.
  const probeInsert = db.$client.prepare("insert into data_changes (scope) values ('probe')");
  let probedAt = -Infinity;

  /** Why the file cannot take writes now (null: it can), checked on the file and by SQLite itself. */
  function writeProblem(): string | null {
    if (!inMemory) {
      try {
        accessSync(file, constants.W_OK);
        accessSync(dirname(file), constants.W_OK); // SQLite writes its -wal and -shm files beside it
      } catch (error) {
        return `the database file ${file} cannot be written: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
      }
      const fs = statfsSync(dirname(file));
      const free = fs.bavail * fs.bsize;
      if (free < MIN_FREE_BYTES) return `the disk holding ${file} is full (${Math.floor(free / 1024)} KiB free)`;
    }
    if (db.$client.inTransaction) return null; // a request's own transaction is writing: it can
    // Never wait for the write lock here (the connection's busy_timeout would hold the event loop
    // while another process imports): a lock held elsewhere means writes happen, which is the answer.
    const busyTimeout = db.$client.pragma('busy_timeout', { simple: true }) as number;
    db.$client.pragma('busy_timeout = 0');
    try {
      db.$client.transaction(() => {
        probeInsert.run();
        throw ROLLBACK;
      })();
    } catch (error) {
      if (error !== ROLLBACK && !(error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY'))) {
        const fault = faultOf(error);
        if (fault === 'unwritable') return describe(error);
        if (fault === 'unreadable') damaged(describe(error));
      }
    } finally {
      db.$client.pragma(`busy_timeout = ${busyTimeout}`);
    }
    return null;
  }

  /** Damage found: remembered for readiness, and the next start must check the whole file again. */
  function damaged(reason: string): void {
    problems.unreadable ??= reason;
    if (!inMemory) forgetVerified(file);
  }

  function describe(error: unknown): string {
    const e = error as SqliteError;
    return faultOf(e) === 'unreadable' ? `the database file is damaged: ${e.message} (${e.code})` : `the database cannot be written: ${e.message} (${e.code})`;
  }

  return {
    causeOf,

    /** Readiness: every reason the database cannot serve reads and writes now ([] when it can). */
    problems(): string[] {
      const now = performance.now();
      if (now - probedAt >= PROBE_INTERVAL_MS) {
        probedAt = now;
        problems.unwritable = writeProblem();
      }
      return [problems.unreadable, problems.unwritable].filter((p): p is string => p !== null);
    },

    /** The result of an integrity check of the whole file ([] = sound). */
    integrityChecked(found: string[]): void {
      problems.unreadable = null;
      if (found.length > 0) damaged(`the database file is damaged: ${found[0]}${found.length > 1 ? ` (and ${found.length - 1} more problems)` : ''}`);
    },

    /** Whether this run met damage in the file (and has not seen a sound check since). */
    damageFound: (): boolean => problems.unreadable !== null,

    /**
     * A request failed with `error`: when it is the database's fault, remember it for readiness and
     * return the 503 to answer with; null for any other error.
     */
    failed(error: unknown): AppError | null {
      const fault = faultOf(error);
      if (!fault) return null;
      // Passing: readiness is not told (its probe never waits for the lock), the client retries soon.
      if (fault === 'busy') {
        return new AppError(503, 'INTERNAL', `the database is busy: another process holds its lock (${(error as SqliteError).code}); retry later`, undefined, {
          'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
        });
      }
      if (fault === 'unreadable') {
        problems.unreadable = null; // the newest reason
        damaged(describe(error));
      } else problems.unwritable = describe(error);
      if (fault === 'unwritable') probedAt = performance.now(); // trust what the write met until the next probe
      return new AppError(503, 'INTERNAL', `${problems[fault]}; retry later`, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
    },
  };
}

const ROLLBACK = new Error('rollback');

export type DatabaseHealth = ReturnType<typeof createDatabaseHealth>;
