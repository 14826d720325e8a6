// The only process entry: configuration, database, migrations, default data, listen, shutdown.
import { createServer } from 'node:http';
import { migrateDatabase, openDatabase, type Db } from '../db/client.ts';
import { DatabaseUnusableError } from '../db/integrity.ts';
import { seedDefaultsIfEmpty } from '../seeds/defaults.ts';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';

const config = loadConfig();
const logger = createLogger(config.logLevel);
let db: Db;
try {
  db = openDatabase(config.databasePath);
} catch (error) {
  if (!(error instanceof DatabaseUnusableError)) throw error;
  // One line an operator can act on, and a distinct exit code for supervisors: nothing was served or written.
  console.error(`iconmeta: ${error.message}`);
  process.exit(3);
}
migrateDatabase(db);
if (config.seedDefaults) await seedDefaultsIfEmpty(db, logger);

const { handler, close } = createApp({ db, config, logger });
// Node answers 431 past 16 KiB of headers; slow clients cannot hold a request open for long.
const server = createServer({ maxHeaderSize: 16 * 1024, requestTimeout: config.requestTimeoutMs, headersTimeout: 10_000 }, handler);
server.keepAliveTimeout = 5_000;
server.maxHeadersCount = 100;
server.listen(config.port, config.host, () => {
  logger.info({ url: `http://${config.host}:${config.port}/`, database: config.databasePath }, 'iconmeta listening');
});

/**
 * SIGTERM/SIGINT: stop accepting connections, let requests in flight finish (at most
 * SHUTDOWN_TIMEOUT_MS), then close the database and exit.
 */
let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: finishing requests in flight');
  const deadline = setTimeout(() => {
    logger.warn('shutdown timeout: closing the connections still open');
    server.closeAllConnections();
  }, config.shutdownTimeoutMs);
  deadline.unref();
  server.close(async () => {
    await close();
    db.$client.close();
    logger.info('stopped');
    logger.flush(() => process.exit(0));
  });
  server.closeIdleConnections();
}
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
