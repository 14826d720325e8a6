// GET /downloads/<build id>.zip: a READY build's archive. A build id is random and names one
// archive for ever (kept until pruned), so the answer is cacheable; the zip is compressed already.
import { Router, type Request, type Response } from 'express';
import { notFound } from '../errors.ts';
import { cachedResponse } from '../http/response-cache.ts';
import { sendCached } from '../http/send-cached.ts';
import type { BuildsService } from './builds.service.ts';

const ZIP_PATH = /^\/downloads\/([A-Za-z0-9_-]{8,64})\.zip$/;

export function createDownloadsRouter(builds: BuildsService): Router {
  const router = Router();
  router.get(ZIP_PATH, async (req: Request, res: Response) => {
    const id = ZIP_PATH.exec(req.path)![1];
    const build = await builds.byId(id);
    if (!build) throw notFound(`no build ${id}`);
    if (build.status === 'PENDING') throw notFound(`build ${id} is not finished yet`);
    const zip = await builds.zip(id);
    if (build.status === 'FAILED' || !zip) throw notFound(`build ${id} failed: ${build.failureReason ?? 'no archive'}`);
    const entry = cachedResponse(zip, 'application/zip', 'private, max-age=31536000, immutable');
    entry.compressible = false;
    res.setHeader('Content-Disposition', `attachment; filename="${build.kind}-${id}-${build.buildType.toLowerCase()}.zip"`);
    sendCached(req, res, entry);
  });
  return router;
}
