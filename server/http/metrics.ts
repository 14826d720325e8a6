// Prometheus metrics (prom-client), served at GET /metrics: requests and their latency by route
// class, the response cache's hits and misses, the releases loaded, and the process (CPU, memory,
// event loop lag, GC, handles). One registry per app: tests build many apps in one process.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Registry } from 'prom-client';
import eventLoopLag from 'prom-client/lib/metrics/eventLoopLag.js';
import heapSizeAndUsed from 'prom-client/lib/metrics/heapSizeAndUsed.js';
import heapSpacesSizeAndUsed from 'prom-client/lib/metrics/heapSpacesSizeAndUsed.js';
import osMemoryHeap from 'prom-client/lib/metrics/osMemoryHeap.js';
import processCpuTotal from 'prom-client/lib/metrics/processCpuTotal.js';
import processHandles from 'prom-client/lib/metrics/processHandles.js';
import processMaxFileDescriptors from 'prom-client/lib/metrics/processMaxFileDescriptors.js';
import processOpenFileDescriptors from 'prom-client/lib/metrics/processOpenFileDescriptors.js';
import processRequests from 'prom-client/lib/metrics/processRequests.js';
import processResources from 'prom-client/lib/metrics/processResources.js';
import processStartTime from 'prom-client/lib/metrics/processStartTime.js';
import version from 'prom-client/lib/metrics/version.js';
import { countGcDurations } from './gc-durations.ts';
import type { MemoryPart } from '../memory-budgets.ts';
import { RequestTallies, type RouteClass } from './request-tallies.ts';

/** A small fixed set, so labels stay few whatever URLs clients send. */
export type { RouteClass };


/** The route class of a request (a base URL's double slash counts as a single one). */
export function routeClassOf(url: string | undefined, method = 'GET', iconifyPath = '/iconify'): RouteClass {
  // The Iconify API's requests, most of a busy server's, without cutting the path out first (a
  // copy and a regular expression a request): the path starts so exactly when the URL does.
  if (url !== undefined && url.charCodeAt(1) !== 0x2f && url.startsWith(iconifyPath) && url.charCodeAt(iconifyPath.length) === 0x2f) return 'iconify';
  const q = (url ?? '/').indexOf('?');
  const path = (q === -1 ? url ?? '/' : url!.slice(0, q)).replace(/^\/\/+/, '/');
  if (path.startsWith(`${iconifyPath}/`)) return 'iconify';
  if (path === '/releases' || path.startsWith('/releases/') || path === '/openapi.json') return 'rest';
  // GET / is the web page, unless it carries a GraphQL query.
  if (path === '/' && (method === 'GET' || method === 'HEAD') && !/[?&]query=/.test(url ?? '')) return 'page';
  if (path === '/' || path === '/graphql') return 'graphql';
  if (path === '/token') return 'token';
  if (path === '/healthz' || path === '/readyz') return 'health';
  if (path === '/metrics') return 'metrics';
  if (path === '/diff' || path === '/api' || path === '/sets' || path.startsWith('/sets/') || path.startsWith('/icons/') || path.startsWith('/web/')) return 'page';
  return 'other';
}

export interface MetricsSources {
  /** Releases in the database, read when metrics are scraped. */
  releaseCount?: () => number;
  /** Bytes the response cache holds, read when metrics are scraped. */
  responseCacheBytes?: () => number;
  /** Bytes the per-release structures hold (the release cache's estimate), read when metrics are scraped. */
  releaseCacheBytes?: () => number;
  /** Every budgeted part of memory: its bytes and budget, read when metrics are scraped. */
  memory?: readonly MemoryPart[];
  /** Requests that met a database fault since start, by cause (health/outages.ts). */
  databaseFaults?: ReadonlyMap<string, number>;
  /** Whether the database is away now. */
  databaseDown?: () => boolean;
  /** Where the Iconify API is served (its requests are their own route class). */
  iconifyPath?: string;
  /** Open icon sets and their listed icons, read when metrics are scraped. */
  iconSets?: () => Promise<{ sets: number; icons: number }>;
  /** Process metrics (prom-client's defaults); off in tests that build many registries. */
  processMetrics?: boolean;
}

export interface CountableCache {
  get(key: string): unknown;
  set(key: string, entry: never): void;
}

export interface Metrics {
  readonly registry: Registry;
  /** Call once per request, as it arrives: counts it and times it when the response finishes. */
  observe(req: IncomingMessage, res: ServerResponse, routeClass?: RouteClass): void;
  /** A response answered from the response cache (hit) or built (miss). */
  cacheHit(): void;
  cacheMiss(): void;
  /**
   * Counts a response cache's hits and misses from its own calls, whoever makes them (fast
   * paths, routers): a get that finds an entry is a hit, a set (a response built) is a miss, so
   * a request that misses in the fast path and again in its router counts once. Patches the
   * cache in place and returns it.
   */
  countCache<C extends CountableCache>(cache: C): C;
  /** GET /metrics: the Prometheus text format. */
  handler(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** A request handler that observes every request and answers GET /metrics, passing the rest on. */
  wrap(next: RequestHandler): RequestHandler;
}

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** prom-client's collectDefaultMetrics, with the GC durations counted without an observer (gc-durations.ts). */
function collectProcessMetrics(registry: Registry): void {
  // Its defaults: the event loop's delay sampled every 10 ms.
  const config = { eventLoopMonitoringPrecision: 10 };
  for (const register of [processCpuTotal, processStartTime, osMemoryHeap, processOpenFileDescriptors, processMaxFileDescriptors, eventLoopLag, processResources, processHandles, processRequests, heapSizeAndUsed, heapSpacesSizeAndUsed, version]) {
    register(registry, config);
  }
  countGcDurations(registry);
}

export function createMetrics(sources: MetricsSources = {}): Metrics {
  const registry = new Registry();
  if (sources.processMetrics ?? true) collectProcessMetrics(registry);
  const tallies = new RequestTallies();
  tallies.register(registry);
  let hits = 0;
  let misses = 0;
  // Counted in place and copied at each scrape: prom-client's inc() makes two objects a call, on
  // every cached answer.
  const countedAtScrape = (name: string, help: string, read: () => number) =>
    new Counter({ name, help, registers: [registry], collect() { this.reset(); this.inc(read()); } });
  countedAtScrape('iconmeta_response_cache_hits_total', 'Responses answered from the response cache', () => hits);
  countedAtScrape('iconmeta_response_cache_misses_total', 'Cacheable responses that had to be built', () => misses);
  new Gauge({
    name: 'iconmeta_response_cache_hit_ratio',
    help: 'Hits over hits and misses of the response cache since start (0 before any)',
    registers: [registry],
    collect() {
      this.set(hits + misses === 0 ? 0 : hits / (hits + misses));
    },
  });
  // Figures read from their owners at each scrape, when the server has them.
  const readAtScrape = (name: string, help: string, read: (() => number) | undefined) =>
    read && new Gauge({ name, help, registers: [registry], collect() { this.set(read()); } });
  readAtScrape('iconmeta_response_cache_bytes', 'Bytes held by the response cache', sources.responseCacheBytes);
  readAtScrape('iconmeta_release_cache_bytes', 'Bytes held by per-release structures (icon lists, search indexes, SVG sets, kit variants, catalogues), as estimated', sources.releaseCacheBytes);
  readAtScrape('iconmeta_releases', 'Releases loaded in the database', sources.releaseCount);
  readAtScrape('iconmeta_database_down', '1 while the database is away (an outage: requests that need it get 503), else 0', sources.databaseDown && (() => Number(sources.databaseDown!())));
  const memory = sources.memory;
  if (memory) {
    const gauge = (name: string, help: string, read: (part: MemoryPart) => number) =>
      new Gauge({ name, help, labelNames: ['part'] as const, registers: [registry], collect() { for (const part of memory) this.set({ part: part.part }, read(part)); } });
    gauge('iconmeta_memory_bytes', 'Bytes each budgeted part of memory holds, as its cache estimates them (responses, releases, icon_sets, graphql_documents, search_results)', (part) => part.bytes());
    gauge('iconmeta_memory_budget_bytes', 'The budget of each part of memory (README: Operating)', (part) => part.budget);
  }
  const iconSets = sources.iconSets;
  if (iconSets) {
    new Gauge({ name: 'iconmeta_icon_sets', help: 'Open icon sets served by the Iconify API', registers: [registry], async collect() { this.set((await iconSets()).sets); } });
    new Gauge({ name: 'iconmeta_icon_set_icons', help: 'Icons listed in the open icon sets (their info totals)', registers: [registry], async collect() { this.set((await iconSets()).icons); } });
  }
  const faults = sources.databaseFaults;
  if (faults) {
    new Counter({
      name: 'iconmeta_database_faults_total',
      help: 'Requests that met a database that could not serve them (answered 503, or token exchanges left uncounted), by cause',
      labelNames: ['cause'] as const,
      registers: [registry],
      collect() {
        // The outage log counts; a scrape copies its counts.
        this.reset();
        for (const [cause, count] of faults) this.inc({ cause }, count);
      },
    });
  }

  return {
    registry,
    observe(req, res, routeClass = routeClassOf(req.url, req.method, sources.iconifyPath)) {
      tallies.observe(req, res, routeClass);
    },
    cacheHit() {
      hits++;
    },
    cacheMiss() {
      misses++;
    },
    countCache(cache) {
      const get = cache.get.bind(cache);
      const set = cache.set.bind(cache);
      cache.get = (key: string) => {
        const entry = get(key);
        if (entry !== undefined) this.cacheHit();
        return entry;
      };
      cache.set = (key: string, entry: never) => {
        this.cacheMiss();
        set(key, entry);
      };
      return cache;
    },
    wrap(next) {
      return (req, res) => {
        const routeClass = routeClassOf(req.url, req.method, sources.iconifyPath);
        this.observe(req, res, routeClass);
        if (routeClass === 'metrics' && (req.method === 'GET' || req.method === 'HEAD')) return void this.handler(req, res);
        next(req, res);
      };
    },
    async handler(req, res) {
      const body = await registry.metrics();
      res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
  };
}
