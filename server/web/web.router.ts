// The icon browser's routes: / (and /graphql from a browser: no `query` parameter; with `q`, a
// search from before the header's box was the only one, redirected to /search), /icons/:id,
// /search (every icon; /sets/search, its old address, redirects there), /sets (the open icon sets:
// /sets/:prefix, /sets/:prefix/:name), /diff, /api, and
// the hashed files under /web/. Pages are built per request from the services
// (the data they show is held in memory) and answered with an ETag; they revalidate, because the
// release list in them changes when the seed command adds a release.
import { Router, type Request, type Response } from 'express';
import { AppError } from '../errors.ts';
import { GRAPHQL_PATHS } from '../graphql/graphql-http.ts';
import { cachedResponse } from '../http/response-cache.ts';
import { sendCached } from '../http/send-cached.ts';
import type { IconsService } from '../icons/icons.service.ts';
import type { IconSetsService } from '../iconify/icon-sets.service.ts';
import type { IconSearch } from '../search/icon-search.ts';
import type { ChangesService } from '../releases/changes.service.ts';
import type { Release, ReleasesService } from '../releases/releases.service.ts';
import type { SearchService } from '../search/search.service.ts';
import { apiPage } from './api.page.ts';
import type { WebAssets } from './assets.ts';
import { browsePage, type BrowseState } from './browse.page.ts';
import { searchFiltersOf, type BrowseFilters } from './browse-search.ts';
import { defaultPair, diffPage } from './diff.page.ts';
import { findIcon, iconPage, missingIconPage } from './icon.page.ts';
import { pageCsp } from './layout.ts';
import type { SetListing } from './set-parts.ts';
import { findSetIcon, missingSetPage, setIconPage } from './set-icon.page.ts';
import { setPage } from './set.page.ts';
import { searchHref, searchPage } from './search.page.ts';
import { setsPage } from './sets.page.ts';

export interface WebDeps {
  assets: WebAssets;
  releases: ReleasesService;
  icons: IconsService;
  search: SearchService;
  changes: ChangesService;
  /** The open icon sets (/sets pages), and where the Iconify API is served. */
  iconSets: IconSetsService;
  iconifyPath: string;
  /** The one search engine over every icon: the search page. */
  iconSearch: IconSearch;
}

/** One value of a query parameter (the first when repeated), or ''. */
const param = (req: Request, name: string): string => {
  const value = req.query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
};

/**
 * The origin clients reach this server at, for the snippets that point them at its Iconify API:
 * the request's scheme and host (a proxy's forwarded ones where trusted), or localhost for a Host
 * header that is no host name.
 */
const originOf = (req: Request): string => {
  const host = req.host;
  return `${req.protocol}://${host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? host : 'localhost'}`;
};

export function createWebRouter(deps: WebDeps): Router {
  const { assets, releases, iconSets } = deps;
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
    const license = param(req, 'license');
    const filters: BrowseFilters = { v: param(req, 'v'), fs: param(req, 'fs'), license: license === 'free' || license === 'pro' ? license : '' };
    const q = param(req, 'q');
    if (q.trim()) {
      // The browser's own search box is gone; its links (bookmarks, docs) search /search with the
      // same release and filters. 303: the answer to this query is another resource, and the
      // redirect is not kept by browsers (a 301 would be), so / stays free to mean something else.
      const newest = releaseFor('').release?.version ?? '';
      return void res.set('Cache-Control', 'no-store').redirect(303, searchHref({ q, ...searchFiltersOf(filters, newest) }));
    }
    const { release, notice } = releaseFor(filters.v);
    if (!release) return sendPage(req, res, apiPage(assets, releases));
    const state: BrowseState = { release, notice, ...filters };
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

  router.get('/sets', async (req, res) => sendPage(req, res, setsPage(deps, await iconSets.list())));

  router.get('/search', async (req, res) => {
    const set = param(req, 'set') || param(req, 'prefix');
    if (set && !(await iconSets.get(set))) return sendPage(req, res, missingSetPage(deps, set), 404);
    const state = { q: param(req, 'q'), set, license: param(req, 'license'), style: param(req, 'style'), v: param(req, 'v'), page: param(req, 'page') };
    sendPage(req, res, await searchPage(deps, await iconSets.list(), state));
  });

  // The open sets' search page before /search searched every icon: its links keep working.
  router.get('/sets/search', (req, res) => {
    res.set('Cache-Control', 'no-store').redirect(301, searchHref({ q: param(req, 'q'), set: param(req, 'prefix'), page: param(req, 'page') }));
  });

  router.get('/sets/:prefix', async (req: Request<{ prefix: string }>, res) => {
    const set = await iconSets.get(req.params.prefix);
    if (!set) return sendPage(req, res, missingSetPage(deps, req.params.prefix), 404);
    const { listing } = await iconSets.listing(set);
    sendPage(req, res, setPage(deps, set, listing as SetListing, { category: param(req, 'category'), page: param(req, 'page') }));
  });

  router.get('/sets/:prefix/:name', async (req: Request<{ prefix: string; name: string }>, res) => {
    const { prefix, name } = req.params;
    const set = await iconSets.get(prefix);
    if (!set) return sendPage(req, res, missingSetPage(deps, prefix), 404);
    const found = await findSetIcon(iconSets, set, name);
    if ('redirect' in found) return void res.set('Cache-Control', 'no-store').redirect(302, found.redirect);
    if ('missing' in found) return sendPage(req, res, missingSetPage(deps, prefix, set, name), 404);
    sendPage(req, res, setIconPage(deps, set, name, found.icon, found.listing, originOf(req)));
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
