// GET /releases/v<version>/<path>: a release's CSS, JS, webfonts, SVGs and sprites as the CDN
// serves them, from the release file store. Immutable: kept in the response cache (which adds the
// strong ETag, 304s and compressed forms) and answered from there by the fast path on later requests.
import { Router, type Request, type Response } from 'express';
import { AppError, notFound } from '../errors.ts';
import { CACHE_IMMUTABLE } from '../http/cached-json.ts';
import { cachedResponse, type ResponseCache } from '../http/response-cache.ts';
import { sendCached } from '../http/send-cached.ts';
import type { ReleasesService } from '../releases/releases.service.ts';
import { contentTypeOf } from '../http/content-types.ts';
import { cdnCacheKey, isCompressible, parseCdnPath } from './cdn-paths.ts';
import type { ReleaseFilesRepo } from './release-files.repo.ts';

export interface CdnDeps {
  releases: ReleasesService;
  files: ReleaseFilesRepo;
  cache: ResponseCache;
  /** Where files too large for `cache` are kept. */
  largeFiles: ResponseCache;
}

export function createCdnRouter({ releases, files, cache, largeFiles }: CdnDeps): Router {
  const router = Router();
  // A file larger than this share of the cache goes to the large files' (it would evict the rest)...
  const maxKept = cache.maxBytes / 8;
  // ...and one larger than this share of theirs is served without being kept: with its compressed
  // forms a file takes about twice its size (all.js: 1.5 MB, then 0.45-0.55 MB a coding).
  const maxLarge = largeFiles.maxBytes / 4;

  router.get('/releases/*path', async (req: Request, res: Response, next) => {
    const file = parseCdnPath(req.path);
    if (!file) return next();
    const key = cdnCacheKey(file);
    let entry = cache.get(key) ?? largeFiles.get(key);
    if (!entry) {
      const spec = releases.parse(file.version);
      if (spec?.kind !== 'exact') throw notFound(`no release v${file.version} on this CDN (give an exact version such as v7.3.1)`);
      const stored = await releases.consistent(() => files.file(releases.resolve(file.version).id, file.storedPath));
      if (!stored) throw notFound(`release ${file.version} has no file ${file.storedPath}`);
      entry = cachedResponse(stored.bytes, contentTypeOf(file.storedPath), CACHE_IMMUTABLE);
      if (!isCompressible(file.storedPath)) entry.compressible = false;
      if (entry.body.length <= maxKept) cache.set(key, entry);
      else if (entry.body.length <= maxLarge) largeFiles.set(key, entry);
    }
    sendCached(req, res, entry);
  });

  router.all('/releases/v*path', (req, _res, next) => {
    if (!parseCdnPath(req.path)) return next();
    throw new AppError(405, 'METHOD_NOT_ALLOWED', 'release files are read-only: use GET', undefined, { Allow: 'GET, HEAD' });
  });
  return router;
}
