// `iconmeta admin <command>` (`npm run admin -- <command>`): the operator CLI (admin-program.ts) on the configured database.
import { CommanderError } from 'commander';
import { existsSync } from 'node:fs';
import { connect, migrateDatabase, openDatabase } from '../db/client.ts';
import { sqliteDatabase } from '../db/database.ts';
import { integrityProblems, type IntegrityLevel } from '../db/integrity.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { AppError } from '../server/errors.ts';
import { adminServices, buildAdminProgram, type AdminServices } from './admin-program.ts';

let opened: AdminServices | undefined;
function services(): AdminServices {
  if (!opened) {
    const config = loadConfig();
    const db = openDatabase(config.databasePath, { createDirectory: config.databaseCreateDirectory });
    migrateDatabase(db);
    opened = adminServices(sqliteDatabase(db), config.accessTokenTtlSeconds);
  }
  return opened;
}

function checkDatabase(level: IntegrityLevel): string[] {
  const file = loadConfig().databasePath;
  if (!existsSync(file)) throw new AppError(400, 'INVALID_PARAMETER', `no database file at ${file}`);
  const sqlite = connect(file, { readonly: true });
  try {
    return integrityProblems(sqlite, level);
  } finally {
    sqlite.close();
  }
}

/** Runs `admin <args>`; resolves to the exit code (0 done, 1 failed, 2 usage or bad input). */
export async function runAdminCli(args: string[]): Promise<number> {
  try {
    await buildAdminProgram({ services, checkDatabase, print: (line) => console.log(line) }).parseAsync(args, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`admin: invalid configuration: ${problem}`);
      return 2;
    }
    // Bad input found past argument parsing (unknown kit, invalid SVG, duplicate): a usage error.
    const usage = error instanceof AppError && error.status < 500;
    console.error(`admin: ${(error as Error).message}`);
    return usage ? 2 : 1;
  }
}

if (import.meta.main) void runAdminCli(process.argv.slice(2)).then((code) => (process.exitCode = code));
