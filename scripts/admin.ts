// `npm run admin -- <command>`: the operator CLI (admin-program.ts) on the configured database.
import { CommanderError } from 'commander';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { loadConfig } from '../server/config.ts';
import { AppError } from '../server/errors.ts';
import { adminServices, buildAdminProgram, type AdminServices } from './admin-program.ts';

let opened: AdminServices | undefined;
function services(): AdminServices {
  if (!opened) {
    const config = loadConfig();
    const db = openDatabase(config.databasePath);
    migrateDatabase(db);
    opened = adminServices(db, config.accessTokenTtlSeconds);
  }
  return opened;
}

try {
  await buildAdminProgram({ services, print: (line) => console.log(line) }).parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  // Bad input found past argument parsing (unknown kit, invalid SVG, duplicate): a usage error.
  const usage = error instanceof AppError && error.status < 500;
  console.error(`admin: ${(error as Error).message}`);
  process.exit(usage ? 2 : 1);
}
