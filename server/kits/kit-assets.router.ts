// The kit files a page loads: GET /<kit>.js (the loader kit.fontawesome.com serves), and the
// kit's script or stylesheet at the release paths ka-f.fontawesome.com serves them,
// /releases/v<version>/js/free.min.js?token=<kit> and /releases/v<version>/css/free.min.css?token=<kit>,
// and the fonts that stylesheet names, /releases/v<version>/webfonts/<file>?token=<kit>.
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { sendCached } from '../http/send-cached.ts';
import type { KitAssets } from './kit-assets.service.ts';

const LOADER_PATH = /^\/([A-Za-z0-9]{6,64})\.js$/;
const KIT_ASSET_PATH = /^\/releases\/v[0-9A-Za-z.+-]{1,64}\/(js\/(?:free|pro)(?:\.min)?\.js|css\/(?:free|pro)(?:\.min)?\.css)$/;
const KIT_FONT_PATH = /^\/releases\/v[0-9A-Za-z.+-]{1,64}\/webfonts\/([A-Za-z0-9_-][A-Za-z0-9._-]*\.(?:woff2|woff|ttf))$/;
/** `?token=<kit>` on a kit file's path; the OpenAPI document describes it too (server/openapi.ts). */
export const kitTokenQuery = z.object({
  token: z.string().regex(/^[A-Za-z0-9]{6,64}$/, 'a kit token: letters and digits').describe("A kit's token, for its js/free.min.js or css/free.min.css"),
});

export function createKitAssetsRouter(assets: KitAssets): Router {
  const router = Router();

  router.get(LOADER_PATH, async (req: Request, res: Response) => {
    const token = LOADER_PATH.exec(req.path)![1];
    sendCached(req, res, await assets.loader(token, `${req.protocol}://${req.get('host') ?? 'localhost'}`));
  });

  router.get(KIT_ASSET_PATH, async (req: Request, res: Response) => {
    const query = kitTokenQuery.safeParse(req.query);
    if (!query.success) {
      throw new AppError(400, 'INVALID_PARAMETER', "a kit's script or stylesheet needs its kit: ?token=<kit token>", [{ name: 'token', reason: query.error.issues[0].message }]);
    }
    const isScript = req.path.endsWith('.js');
    sendCached(req, res, await (isScript ? assets.script(query.data.token) : assets.stylesheet(query.data.token)));
  });

  // A kit's font cut to its icons; without a token, the release's own font (the CDN router).
  router.get(KIT_FONT_PATH, async (req: Request, res: Response, next) => {
    const query = kitTokenQuery.safeParse(req.query);
    if (!query.success) return next();
    sendCached(req, res, await assets.font(query.data.token, KIT_FONT_PATH.exec(req.path)![1]));
  });
  return router;
}
