// createApp wires every part together and returns a request handler; it never listens.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import compression from 'compression';
import express, { type Router } from 'express';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import type { Config } from './config.ts';
import { AppError, errorHandler, notFound } from './errors.ts';
import { createCdnRouter } from './cdn/cdn.router.ts';
import { createReleaseFilesRepo } from './cdn/release-files.repo.ts';
import { CACHE_SHORT, serveCachedJson } from './http/cached-json.ts';
import { createClientAddress } from './http/client-address.ts';
import { createFastPath } from './http/fast-path.ts';
import { createGraphQLFastPath } from './http/graphql-fast-path.ts';
import { MAX_URL_LENGTH, readinessProblems, requestDeadline, sendRawProblem } from './http/limits.ts';
import { echoRequestId, logRequests } from './http/request-log.ts';
import { createResponseCache } from './http/response-cache.ts';
import { captureHeaders, corsHeaders, securityHeaders } from './http/security.ts';
import { createIconsRepo } from './icons/icons.repo.ts';
import { createIconsService } from './icons/icons.service.ts';
import { createAuthRepo } from './auth/auth.repo.ts';
import { createFailureLimit } from './auth/failure-limit.ts';
import { createRateLimitRepo } from './auth/rate-limit.repo.ts';
import { createAuthService, type Clock } from './auth/auth.service.ts';
import { createTokenRouter } from './auth/token.router.ts';
import { createApolloServer, createGraphQLSchema } from './graphql/apollo.ts';
import { createAdmission } from './graphql/cost-limits.ts';
import { createCompiledQueries } from './graphql/jit-gateway.ts';
import { createDocumentStore } from './graphql/document-store.ts';
import { graphqlBudgets, type MemoryPart } from './memory-budgets.ts';
import { createKnownDocumentExecutor } from './graphql/known-documents.ts';
import { accountGraphQLKeyPrefix } from './graphql/principal.ts';
import { createBuildsRepo } from './downloads/builds.repo.ts';
import { createBuildsService } from './downloads/builds.service.ts';
import { createDownloadsRouter } from './downloads/downloads.router.ts';
import { attachSubscriptions } from './graphql/subscriptions.ts';
import { createKitAssetsRepo } from './kits/kit-assets.repo.ts';
import { createKitAssetsRouter } from './kits/kit-assets.router.ts';
import { createKitAssets } from './kits/kit-assets.service.ts';
import { createKitsRepo } from './kits/kits.repo.ts';
import { createKitsService } from './kits/kits.service.ts';
import { createGraphQLRouter } from './graphql/graphql.router.ts';
import { healthOf, type DatabaseHealth } from './health/health.ts';
import { createOutageLog } from './health/outages.ts';
import { listenForChanges } from '../db/pg-change-listener.ts';
import { openApiDocument } from './openapi.ts';
import { createCatalogueService } from './releases/catalogue.service.ts';
import { createReleaseCache } from './releases/release-cache.ts';
import { createChangesRouter } from './releases/changes.router.ts';
import { createChangesService } from './releases/changes.service.ts';
import { createReleasesRepo } from './releases/releases.repo.ts';
import { createReleasesRouter } from './releases/releases.router.ts';
import { createReleasesService } from './releases/releases.service.ts';
import { createSearchRepo } from './search/search.repo.ts';
import { createSearchService } from './search/search.service.ts';
import { createIconSetsRepo } from './iconify/icon-sets.repo.ts';
import { createIconSetsService } from './iconify/icon-sets.service.ts';
import { createIconSetSearch } from './iconify/icon-set-search.ts';
import { createIconSearch } from './search/icon-search.ts';
import { searchIndexFile } from './search/keep-index.ts';
import { ICONIFY_CACHE_PREFIX } from './iconify/cache-keys.ts';
import { createIconifyHandler } from './iconify/iconify.handler.ts';
import { loadWebAssets } from './web/assets.ts';
import type { Mcp } from './mcp/mcp-server.ts';
import { createWebRouter } from './web/web.router.ts';

export interface AppDeps {
  database: Database;
  config: Config;
  logger: Logger;
  /** The time, injectable so tests can expire tokens without waiting. */
  clock?: Clock;
  /** The database's health, when the caller keeps it too (serve.ts: the SQLite file's integrity checks). */
  health?: DatabaseHealth;
}

/** The paths the MCP router answers (Express matches them ignoring case, with or without more after a slash). */
const MCP_PATH = /^\/mcp(?:\/|$)/i;

export function createApp({ database, config, logger, ...options }: AppDeps) {
  // PostgreSQL announces other processes' commits (LISTEN), where SQLite has PRAGMA data_version.
  const changeListener = database.pg
    ? listenForChanges({
        connection: database.pg.$client.options,
        latest: () => releasesRepo.changes.latest(),
        onState: (state, error) =>
          state === 'lost'
            ? logger.warn({ problem: (error as Error | undefined)?.message }, 'lost the database connection that hears other processes\' changes: reconnecting, polling meanwhile')
            : logger.info('listening for other processes\' changes'),
      })
    : undefined;
  const releasesRepo = createReleasesRepo(database, changeListener);
  const releases = createReleasesService(releasesRepo);
  // Every structure derived from one release, in one budget; a changed release list drops them.
  const releaseCache = createReleaseCache(config.releaseCacheBytes);
  releases.onChange(() => releaseCache.clear());
  const catalogue = createCatalogueService(releasesRepo, releases, releaseCache);
  const iconsRepo = createIconsRepo(database);
  const icons = createIconsService(iconsRepo, releases, releaseCache);
  const changes = createChangesService(icons);
  const searchRepo = createSearchRepo(database);
  const search = createSearchService(searchRepo, releases, releaseCache, config.searchCacheBytes);
  const cache = createResponseCache(config.responseCacheBytes);
  // Release files too large for `cache` (one would push out a hundred answers): kept apart, so that
  // all.js is not read and compressed again at every request (20 ms of CPU each).
  const largeFiles = createResponseCache(config.largeFileCacheBytes);
  // A release replaced or added by the seed CLI invalidates every derived response; a kit changed
  // by the admin CLI, only its account's answers.
  releases.onChange(() => (cache.clear(), largeFiles.clear()));
  releases.onAccountChange((accountId) => cache.deleteByPrefix(accountGraphQLKeyPrefix(accountId)));
  // The open icon sets (the Iconify API): their list, icon data (the popular sets kept whole), and search.
  const iconSetsRepo = createIconSetsRepo(database);
  const iconSets = createIconSetsService(iconSetsRepo, config.iconSetCacheBytes);
  // The one search engine over every icon (the open sets and Font Awesome's), and the Iconify API's reading of it.
  // Kept between starts beside a SQLite file (not for a database in memory, nor on PostgreSQL).
  const iconSearch = createIconSearch({ sets: iconSets, repo: searchRepo, releases, logger, indexFile: searchIndexFile(database), resultsBytes: config.searchCacheBytes });
  const iconSetSearch = createIconSetSearch(iconSearch);
  releases.onChange(() => iconSearch.drop());
  // Errors the Iconify API's handler met, for Express's error handler to answer.
  const iconifyFailures = new WeakMap<object, unknown>();
  releases.onIconSetsChange(() => {
    iconSets.changed();
    iconSetSearch.drop();
    cache.deleteByPrefix(ICONIFY_CACHE_PREFIX);
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const clientAddress = createClientAddress(config.trustProxy, logger);
  app.set('etag', false); // ETags are computed once per cached response, not per request
  // The middleware compresses what Express answers itself. An answer carrying an ETag is a cached
  // response, negotiated by sendCached already: its strong tag names its bytes as they are sent.
  const compressible = (req: express.Request, res: express.Response) => !res.hasHeader('ETag') && compression.filter(req, res);
  app.use(echoRequestId, securityHeaders, corsHeaders, compression({ filter: compressible }));
  app.use(requestDeadline(config.requestTimeoutMs));
  // Liveness: the process answers. Readiness: the database is open and migrated, and has releases.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  const health = options.health ?? healthOf(database);
  // Requests that meet a database fault: 503s, counted by cause, logged once per outage.
  const outages = createOutageLog(health, logger);
  // The database's own state (SQLite: migrations, the file's damage, writability; PostgreSQL:
  // reachable, migrations) around the release list's, in the order SQLite has always given them.
  const readiness = database.sqlite
    ? (count: number, unread: string[]) => [...readinessProblems(database.sqlite!, count), ...unread, ...(health.problems() as string[])]
    : async (count: number, unread: string[]) => [...(await health.problems()), ...(count === 0 ? ['no releases loaded'] : []), ...unread];
  app.get('/readyz', async (_req, res) => {
    const count = releases.loaded() ? releases.list().length : 0;
    const unread = releases.loaded() ? [] : ['the release list has not been read from the database'];
    const problems = await readiness(count, unread);
    res.set('Cache-Control', 'no-store').status(problems.length === 0 ? 200 : 503).json({ status: problems.length === 0 ? 'ready' : 'not ready', problems, releases: count });
  });
  // The icon browser: / and /graphql from a browser (no `query`), /icons/:id, /diff, /api, /sets (open icon sets), /web/*.
  app.use(createWebRouter({ assets: loadWebAssets(), releases, icons, search, changes, iconSets, iconSearch, iconifyPath: config.iconifyPath }));
  app.get('/openapi.json', (req, res) => serveCachedJson(cache, req, res, '/openapi.json', CACHE_SHORT, () => openApiDocument));
  app.use(createChangesRouter({ releases, changes, cache }));
  app.use(createReleasesRouter({ releases, catalogue, icons, cache }));
  const releaseFiles = createReleaseFilesRepo(database);
  const clock = options.clock ?? (() => new Date());
  const auth = createAuthService(createAuthRepo(database), { clock, accessTokenTtlSeconds: config.accessTokenTtlSeconds });
  const kits = createKitsService(createKitsRepo(database), auth, clock, releaseCache);
  const kitAssetsRepo = createKitAssetsRepo(database);
  const kitAssets = createKitAssets({ kits, releases, repo: kitAssetsRepo, files: releaseFiles, cache });
  const builds = createBuildsService({ repo: createBuildsRepo(database), kits, releases, assets: kitAssetsRepo, files: releaseFiles, clock, logger });
  app.use(createKitAssetsRouter(kitAssets), createCdnRouter({ releases, files: releaseFiles, cache, largeFiles }), createDownloadsRouter(builds));
  // Real time for the failure windows (the injected clock is for token lifetimes).
  const failureLimit = createFailureLimit({
    limit: config.tokenFailureLimit,
    windowSeconds: config.tokenFailureWindowSeconds,
    clientAddress,
    repo: createRateLimitRepo(database),
    // The database away is an outage like any other (logged once by the outage log); any other
    // store error is said once a spell.
    onStoreError: (error) => {
      if (!outages.failed(error)) logger.warn({ err: error }, 'token failure counts cannot be read or written: exchanges go on uncounted');
    },
  });
  app.use(createTokenRouter(auth, failureLimit));
  // The Iconify API answers before Express (iconifyHandler below); what it hands over (a fault it
  // met, another method) ends here: the error handler's problem, or the usual 404.
  app.use(config.iconifyPath, (req, _res, next) => next(iconifyFailures.get(req)));
  const services = { releases, releasesRepo, catalogue, icons, iconsRepo, search, changes, auth, kits, builds };
  const schema = createGraphQLSchema();
  const graphqlBudget = graphqlBudgets(config);
  const compiled = createCompiledQueries(schema, graphqlBudget);
  const admission = createAdmission(schema, { maxCheckBytes: graphqlBudget.checkBytes });
  const documentStore = createDocumentStore(graphqlBudget.documentStoreBytes);
  const apollo = createApolloServer(logger, schema, compiled, outages, documentStore);
  app.use(createGraphQLRouter({ apollo, admission, services, authenticate: auth.authenticate, cache }));
  // MCP (Streamable HTTP at /mcp, last: no other route passes through it; `iconmeta mcp` serves the same over stdio). searchIcons is the one search engine.
  // Made at its first request: the SDK, its JSON Schema validator and the tools are ~3 MB of heap
  // (every open set, once idle: 32.5 -> 29.6 MB used, RSS 127 -> 121 MiB) that a server no agent
  // talks to would hold, and under load V8 sizes its heap from what is live (bench/README.md).
  let mcpParts: Promise<{ mcp: Mcp; router: Router }> | undefined;
  const mcpLoaded = () =>
    (mcpParts ??= Promise.all([import('./mcp/mcp-server.ts'), import('./mcp/mcp.router.ts'), import('./mcp/open-set-search.ts')]).then(([{ createMcp }, { createMcpRouter }, { engineSearch }]) => {
      const mcp = createMcp({ searchIcons: engineSearch(iconSearch), releaseSearch: search, iconSets, releases, icons, changes, iconifyPath: config.iconifyPath, logger });
      return { mcp, router: createMcpRouter({ mcp, allowedHosts: config.mcpAllowedHosts, rateLimit: config.mcpRateLimit, requireToken: config.mcpRequireToken, authenticate: auth.authenticate, clientAddress }) };
    }));
  const mcp = async () => (await mcpLoaded()).mcp;
  app.use((req, res, next) => (MCP_PATH.test(req.path) ? mcpLoaded().then(({ router }) => router(req, res, next)) : next()));
  app.use((req) => {
    throw notFound(`no route for ${req.method} ${req.path}`);
  });
  app.use(errorHandler(logger, outages));

  const staticHeaders = captureHeaders([securityHeaders, corsHeaders]);
  const fastPath = createFastPath({ cache, largeFiles, staticHeaders });
  const iconifyHandler = createIconifyHandler({
    sets: iconSets,
    search: iconSetSearch,
    cache,
    path: config.iconifyPath,
    staticHeaders,
    fallback: (req, res, error) => {
      iconifyFailures.set(req, error);
      app(req, res);
    },
  });
  const executeKnown = createKnownDocumentExecutor({ compiled, admission, services, cache });
  const graphQLFastPath = createGraphQLFastPath({ cache, authenticate: auth.authenticate, staticHeaders, executeKnown, next: app });
  const log = logRequests(logger, config.accessLog, clientAddress);
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    log.arrived(req, res);
    handle(req, res);
    // After handing it on: a cached answer queued meanwhile writes its own line.
    log.dispatched(res);
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if ((req.url?.length ?? 0) > MAX_URL_LENGTH) {
      return sendRawProblem(res, new AppError(414, 'INVALID_PARAMETER', `the URL is longer than ${MAX_URL_LENGTH} characters`), staticHeaders);
    }
    // A base URL configured with a trailing slash (the WordPress plugin's FONTAWESOME_API_URL)
    // makes `//token` and `//`: the same resources as `/token` and `/`.
    if (req.url?.charCodeAt(1) === 47) req.url = req.url.replace(/^\/+/, '/');
    // Before any cache is read (at most once a millisecond): the seed CLI may have changed the
    // database from another process (a change drops the caches derived from it). Nearly always
    // nothing changed, and the request goes on at once; else it waits for the new state. When the
    // database cannot be read, it goes on with the state it has: cached answers still serve, and
    // a request that needs the database meets the fault itself (a 503).
    const pending = releases.refreshIfStale();
    if (!pending) dispatch(req, res);
    else pending.then(() => dispatch(req, res), () => dispatch(req, res));
  };
  const dispatch = (req: IncomingMessage, res: ServerResponse) => {
    if (!fastPath(req, res) && !iconifyHandler(req, res) && !graphQLFastPath(req, res)) app(req, res);
  };
  // The release list is read before the first request asks for it (a failure is retried then).
  releases.refresh().catch((error: unknown) => logger.warn({ err: error }, 'could not read the release list yet'));
  const subscriptions: { dispose(): Promise<void> }[] = [];
  /**
   * Builds the search index of the newest stable release, the one pickers search, so that the first
   * search after a start finds it built (serve.ts, before listening: ~0.1 s; the others are built
   * at their first search).
   */
  const warmSearch = async () => {
    await releases.refresh();
    const newest = releases.list().find((release) => release.isLatest);
    if (newest) await search.warm(newest);
  };
  /** Every budgeted part of memory (GET /metrics). */
  const memory: MemoryPart[] = [
    { part: 'responses', budget: config.responseCacheBytes, bytes: () => cache.bytes },
    { part: 'large_files', budget: config.largeFileCacheBytes, bytes: () => largeFiles.bytes },
    { part: 'releases', budget: config.releaseCacheBytes, bytes: () => releaseCache.bytes },
    { part: 'icon_sets', budget: config.iconSetCacheBytes, bytes: iconSets.keptBytes },
    { part: 'graphql_documents', budget: config.graphqlCacheBytes, bytes: () => documentStore.bytes + compiled.bytes + admission.checkBytes() },
    { part: 'search_results', budget: config.searchCacheBytes, bytes: search.resultsBytes },
    { part: 'icon_search_results', budget: config.searchCacheBytes, bytes: iconSearch.resultsBytes },
  ];
  return {
    app,
    handler,
    /** The security and CORS headers every answer carries. */
    staticHeaders,
    cache,
    releaseCache,
    memory,
    auth,
    kits,
    releases,
    warmSearch,
    iconSets,
    iconSetSearch,
    iconSearch,
    mcp,
    health,
    outages,
    builds,
    /** On PostgreSQL: the connection that hears other processes' changes (undefined on SQLite). */
    changeListener,
    /** Serves GraphQL subscriptions (graphql-ws) on the server's WebSocket upgrades to /graphql. */
    attachSubscriptions: (server: Server) => void subscriptions.push(attachSubscriptions(server, { schema, services, authenticate: auth.authenticate })),
    /** Closes the WebSocket connections (first, at shutdown: they would hold the server open). */
    closeSubscriptions: async () => void (await Promise.all(subscriptions.splice(0).map((s) => s.dispose()))),
    close: async () => (cache.clear(), largeFiles.clear(), outages.close(), await Promise.all(subscriptions.splice(0).map((s) => s.dispose())), await apollo.stop(), await changeListener?.close()),
  };
}
