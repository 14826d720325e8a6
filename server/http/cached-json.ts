// Serve-from-cache for JSON built from immutable data: build and serialise on a miss, then send
// the kept bytes. The fast path serves later hits of the same key without entering Express.
import type { Request, Response } from 'express';
import { cachedResponse, type ResponseCache } from './response-cache.ts';
import { sendCached } from './send-cached.ts';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_SHORT = 'public, max-age=300';

export async function serveCachedJson(
  cache: ResponseCache,
  req: Request,
  res: Response,
  key: string,
  cacheControl: string,
  build: () => unknown,
): Promise<void> {
  let entry = cache.get(key);
  if (!entry) {
    entry = cachedResponse(JSON.stringify(await build()), 'application/json; charset=utf-8', cacheControl);
    cache.set(key, entry);
  }
  sendCached(req, res, entry);
}
