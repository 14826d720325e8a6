// The icon browser's routes: / (and /graphql from a browser: no `query` parameter), /icons/:id,
// /diff, /api, and the hashed files under /web/. Pages are built per request from the services
// (the data they show is held in memory) and answered with an ETag; they revalidate, because the
// release list in them changes when the seed command adds a release.
import { Router, type Request, type Response } from 'express';
import { AppError } from '../errors.ts';
import { GRAPHQL_PATHS } from '../graphql/graphql-http.ts';
import { cachedResponse } from '../http/response-cache.ts';
import { sendCached } from '../http/send-cached.ts';
import type { IconsService } from '../icons/icons.service.ts';
import type { ChangesService } from '../releases/changes.service.ts';
import type { Release, ReleasesService } from '../releases/releases.service.ts';
import type { SearchService } from '../search/search.service.ts';
import { apiPage } from './api.page.ts';
import type { WebAssets } from './assets.ts';
import { browsePage, type BrowseState } from './browse.page.ts';
import { defaultPair, diffPage } from './diff.page.ts';
import { findIcon, iconPage, missingIconPage } from './icon.page.ts';
import { pageCsp } from './layout.ts';

export interface WebDeps {
  assets: WebAssets;
  releases: ReleasesService;
  icons: IconsService;
  search: SearchService;
  changes: ChangesService;
}

/** One value of a query parameter (the first when repeated), or ''. */
const param = (req: Request, name: string): string => {
  const value = req.query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
};

export function createWebRouter(deps: WebDeps): Router {
  const { assets, releases } = deps;
  const csp = pageCsp(assets);
  const sendPage = (req: Request, res: Response, html: string, status = 200): void => {
    res.setHeader('Content-Security-Policy', csp);
    if (status !== 200) {
      res.status(status).set({ 'Cache-Control': 'no-store', 'Content-Type': 'text/html; charset=utf-8' }).send(html);
      return;
    }
    sendCached(req, res, cachedResponse(html, 'text/html; charset=utf-8', 'no-cache'));
  };
  const router = Router();

  /** The release `v` names (exact or symbolic), else the latest with a notice saying why. */
  function releaseFor(v: string): { release?: Release; notice?: string } {
    const list = releases.list();
    const latest = list.find((r) => r.isLatest) ?? list.at(-1);
    if (!v) return { release: latest };
    try {
      return { release: releases.resolve(v) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { release: latest, notice: `${error.message}; showing ${latest?.version ?? 'nothing'} instead.` };
    }
  }

  router.get(GRAPHQL_PATHS, async (req, res, next) => {
    if (req.query.query !== undefined) return next(); // a GraphQL GET
    const { release, notice } = releaseFor(param(req, 'v'));
    if (!release) return sendPage(req, res, apiPage(assets, releases));
    const license = param(req, 'license');
    const state: BrowseState = { release, notice, q: param(req, 'q'), fs: param(req, 'fs'), license: license === 'free' || license === 'pro' ? license : '' };
    sendPage(req, res, await browsePage(deps, state));
  });

  router.get('/icons/:id', async (req: Request<{ id: string }>, res) => {
    const { release } = releaseFor(param(req, 'v'));
    if (!release) return sendPage(req, res, apiPage(assets, releases), 404);
    const cameFrom = releases.list().find((r) => r.version === param(req, 'from'));
    const found = await findIcon(deps.icons, deps.changes, release, req.params.id, cameFrom);
    if ('redirect' in found) return void res.set('Cache-Control', 'no-store').redirect(302, found.redirect);
    if ('missing' in found) return sendPage(req, res, missingIconPage(deps, release, req.params.id), 404);
    sendPage(req, res, await iconPage(deps, release, found.icon));
  });

  router.get('/diff', (req, res) => {
    const list = releases.list();
    const pick = (v: string) => (v ? list.find((r) => r.version === v) : undefined);
    const to = pick(param(req, 'to'));
    const pair = defaultPair(list, to);
    sendPage(req, res, diffPage(deps, pick(param(req, 'from')) ?? pair.from, pair.to));
  });

  router.get('/api', (req, res) => sendPage(req, res, apiPage(assets, releases)));

  router.get('/web/:hash/:file', (req, res, next) => {
    if (!assets.serve(req, res)) next();
  });
  return router;
}
