// Kits: an account's embeddable icon sets, with a (possibly symbolic) release version, uploads and
// a subset of the release's family-styles.
import { AppError } from '../errors.ts';
import type { AuthService, Clock } from '../auth/auth.service.ts';
import { newToken } from '../auth/secrets.ts';
import type { ReleaseCache } from '../releases/release-cache.ts';
import type { Release, ReleasesService } from '../releases/releases.service.ts';
import { parseVersionSpec } from '../releases/versions.ts';
import type { KitRow, KitsRepo, SubsetRow } from './kits.repo.ts';
import { checkSubsetSpec, resolveSubset, type ReleaseView, type ResolvedSubset, type SubsetSpec } from './subsets.ts';
import { buildReleaseVariants, type ReleaseVariants } from './variant-index.ts';

export interface NewKit {
  email: string;
  name: string;
  version: string;
  license: 'free' | 'pro';
  technology: 'svg' | 'webfont';
  domains?: string[];
}

const UPLOAD_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

// What a variant index holds per icon (its entry, sets of family-styles, its places in the lists
// and maps): measured 530-560 B (5.15.4 to 7.3.1).
const BYTES_PER_VARIANT_ICON = 600;

/** Release variant indexes live in `cache`, beside the release's other structures. */
export function createKitsService(repo: KitsRepo, auth: AuthService, clock: Clock, cache: ReleaseCache) {
  const variantsOf = async (release: Release): Promise<ReleaseVariants> =>
    cache.get('kit-variants', release.id, async () => {
      const variants = await buildReleaseVariants(repo.variants, release.id);
      return { value: variants, bytes: variants.byName.size * BYTES_PER_VARIANT_ICON };
    });
  const view = async (release: Release, releases: ReleasesService): Promise<ReleaseView> => ({ release, familyStyles: releases.familyStyles(release), variants: await variantsOf(release) });
  const byToken = async (token: string) => {
    const kit = await repo.kitByToken(token);
    if (!kit) throw new AppError(404, 'NOT_FOUND', `no kit with token ${token}`);
    return kit;
  };

  return {
    async create(input: NewKit) {
      if (!parseVersionSpec(input.version)) throw new AppError(400, 'INVALID_VERSION', `"${input.version}" is not a version such as 7.3.1, 7.x or 7.3.x`);
      const account = await auth.account(input.email);
      return repo.insertKit({
        accountId: account.id,
        token: newToken('kit').plain,
        name: input.name,
        version: input.version,
        technology: input.technology,
        license: input.license,
        domains: input.domains ?? [],
        createdAt: clock().toISOString(),
      });
    },

    list: (accountId?: number) => repo.kits(accountId),
    byToken: (token: string) => repo.kitByToken(token),
    uploads: (kitIds: number[]) => repo.uploads(kitIds),
    subsetRows: (kitIds: number[]) => repo.subsetRows(kitIds),
    svgs: (iconIds: number[]) => repo.variants.svgs(iconIds),
    /** A release's icon variants, indexed once per release. */
    releaseVariants: variantsOf,

    async addUpload(kitToken: string, name: string, svgText: string) {
      const kit = await byToken(kitToken);
      if (!UPLOAD_NAME.test(name)) throw new AppError(400, 'INVALID_PARAMETER', 'an upload name is lowercase words joined by hyphens, such as my-logo');
      // The XML parser (~1 MiB of heap) is loaded at the first upload, not by every server.
      const { parseUploadSvg } = await import('./svg-upload.ts');
      let svg;
      try {
        svg = parseUploadSvg(svgText);
      } catch (error) {
        throw new AppError(400, 'INVALID_PARAMETER', `invalid SVG: ${(error as Error).message}`);
      }
      if ((await repo.uploads([kit.id])).some((u) => u.name === name)) throw new AppError(400, 'INVALID_PARAMETER', `kit ${kitToken} already has an upload named ${name}`);
      return repo.addUpload(kit.id, { name, ...svg });
    },

    /** The kit's subset in the release its version names today. */
    async subsetOf(kit: KitRow, rows: SubsetRow[], releases: ReleasesService): Promise<ResolvedSubset> {
      const release = releases.resolve(kit.version);
      return resolveSubset({ type: kit.subsetType, entries: rows }, await view(release, releases), kit.license);
    },

    /** A release-defined subset (an icon collection's), over every icon of the release. */
    async releaseSubset(release: Release, entries: { family: string; style: string; only: string[] | null }[], releases: ReleasesService): Promise<ResolvedSubset> {
      const fs = releases.familyStyles(release);
      const prefixOf = (e: { family: string; style: string }) => fs.find((f) => f.family === e.family && f.style === e.style)?.prefix ?? '';
      return resolveSubset({ type: 'CUSTOM', entries: entries.map((e) => ({ prefix: prefixOf(e), only: e.only })) }, await view(release, releases), 'pro');
    },

    /** Sets a kit's subset after checking it against the kit's release; bumps the kit's revision. */
    async setSubset(kitToken: string, spec: SubsetSpec, releases: ReleasesService): Promise<KitRow> {
      const kit = await byToken(kitToken);
      if (spec.type !== 'CUSTOM' && spec.entries.length > 0) throw new AppError(400, 'INVALID_PARAMETER', `a ${spec.type} subset takes no family-styles`);
      const release = releases.resolve(kit.version);
      const checked = checkSubsetSpec(spec, await view(release, releases), kit.license);
      if (checked.problems.length > 0) throw new AppError(400, 'INVALID_PARAMETER', checked.problems.join('; '));
      return repo.setSubset(kit.id, checked.spec.type, checked.spec.entries);
    },
  };
}

export type KitsService = ReturnType<typeof createKitsService>;
