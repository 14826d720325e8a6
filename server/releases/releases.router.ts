// REST: GET /releases and GET /releases/:version/{family-styles,icon-packs,icons,icons-minimal,free-svgs}.
import { Router, type Request, type Response } from 'express';
import { AppError, notFound } from '../errors.ts';
import { CACHE_IMMUTABLE, CACHE_SHORT, serveCachedJson } from '../http/cached-json.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import { iconsCacheKey, parseIconQuery } from '../icons/icons.query.ts';
import type { IconsService } from '../icons/icons.service.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { ReleasesService, Release } from './releases.service.ts';
import { invalidVersion } from './versions.ts';
import { restFamilyStyle, restIcon, restIconPacks, restMinimalIcon } from './rest-format.ts';

export interface RestDeps {
  releases: ReleasesService;
  catalogue: CatalogueService;
  icons: IconsService;
  cache: ResponseCache;
}

const RESOURCES = ['family-styles', 'icon-packs', 'icons', 'icons-minimal', 'free-svgs'] as const;
type Resource = (typeof RESOURCES)[number];

const methodNotAllowed = () =>
  new AppError(405, 'METHOD_NOT_ALLOWED', 'the REST interface is read-only: use GET', undefined, { Allow: 'GET, HEAD' });

export function createReleasesRouter({ releases, catalogue, icons, cache }: RestDeps): Router {
  const router = Router();

  router.get('/releases', (req, res) =>
    serveCachedJson(cache, req, res, '/releases', CACHE_SHORT, () => ({
      releases: releases.list().map(({ version, date, isLatest }) => ({ version, date, isLatest })),
    })),
  );

  router.get('/releases/:version/:resource', (req: Request<{ version: string; resource: string }>, res: Response) => {
    const { version: input, resource } = req.params;
    if (!RESOURCES.includes(resource as Resource)) throw notFound(`no such resource: ${req.path}`);
    const spec = releases.parse(input);
    // `latest` means 5.x only for old GraphQL clients; in a REST path it would surprise.
    if (input === 'latest') throw invalidVersion(input);
    const release = releases.resolve(input);
    if (spec?.kind !== 'exact') {
      // Symbolic versions move as releases are added: redirect, and never cache that for long.
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      res.set('Cache-Control', CACHE_SHORT).redirect(302, `/releases/${release.version}/${resource}${query}`);
      return;
    }
    return serveResource(req, res, release.version, resource as Resource);
  });

  for (const path of ['/releases', '/releases/:version/:resource']) {
    router.all(path, () => {
      throw methodNotAllowed();
    });
  }

  // Each build resolves its release again inside `consistent`: a retry after a replace committed
  // must read the new release's rows, not the old ids.
  function serveResource(req: Request, res: Response, version: string, resource: Resource): Promise<void> {
    const path = `/releases/${version}/${resource}`;
    const build = <T>(read: (release: Release) => T) => () => releases.consistent(() => read(releases.resolve(version)));
    if (resource === 'family-styles') {
      return serveCachedJson(cache, req, res, path, CACHE_IMMUTABLE, build((release) => ({
        familyStyles: releases.familyStyles(release).map(restFamilyStyle),
      })));
    }
    if (resource === 'free-svgs') {
      return serveCachedJson(cache, req, res, path, CACHE_IMMUTABLE, build(async (release) => ({ svgs: await icons.freeSvgs(release) })));
    }
    if (resource === 'icon-packs') {
      return serveCachedJson(cache, req, res, path, CACHE_IMMUTABLE, build(async (release) => restIconPacks(await catalogue.catalogue(release))));
    }
    const parsed = parseIconQuery(req.query as Record<string, unknown>);
    if (!parsed.ok) throw new AppError(400, 'INVALID_PARAMETER', 'one or more query parameters are invalid', parsed.invalidParams);
    const minimal = resource === 'icons-minimal';
    return serveCachedJson(cache, req, res, iconsCacheKey(version, resource, parsed.value), CACHE_IMMUTABLE, build(async (release) => {
      const page = await icons.page(release, parsed.value);
      return { ...page, icons: page.icons.map(minimal ? restMinimalIcon : restIcon) };
    }));
  }

  return router;
}
