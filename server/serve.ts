// `iconmeta serve`: database, migrations, a port that can be bound, default data, listen, shutdown.
// Every start-up problem is found before any data is written to the database.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { migrateDatabase, openDatabase, type Db } from '../db/client.ts';
import { DatabaseUnusableError } from '../db/integrity.ts';
import { recordVerified, unchangedSinceVerified } from '../db/verified-stamp.ts';
import { sqliteDatabase, type Database } from '../db/database.ts';
import { seedDefaultsIfEmpty, syncFontAwesomeSetsAtStart } from '../seeds/defaults.ts';
import { createApp } from './app.ts';
import { redactedUrl, type Config } from './config.ts';
import { createDatabaseHealth } from './health/database-health.ts';
import type { DatabaseHealth } from './health/health.ts';
import { unavailableCause } from './health/pg-health.ts';
import { scheduleIntegrityChecks } from './health/integrity-check.ts';
import { createHttpServer } from './http/http-server.ts';
import { createMetrics } from './http/metrics.ts';
import { iconCount } from './iconify/icon-sets.service.ts';
import { iconSearches, releaseSearches, warmUp } from './warm-up.ts';
import { createIdleGc } from './idle-gc.ts';
import { drainLogs } from './logger.ts';

/** After a start that skipped the whole-file check: soon, but after the first requests are served. */
const STARTUP_CHECK_DELAY_MS = 2_000;
/** Open icon sets with at most this many icons in all get their search index before listening (an estimated 50 ms). */
const ICON_SET_ICONS_INDEXED_BEFORE_LISTENING = 50_000;

/** SQLite's page cache while serving, in KiB. */
const SERVING_PAGE_CACHE_KIB = 2048;

/** The port cannot be listened on (in use, a host that is no address of this machine). */
export class ListenError extends Error {}

function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): ListenError {
  const where = `${host}:${port}`;
  const reasons: Record<string, string> = {
    EADDRINUSE: `port ${port} on ${host} is already in use (another iconmeta?); set PORT to a free port`,
    EADDRNOTAVAIL: `HOST ${host} is not an address of this machine; set HOST to one (127.0.0.1, 0.0.0.0, ::)`,
    ENOTFOUND: `HOST ${host} is not an address or a known host name; set HOST to one (127.0.0.1, 0.0.0.0, ::)`,
    EAI_AGAIN: `HOST ${host} could not be resolved; set HOST to an address`,
    EACCES: `no permission to listen on ${where} (ports below 1024 need privileges); set PORT above 1023`,
  };
  return new ListenError(reasons[error.code ?? ''] ?? `cannot listen on ${where}: ${error.message}`);
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(listenProblem(error, host, port));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/** Binds and releases the port, so a port in use or a bad host is refused before seeding. */
async function probePort(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createNetServer();
  await listen(probe as unknown as Server, host, port);
  await new Promise((resolve) => probe.close(resolve));
}

/** What serve() needs of either database: the handle, and what to do once the app runs and at shutdown. */
interface Store {
  database: Database;
  /** Where the data is, as logged (a PostgreSQL URL without its password). */
  location: string;
  health?: DatabaseHealth;
  /** Releases in the database, read at each scrape of /metrics; undefined: the app's release list. */
  releaseCount?: () => number;
  /** Called once the app exists; returns what to stop at shutdown. */
  started(): { stop(): void } | undefined;
  /** Closes the database (after the app has closed). */
  close(): Promise<void>;
}

async function openSqlite(config: Config, logger: Logger): Promise<Store> {
  // A file this service closed cleanly and nobody changed since is not read whole again before
  // listening (db/verified-stamp.ts); the background check looks at it at once instead. Only
  // while that check runs at all.
  const checksInBackground = config.databaseCheckIntervalSeconds > 0 && config.databasePath !== ':memory:';
  const verified = checksInBackground && unchangedSinceVerified(config.databasePath);
  const db: Db = openDatabase(config.databasePath, { createDirectory: config.databaseCreateDirectory, skipIntegrityCheck: verified });
  migrateDatabase(db);
  if (config.seedDefaults) await seedDefaultsIfEmpty(db, logger);
  await syncFontAwesomeSetsAtStart(db, logger);
  // better-sqlite3 builds SQLite with a 16 MB page cache a connection, which a server reading many
  // releases fills and keeps: SQLite's own 2 MiB. The file's pages stay in the kernel's page cache,
  // so a read past it is a copy, not a disk access (bench/README.md: 8 MiB less RSS with 69
  // releases, cold pages unchanged).
  db.$client.pragma(`cache_size = -${SERVING_PAGE_CACHE_KIB}`);
  const health = createDatabaseHealth(db);
  // Read at each scrape, so releases added by the seed command from another process show.
  const countReleases = db.$client.prepare('select count(*) from releases').pluck();
  return {
    database: sqliteDatabase(db),
    location: config.databasePath,
    health,
    releaseCount: () => countReleases.get() as number,
    started() {
      // The file was checked before it was opened (openDatabase), or is checked now if that was
      // skipped; damage found later flips readiness.
      const interval = config.databaseCheckIntervalSeconds * 1000;
      if (verified) logger.info({ database: config.databasePath }, 'the database file is unchanged since its clean shutdown: checking it in the background');
      if (!checksInBackground) return undefined;
      return scheduleIntegrityChecks(
        config.databasePath,
        interval,
        (problems) => {
          if (problems.length > 0) logger.error({ problems: problems.slice(0, 5) }, 'the database file is damaged');
          health.integrityChecked(problems);
        },
        verified ? STARTUP_CHECK_DELAY_MS : interval,
      );
    },
    async close() {
      db.$client.close();
      // Closed cleanly after a run that met no damage: the next start need not read it whole.
      if (config.databasePath !== ':memory:' && !health.damageFound()) recordVerified(config.databasePath);
    },
  };
}

/**
 * PostgreSQL (DATABASE_URL). Replicas are often started together with their database (a compose
 * file, a cluster coming up): a server not accepting connections yet is waited for, retrying, up
 * to DATABASE_START_WAIT seconds; then, or at once for anything else (a wrong password, a missing
 * database), the start fails with exit code 3 and the reason. The file checks of SQLite have no
 * equivalent here: the server keeps its own data sound.
 */
async function openPostgres(config: Config, url: string, logger: Logger): Promise<Store> {
  const location = redactedUrl(url);
  // Loaded only here: a start on SQLite needs none of the PostgreSQL driver and schema.
  const { migratePgDatabase, openPgDatabase } = await import('../db/client.pg.ts');
  const { postgresDatabase } = await import('../db/database.pg.ts');
  const pg = openPgDatabase(url, {
    poolSize: config.databasePoolSize,
    connectionTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  const deadline = performance.now() + config.databaseStartWaitSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      await migratePgDatabase(pg);
      break;
    } catch (error) {
      // A wrong password is not waited out: it is answered at once, however long the wait.
      const cause = unavailableCause(error);
      const unavailable = cause?.code?.startsWith('28') ? null : cause;
      const left = deadline - performance.now();
      if (!unavailable || left <= 0) {
        await pg.$client.end().catch(() => {});
        const waited = config.databaseStartWaitSeconds > 0 ? ` after waiting ${config.databaseStartWaitSeconds} s (DATABASE_START_WAIT)` : '';
        throw new DatabaseUnusableError(
          unavailable
            ? `PostgreSQL at ${location} cannot be reached${waited}: ${(unavailable as Error).message || unavailable.code}`
            : `PostgreSQL at ${location} cannot be used: ${(error as Error).message}`,
        );
      }
      logger.warn({ database: location, problem: unavailable.message || unavailable.code, attempt }, 'PostgreSQL cannot be reached yet: retrying');
      await sleep(Math.min(attempt * 500, 5000, left));
    }
  }
  const database = postgresDatabase(pg);
  // Replicas starting together on an empty database: each seeds, and a release another one
  // imported meanwhile is skipped (seeds/defaults.ts).
  if (config.seedDefaults) await seedDefaultsIfEmpty(database, logger);
  await syncFontAwesomeSetsAtStart(database, logger);
  return { database, location, started: () => undefined, close: () => database.close() };
}

/** Serves until SIGTERM or SIGINT; resolves once stopped (requests finished, database closed). */
export async function serve(config: Config, logger: Logger): Promise<void> {
  await probePort(config.host, config.port);
  const store = config.databaseUrl ? await openPostgres(config, config.databaseUrl, logger) : await openSqlite(config, logger);

  const { handler: appHandler, staticHeaders, cache, releaseCache, memory, releases, outages, warmSearch, iconSets, iconSearch, close, attachSubscriptions, closeSubscriptions } = createApp({ database: store.database, config, logger, health: store.health });
  const background = store.started();
  const releaseCount = store.releaseCount ?? (() => (releases.loaded() ? releases.list().length : 0));
  const metrics = config.metrics ? createMetrics({
        releaseCount,
        responseCacheBytes: () => cache.bytes,
        releaseCacheBytes: () => releaseCache.bytes,
        memory,
        databaseFaults: outages.faults,
        databaseDown: () => outages.down,
        iconifyPath: config.iconifyPath,
        iconSets: async () => {
          const sets = await iconSets.list();
          return { sets: sets.length, icons: iconCount(sets) };
        },
      }) : undefined;
  metrics?.countCache(cache);
  const measured = metrics ? metrics.wrap(appHandler) : appHandler;
  const idleGc = createIdleGc({ idleSeconds: config.idleGcSeconds, logger });
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    idleGc.request();
    measured(req, res);
  };
  const server = createHttpServer(handler, { requestTimeoutMs: config.requestTimeoutMs, staticHeaders });
  attachSubscriptions(server);
  /**
   * SIGTERM/SIGINT: stop accepting connections, let requests in flight finish (at most
   * SHUTDOWN_TIMEOUT_MS), then close the database. Listened for before the port is bound: a
   * supervisor may signal as soon as the listening line shows, and a repeated signal is ignored.
   */
  let stopping = false;
  let stopped!: () => void;
  const done = new Promise<void>((resolve) => (stopped = resolve));
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const deadline = setTimeout(() => {
      logger.warn('shutdown timeout: closing the connections still open');
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    deadline.unref();
    void closeSubscriptions();
    server.close(async () => {
      idleGc.stop();
      background?.stop();
      await close();
      await store.close();
      logger.info('stopped');
      await drainLogs(logger);
      stopped();
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  /**
   * The search index of every icon, made before listening when that is quick: read from the file
   * it is kept in (~40 ms with every set of @iconify/json), or built when the sets are few (Font
   * Awesome's own take ~15 ms). Made once serving, it was shared with the first requests, and the
   * first search waited for it. True when made.
   */
  const warmIconSearchIfQuick = async (): Promise<boolean> => {
    if (iconCount(await iconSets.list()) > ICON_SET_ICONS_INDEXED_BEFORE_LISTENING && !(await iconSearch.isKept())) return false;
    await iconSearch.warm();
    return true;
  };
  let iconIndexMade = false;
  try {
    // The first search after a start finds its index built. A database that cannot be read yet
    // leaves it to the first search, as for every other release.
    await warmSearch().catch((error: unknown) => logger.debug({ problem: (error as Error).message }, 'search index not built at start'));
    const newest = releases.loaded() ? releases.list().find((release) => release.isLatest) : undefined;
    iconIndexMade = await warmIconSearchIfQuick().catch((error: unknown) => {
      logger.debug({ problem: (error as Error).message }, 'icon set search index not built before listening');
      return false;
    });
    const searches = [...(newest ? releaseSearches(newest.version) : []), ...(iconIndexMade ? iconSearches(config.iconifyPath) : [])];
    await warmUp(handler, searches).catch((error: unknown) => logger.debug({ problem: (error as Error).message }, 'search not warmed up'));
    await listen(server, config.host, config.port);
  } catch (error) {
    process.off('SIGTERM', shutdown);
    process.off('SIGINT', shutdown);
    idleGc.stop();
    background?.stop();
    await close();
    await store.close();
    throw error;
  }
  if (stopping) {
    // Signalled while binding: the close above found no server to close.
    server.close();
    return done;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}/`, database: store.location }, 'iconmeta listening');
  // Otherwise (every set of @iconify/json without its kept file: 1.5-3 s), built once serving, in
  // turns, so that the start is not held up, and kept in its file for the next start.
  if (!iconIndexMade) setImmediate(() => void iconSearch.warm().catch((error: unknown) => logger.debug({ problem: (error as Error).message }, 'icon set search index not built yet')));
  return done;
}
