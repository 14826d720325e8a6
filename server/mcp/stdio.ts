// `iconmeta mcp` (`npm run mcp`, `node server/main.ts mcp`): the MCP server over stdio, for agents
// that start it as a child process, on the configured database (PostgreSQL when DATABASE_URL is
// set, else the SQLite file), prepared as `serve` prepares it. Standard output carries JSON-RPC
// messages only: logs go to standard error.
import pino from 'pino';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { seedDefaultsIfEmpty, syncFontAwesomeSetsAtStart } from '../../seeds/defaults.ts';
import { openConfiguredDatabase } from '../../scripts/configured-database.ts';
import { createApp } from '../app.ts';
import { ConfigError } from '../config.ts';

/** Serves MCP on stdin and stdout until stdin ends or a signal; resolves to the exit code. */
export async function runMcpStdio(): Promise<number> {
  let opened;
  try {
    opened = await openConfiguredDatabase();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(`iconmeta mcp: invalid configuration: ${problem}`);
    return 2;
  }
  const { config, database } = opened;
  const logger = pino({ level: config.logLevel, base: { command: 'mcp' } }, pino.destination({ fd: 2, sync: false }));
  if (config.seedDefaults) await seedDefaultsIfEmpty(database, logger);
  await syncFontAwesomeSetsAtStart(database, logger);
  const built = createApp({ database, config: { ...config, accessLog: false }, logger });
  await built.releases.refresh();
  const server = (await built.mcp()).createServer();
  const transport = new StdioServerTransport();
  await server.connect(transport);
  logger.info('serving MCP on stdio');
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await server.close();
  await built.close();
  await database.close();
  logger.flush();
  return 0;
}
