// The only process entry, and the one executable's command tree (the same for `node server/main.ts`,
// the npm scripts and dist/iconmeta): `serve` (the default), `seed ...`, `admin ...`, `mcp`, `--version`.
// A start-up problem is one line on stderr and a distinct exit code; nothing was served or written.
import { existsSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { isSea } from 'node:sea';
import pkg from '../package.json' with { type: 'json' };
import { DatabaseUnusableError } from '../db/integrity.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger, exitOnCrash } from './logger.ts';
import { holdTickObjectShape } from './tick-shape.ts';

/** Exit codes a supervisor can tell apart (systemd's RestartPreventExitStatus=). */
export const EXIT = { failed: 1, usage: 2, configuration: 2, database: 3, listen: 4 } as const;

function fail(line: string, code: number): number {
  console.error(`iconmeta: ${line}`);
  return code;
}

// V8's compiled code of the modules loaded below (the server's, Apollo's, GraphQL's, ...) is kept
// on disk (the system's temporary folder) and reused by the next start of the same files: `npm
// start` on every open set reached its first icon data in 1.73 s instead of 1.99 (the executable
// carries its own code cache instead).
if (!isSea()) enableCompileCache();

async function runServe(): Promise<number> {
  // Before the first major collection, which start-up's loading makes within a second.
  holdTickObjectShape();
  // Each command loads only what it runs: the CLIs start without the server's modules.
  const { ListenError, serve } = await import('./serve.ts');
  try {
    const config = loadConfig();
    const logger = createLogger(config.logLevel);
    exitOnCrash(logger, EXIT.failed);
    await serve(config, logger);
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`iconmeta: invalid configuration: ${problem}`);
      return EXIT.configuration;
    }
    if (error instanceof DatabaseUnusableError) return fail(error.message, EXIT.database);
    if (error instanceof ListenError) return fail(error.message, EXIT.listen);
    throw error;
  }
}

/** The command tree; commander is loaded only for a command line that needs parsing. */
export async function buildProgram() {
  const { Command } = await import('commander');
  const program = new Command('iconmeta')
    .description(pkg.description)
    .version(pkg.version, '-v, --version')
    .exitOverride()
    .showHelpAfterError();
  // serve's result is handed back through this variable: commander's actions return nothing.
  program
    .command('serve', { isDefault: true })
    .description('serve the API (the default): migrate, import the default releases into an empty database, listen')
    .action(async () => {
      program.setOptionValue('exitCode', await runServe());
    });
  // Listed for --help; run by runCli before commander parses, with their own options and help.
  program.command('seed').description('import, list, check and remove releases (iconmeta seed --help)').argument('[command...]');
  program.command('admin').description('accounts, API tokens, kits, uploads, database checks (iconmeta admin --help)').argument('[command...]');
  program.command('mcp').description('serve MCP (Model Context Protocol) on stdin and stdout, for AI agents; logs on stderr');
  return program;
}

/** Runs the command line (without the executable's own arguments); resolves to the exit code. */
export async function runCli(args: string[]): Promise<number> {
  // Settings in ./.env apply to every command; the environment wins over the file.
  if (existsSync('.env')) process.loadEnvFile('.env');
  if (args[0] === 'seed') return (await import('../seeds/cli.ts')).runSeedCli(args.slice(1));
  if (args[0] === 'admin') return (await import('../scripts/admin.ts')).runAdminCli(args.slice(1));
  if (args.length === 1 && args[0] === 'mcp') return (await import('./mcp/stdio.ts')).runMcpStdio();
  // The plain start, as npm start and the systemd unit run it, has nothing to parse.
  if (args.length === 0 || (args.length === 1 && args[0] === 'serve')) return runServe();
  const { CommanderError } = await import('commander');
  const program = await buildProgram();
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT.usage;
    throw error;
  }
  return (program.getOptionValue('exitCode') as number | undefined) ?? 0;
}

// dist/iconmeta runs this module as its main (scripts/sea-prelude.cjs sets the flag).
if (import.meta.main || (globalThis as { iconmetaExecutable?: boolean }).iconmetaExecutable) {
  void runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
