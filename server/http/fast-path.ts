// Answers cache hits for the REST release endpoints before Express: Express costs ~200 us of CPU
// per request here (performance-notes.md), several times the cost of writing cached bytes.
// Anything that is not a hit (a miss, an error, another route) goes to the Express app unchanged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CDN_KEY, cdnCacheKey, parseCdnPath } from '../cdn/cdn-paths.ts';
import { iconsCacheKey, parseIconQuery } from '../icons/icons.query.ts';
import { changesCacheKey } from '../releases/changes.query.ts';
import type { ResponseCache } from './response-cache.ts';
import { sendCached } from './send-cached.ts';

const RELEASE_PATH = /^\/releases\/([0-9A-Za-z.+-]+)\/(family-styles|icon-packs|icons|icons-minimal|free-svgs|changes)$/;

/** The cache key a request URL would be stored under, or null when only Express can tell. */
export function cacheKeyOf(url: string): string | null {
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (pathname === '/releases') return '/releases';
  // Release files (`/releases/v7.3.1/css/all.css`); with a query string (a kit's token) only Express can tell.
  if (pathname.startsWith('/releases/v')) {
    const file = q === -1 ? parseCdnPath(pathname) : null;
    return file && cdnCacheKey(file);
  }
  const match = RELEASE_PATH.exec(pathname);
  if (!match) return null;
  const [, version, resource] = match;
  if (resource !== 'icons' && resource !== 'icons-minimal' && resource !== 'changes') return pathname;
  const params = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
  if (resource === 'changes') {
    const from = params.getAll('from');
    return from.length === 1 ? changesCacheKey(version, from[0]) : null;
  }
  const query: Record<string, string | string[]> = {};
  for (const name of ['license', 'page', 'page_size']) {
    const values = params.getAll(name);
    if (values.length > 0) query[name] = values.length === 1 ? values[0] : values;
  }
  const parsed = parseIconQuery(query);
  return parsed.ok ? iconsCacheKey(version, resource, parsed.value) : null;
}

export interface FastPathOptions {
  cache: ResponseCache;
  /** Release files too large for `cache` (cdn.router.ts), looked up after it for their keys. */
  largeFiles?: ResponseCache;
  /** Headers every response carries (security and CORS), as the Express app would set them. */
  staticHeaders: Record<string, string>;
}

// Hot clients repeat a few URLs: remember what each maps to rather than parse it again.
const MAX_REMEMBERED_URLS = 10_000;

/** Returns true when it answered the request. */
export function createFastPath({ cache, largeFiles, staticHeaders }: FastPathOptions) {
  const keys = new Map<string, string | null>();
  const keyOf = (url: string) => {
    let key = keys.get(url);
    if (key === undefined) {
      if (keys.size >= MAX_REMEMBERED_URLS) keys.clear();
      keys.set(url, (key = cacheKeyOf(url)));
    }
    return key;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/releases')) return false;
    const key = keyOf(req.url);
    const entry = key === null ? undefined : (cache.get(key) ?? (largeFiles && key.startsWith(CDN_KEY) ? largeFiles.get(key) : undefined));
    if (!entry) return false;
    sendCached(req, res, entry, staticHeaders);
    return true;
  };
}
