// Which database the suite runs on: TEST_DATABASE=sqlite (the default) or postgres. Tests about
// SQLite itself (its file, WAL, the single executable's file) skip on PostgreSQL with a reason.
import type { Dialect } from '../db/database.ts';

function selectedDialect(value = process.env.TEST_DATABASE ?? 'sqlite'): Dialect {
  if (value === 'sqlite' || value === 'postgres') return value;
  throw new Error(`TEST_DATABASE must be sqlite or postgres, not ${JSON.stringify(value)}`);
}

export const testDialect: Dialect = selectedDialect();
export const onPostgres = testDialect === 'postgres';

/** Skips the calling test or hook on PostgreSQL; `reason` says why it is SQLite's alone. */
export function sqliteOnly(context: Mocha.Context, reason: string): void {
  if (!onPostgres) return;
  context.test!.title += ` (SQLite only: ${reason})`;
  context.skip();
}

/** Whether server/main.ts takes DATABASE_URL yet (the PostgreSQL server runtime, branch pg-server). */
const SERVER_RUNS_ON_POSTGRES = true;

/** Skips a test that starts the server process, on PostgreSQL while the server cannot run there. */
export function serverProcess(context: Mocha.Context): void {
  if (!onPostgres || SERVER_RUNS_ON_POSTGRES) return;
  context.test!.title += ' (skipped on PostgreSQL: server/main.ts does not take DATABASE_URL yet)';
  context.skip();
}

/** `describe` for a suite about SQLite itself: skipped on PostgreSQL, its title saying why. */
export const describeSqliteOnly = (reason: string) =>
  onPostgres ? (title: string, suite: (this: Mocha.Suite) => void) => describe.skip(`${title} (SQLite only: ${reason})`, suite) : describe;
