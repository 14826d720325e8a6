// The only process entry: configuration, database, migrations, default data, listen, shutdown.
import { createServer } from 'node:http';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { seedDefaultsIfEmpty } from '../seeds/defaults.ts';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const db = openDatabase(config.databasePath);
migrateDatabase(db);
if (config.seedDefaults) await seedDefaultsIfEmpty(db, logger);

const { handler, close } = createApp({ db, config, logger });
const server = createServer(handler);
server.listen(config.port, config.host, () => {
  logger.info({ url: `http://${config.host}:${config.port}/`, database: config.databasePath }, 'iconmeta listening');
});

function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close(async () => {
    await close();
    db.$client.close();
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
