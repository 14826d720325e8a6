// All configuration comes from the environment, validated once at start (see .env.example).
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/client-address.ts';

const integer = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const flag = (fallback: boolean) =>
  z.enum(['true', 'false', '1', '0']).default(fallback ? 'true' : 'false').transform((v) => v === 'true' || v === '1');

export const DEFAULT_DATABASE_PATH = './data/iconmeta.sqlite';

/** Every setting, validated (exported for the test that starts an app at each bound). */
export const configSchema = z.object({
  PORT: integer(4000, 0, 65535),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_PATH: z.string().min(1).default(DEFAULT_DATABASE_PATH),
  // Unset: the default path's folder is created, an operator's DATABASE_PATH must name an existing one.
  DATABASE_CREATE_DIR: z.enum(['true', 'false', '1', '0']).optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: integer(10, 1, 1000),
  DATABASE_CONNECT_TIMEOUT_MS: integer(5000, 100, 600_000),
  DATABASE_STATEMENT_TIMEOUT_MS: integer(30_000, 100, 3_600_000),
  DATABASE_START_WAIT: integer(30, 0, 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEFAULTS: flag(true),
  ACCESS_LOG: flag(true),
  METRICS: flag(true),
  RESPONSE_CACHE_MB: integer(8, 1, 65536),
  LARGE_FILE_CACHE_MB: integer(8, 1, 65536),
  ACCESS_TOKEN_TTL: integer(3600, 1, 31 * 24 * 3600),
  TOKEN_FAILURE_LIMIT: integer(20, 1, 1_000_000),
  TOKEN_FAILURE_WINDOW: integer(300, 1, 86_400),
  REQUEST_TIMEOUT_MS: integer(30_000, 100, 600_000),
  SHUTDOWN_TIMEOUT_MS: integer(10_000, 0, 600_000),
  TRUST_PROXY: z.string().optional(),
  DATABASE_CHECK_INTERVAL: integer(900, 0, 7 * 86_400),
  RELEASE_CACHE_MB: integer(8, 4, 65536),
  ICON_SET_CACHE_MB: integer(12, 0, 65536),
  GRAPHQL_CACHE_MB: integer(10, 1, 65536),
  SEARCH_CACHE_MB: integer(2, 1, 65536),
  IDLE_GC_SECONDS: integer(2, 0, 3600),
  // Where the Iconify API is served: a path of lowercase segments ("/iconify", "/api/icons").
  ICONIFY_PATH: z
    .string()
    .regex(/^(\/[a-z0-9][a-z0-9._-]*)+$/, 'must be a path such as /iconify: lowercase segments, no trailing slash')
    .default('/iconify'),
  // MCP at /mcp: the host names a request's Host and Origin may name ("*": any), comma-separated.
  MCP_ALLOWED_HOSTS: z
    .string()
    .regex(/^(\*|[a-z0-9.:[\]-]+(,[a-z0-9.:[\]-]+)*)$/i, 'must be host names separated by commas (localhost,127.0.0.1,[::1]) or *')
    .default('localhost,127.0.0.1,[::1]'),
  MCP_RATE_LIMIT: integer(1200, 0, 1_000_000),
  MCP_REQUIRE_TOKEN: flag(false),
});

export type Config = {
  port: number;
  host: string;
  databasePath: string;
  /** Whether a missing folder of databasePath may be created (else the start is refused: a mistyped path). */
  databaseCreateDirectory: boolean;
  /** PostgreSQL's connection URL (DATABASE_URL); null: the SQLite file at databasePath. */
  databaseUrl: string | null;
  /** PostgreSQL connections this process keeps at most. */
  databasePoolSize: number;
  /** How long a query waits for a PostgreSQL connection (free in the pool, or accepted by the server). */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL cancels a statement running longer than this. */
  databaseStatementTimeoutMs: number;
  /** Seconds a start waits for an unreachable PostgreSQL before giving up (exit code 3). */
  databaseStartWaitSeconds: number;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  /** The path prefix of the Iconify API (ICONIFY_PATH). */
  iconifyPath: string;
  seedDefaults: boolean;
  accessLog: boolean;
  /** Serve GET /metrics (Prometheus). */
  metrics: boolean;
  responseCacheBytes: number;
  /** The budget of release files too large for the response cache (past an eighth of it). */
  largeFileCacheBytes: number;
  accessTokenTtlSeconds: number;
  tokenFailureLimit: number;
  tokenFailureWindowSeconds: number;
  requestTimeoutMs: number;
  shutdownTimeoutMs: number;
  /** Which proxies' X-Forwarded-For names the client (rate limits, logs); false: the socket's peer is the client. */
  trustProxy: TrustProxy;
  /** Seconds between integrity checks of the database file while serving (0: only at start). */
  databaseCheckIntervalSeconds: number;
  /** Heap budget for the open icon sets kept whole in memory (the popular ones; 0: none, every batch read from the database). */
  iconSetCacheBytes: number;
  /** Heap budget for GraphQL's parsed, checked and compiled documents, together. */
  graphqlCacheBytes: number;
  /** Heap budget for ranked search results (a picker's keystrokes repeat across users). */
  searchCacheBytes: number;
  /** Heap budget for per-release structures (icon lists, search indexes, free SVG sets, kit variant indexes, catalogues), shared. */
  releaseCacheBytes: number;
  /** Seconds without a request after which the heap a busy spell grew is collected and given back (0: never). */
  idleGcSeconds: number;
  /** Host names /mcp accepts in Host and Origin (DNS rebinding); '*': any. */
  mcpAllowedHosts: string[] | '*';
  /** MCP requests a client may send a minute (0: no limit). */
  mcpRateLimit: number;
  /** Whether /mcp needs an access token (POST /token). */
  mcpRequireToken: boolean;
};

/** A configuration that cannot be used; `problems` has one line per bad key. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

/** Reads and validates the configuration; throws one ConfigError naming every bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(present);
  const problems = result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  let trustProxy: TrustProxy = false;
  try {
    trustProxy = parseTrustProxy(present.TRUST_PROXY);
  } catch (error) {
    problems.push(`TRUST_PROXY: ${(error as Error).message}`);
  }
  const urlProblem = present.DATABASE_URL === undefined ? null : postgresUrlProblem(present.DATABASE_URL);
  if (urlProblem) problems.push(`DATABASE_URL: ${urlProblem}`);
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const c = result.data;
  return {
    port: c.PORT,
    host: c.HOST,
    databasePath: c.DATABASE_PATH,
    databaseUrl: c.DATABASE_URL ?? null,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: c.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: c.DATABASE_STATEMENT_TIMEOUT_MS,
    databaseStartWaitSeconds: c.DATABASE_START_WAIT,
    databaseCreateDirectory: c.DATABASE_CREATE_DIR === undefined ? c.DATABASE_PATH === DEFAULT_DATABASE_PATH : ['true', '1'].includes(c.DATABASE_CREATE_DIR),
    logLevel: c.LOG_LEVEL,
    iconifyPath: c.ICONIFY_PATH,
    seedDefaults: c.SEED_DEFAULTS,
    accessLog: c.ACCESS_LOG,
    metrics: c.METRICS,
    responseCacheBytes: c.RESPONSE_CACHE_MB * 1024 * 1024,
    largeFileCacheBytes: c.LARGE_FILE_CACHE_MB * 1024 * 1024,
    accessTokenTtlSeconds: c.ACCESS_TOKEN_TTL,
    tokenFailureLimit: c.TOKEN_FAILURE_LIMIT,
    tokenFailureWindowSeconds: c.TOKEN_FAILURE_WINDOW,
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    trustProxy,
    databaseCheckIntervalSeconds: c.DATABASE_CHECK_INTERVAL,
    releaseCacheBytes: c.RELEASE_CACHE_MB * 1024 * 1024,
    iconSetCacheBytes: c.ICON_SET_CACHE_MB * 1024 * 1024,
    graphqlCacheBytes: c.GRAPHQL_CACHE_MB * 1024 * 1024,
    searchCacheBytes: c.SEARCH_CACHE_MB * 1024 * 1024,
    idleGcSeconds: c.IDLE_GC_SECONDS,
    mcpAllowedHosts: c.MCP_ALLOWED_HOSTS === '*' ? '*' : c.MCP_ALLOWED_HOSTS.toLowerCase().split(','),
    mcpRateLimit: c.MCP_RATE_LIMIT,
    mcpRequireToken: c.MCP_REQUIRE_TOKEN,
  };
}

/** Why `url` is not a PostgreSQL connection URL (null: it is). Never repeats the URL: it may hold a password. */
function postgresUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL; expected postgres://user:password@host:5432/database';
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    return `the scheme ${parsed.protocol.slice(0, -1)}: is not PostgreSQL's; expected postgres://user:password@host:5432/database (unset it for the SQLite file at DATABASE_PATH)`;
  }
  return null;
}

/** The URL as it may be logged: its password replaced. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const key of ['password', 'sslpassword']) if (parsed.searchParams.has(key)) parsed.searchParams.set(key, '***');
    return parsed.toString();
  } catch {
    return '(a URL that cannot be parsed)';
  }
}
