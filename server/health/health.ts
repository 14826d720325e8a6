// What every dialect's health answers: readiness's reasons, and the 503 for a request that met a
// database fault. SQLite's (database-health.ts) also tracks damage to its file; PostgreSQL's
// (pg-health.ts) tracks whether the server can be reached.
import type { Database } from '../../db/database.ts';
import type { DatabaseFaults } from '../errors.ts';
import { createDatabaseHealth } from './database-health.ts';
import { createPgHealth } from './pg-health.ts';

export interface DatabaseHealth extends DatabaseFaults {
  /** Every reason the database cannot serve reads and writes now ([] when it can). */
  problems(): string[] | Promise<string[]>;
  /** A short label for the kind of database fault `error` is (outages.ts, /metrics). */
  causeOf(error: unknown): string;
}

export const healthOf = (database: Database): DatabaseHealth => (database.sqlite ? createDatabaseHealth(database.sqlite) : createPgHealth(database.pg!));
