// REST: GET /releases/:to/changes?from=:from (a release diff, immutable) and
// POST /releases/:to/upgrade-check?from=:from (the icons a codebase uses, checked against `to`).
import express, { Router, type Request, type Response } from 'express';
import { AppError } from '../errors.ts';
import { CACHE_IMMUTABLE, CACHE_SHORT, serveCachedJson } from '../http/cached-json.ts';
import { parseClientJson } from '../http/json-depth.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import { changesCacheKey, MAX_UPGRADE_BODY_BYTES, parseChangesQuery, parseUpgradeBody } from './changes.query.ts';
import type { ChangesService } from './changes.service.ts';
import type { ReleasesService } from './releases.service.ts';
import { invalidVersion } from './versions.ts';

export interface ChangesDeps {
  releases: ReleasesService;
  changes: ChangesService;
  cache: ResponseCache;
}

// Read as text and parsed by the bounded parser (nesting is measured before JSON.parse runs).
const textBody = express.text({ limit: MAX_UPGRADE_BODY_BYTES, type: () => true });

export function createChangesRouter({ releases, changes, cache }: ChangesDeps): Router {
  const router = Router();

  /** Validates the path version and the query; resolves `from`, which must be a full version. */
  function inputs(req: Request<{ version: string }>, withLicense: boolean) {
    const { version } = req.params;
    const spec = releases.parse(version);
    if (!spec || version === 'latest') throw invalidVersion(version);
    const parsed = parseChangesQuery(req.query as Record<string, unknown>, withLicense);
    if (!parsed.ok) throw new AppError(400, 'INVALID_PARAMETER', 'one or more query parameters are invalid', parsed.invalidParams);
    if (releases.parse(parsed.value.from)?.kind !== 'exact') throw invalidVersion(parsed.value.from);
    const to = releases.resolve(version);
    const from = releases.resolve(parsed.value.from);
    return { exact: spec.kind === 'exact', to, from, license: parsed.value.license };
  }

  router.get('/releases/:version/changes', (req: Request<{ version: string }>, res: Response) => {
    const { exact, to, from } = inputs(req, false);
    if (!exact) {
      res.set('Cache-Control', CACHE_SHORT).redirect(302, `/releases/${to.version}/changes?from=${encodeURIComponent(from.version)}`);
      return;
    }
    // Either order: from 7.3.1 to 5.15.4 is a diff too (what a downgrade changes).
    return serveCachedJson(cache, req, res, changesCacheKey(to.version, from.version), CACHE_IMMUTABLE, () =>
      releases.consistent(() => changes.changes(releases.resolve(from.version), releases.resolve(to.version))),
    );
  });

  router.post('/releases/:version/upgrade-check', textBody, async (req: Request<{ version: string }>, res: Response) => {
    const { to, from, license } = inputs(req, true);
    const body = parseUpgradeBody(parseClientJson(typeof req.body === 'string' ? req.body : '', 'the body'));
    if (!body.ok) throw new AppError(400, 'INVALID_PARAMETER', 'the body must be a JSON array of icon names or { name, prefixes } objects', body.invalidParams);
    const results = await releases.consistent(() => changes.upgradeCheck(releases.resolve(from.version), releases.resolve(to.version), body.value, license));
    res.set('Cache-Control', 'no-store').json({ from: from.version, to: to.version, license, results });
  });

  router.all('/releases/:version/changes', () => {
    throw new AppError(405, 'METHOD_NOT_ALLOWED', 'a release diff is read with GET', undefined, { Allow: 'GET, HEAD' });
  });
  router.all('/releases/:version/upgrade-check', () => {
    throw new AppError(405, 'METHOD_NOT_ALLOWED', 'an upgrade check is sent with POST', undefined, { Allow: 'POST' });
  });
  return router;
}
