// `iconmeta admin <command>` (`npm run admin -- <command>`): the operator CLI (admin-program.ts) on
// the configured database: PostgreSQL when DATABASE_URL is set, else the SQLite file at DATABASE_PATH.
import { CommanderError } from 'commander';
import { existsSync } from 'node:fs';
import { connect, openDatabase } from '../db/client.ts';
import { openPgDatabase } from '../db/client.pg.ts';
import type { Database } from '../db/database.ts';
import { integrityProblems, type IntegrityLevel } from '../db/integrity.ts';
import { ConfigError } from '../server/config.ts';
import { AppError } from '../server/errors.ts';
import { adminServices, buildAdminProgram, type AdminDeps, type AdminServices } from './admin-program.ts';
import { configWithoutUrl, databaseUrlOf, openConfiguredDatabase } from './configured-database.ts';
import { copySqliteToPostgres, CopyError } from './db-copy.ts';
import { pgProblems, pgRowCounts } from './db-check.pg.ts';

// Opened on first use and closed when the command ends: a PostgreSQL pool keeps a process alive.
let opened: Promise<{ database: Database; services: AdminServices }> | undefined;
function services(): Promise<AdminServices> {
  opened ??= openConfiguredDatabase().then(({ config, database }) => ({ database, services: adminServices(database, config.accessTokenTtlSeconds) }));
  return opened.then(({ services }) => services);
}
async function closeOpened(): Promise<void> {
  const was = await opened?.catch(() => undefined);
  opened = undefined;
  await was?.database.close();
}

function checkFile(level: IntegrityLevel): string[] {
  const file = configWithoutUrl(process.env).databasePath;
  if (!existsSync(file)) throw new AppError(400, 'INVALID_PARAMETER', `no database file at ${file}`);
  const sqlite = connect(file, { readonly: true });
  try {
    return integrityProblems(sqlite, level);
  } finally {
    sqlite.close();
  }
}

async function copyDatabase(from: string, to: string | undefined, { replace }: { replace: boolean }) {
  const url = to ?? databaseUrlOf(process.env);
  if (url === undefined) throw new AppError(400, 'INVALID_PARAMETER', 'db copy needs --to <postgres url> or DATABASE_URL');
  if (!existsSync(from)) throw new AppError(400, 'INVALID_PARAMETER', `no database file at ${from}`);
  const source = openDatabase(from, { createDirectory: false });
  // Large tables go in many statements; a single one (a truncate with --replace) may take long.
  const target = openPgDatabase(url, { poolSize: 2, statementTimeoutMs: 30 * 60_000 });
  try {
    return await copySqliteToPostgres(source, target, { replace });
  } catch (error) {
    // A refused or mismatched copy: the operator's to act on, named as such (exit 1 still for a mismatch).
    if (error instanceof CopyError && error.tables.length === 0) throw new AppError(400, 'INVALID_PARAMETER', error.message);
    throw error;
  } finally {
    source.$client.close();
    await target.$client.end();
  }
}

function deps(print: (line: string) => void): AdminDeps {
  const url = databaseUrlOf(process.env);
  return {
    services,
    checkDatabase: url === undefined ? checkFile : () => pgProblems(url),
    describeDatabase: url === undefined ? undefined : () => pgRowCounts(url),
    copyDatabase,
    print,
  };
}

/** Runs `admin <args>`; resolves to the exit code (0 done, 1 failed, 2 usage or bad input). */
export async function runAdminCli(args: string[]): Promise<number> {
  try {
    await buildAdminProgram(deps((line) => console.log(line))).parseAsync(args, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`admin: invalid configuration: ${problem}`);
      return 2;
    }
    if (error instanceof CopyError) {
      for (const t of error.tables) console.error(`${t.table}\t${t.source}\t${t.target}\t${t.keysMatch ? 'same' : 'DIFFERENT'}`);
    }
    // Bad input found past argument parsing (unknown kit, invalid SVG, duplicate): a usage error.
    const usage = error instanceof AppError && error.status < 500;
    console.error(`admin: ${(error as Error).message}`);
    return usage ? 2 : 1;
  } finally {
    await closeOpened();
  }
}

if (import.meta.main) void runAdminCli(process.argv.slice(2)).then((code) => (process.exitCode = code));
