// What a page that includes a kit loads from this service: the loader, and either the kit's icon
// script (SVG technology: its subset's icons and uploads, the release's SVG core, its shims) or its
// stylesheet (webfont: the release's CSS for the subset's family-styles, shims, upload rules).
// Each is built once per kit revision and release, and kept in the response cache.
import { isCompressible } from '../cdn/cdn-paths.ts';
import { contentTypeOf } from '../http/content-types.ts';
import { cutFont, FONT_URL, fontsOfStylesheet } from '../fonts/font-subset.ts';
import { notFound } from '../errors.ts';
import type { ReleaseFilesRepo } from '../cdn/release-files.repo.ts';
import { cachedResponse, type CachedResponse, type ResponseCache } from '../http/response-cache.ts';
import type { Release, ReleasesService } from '../releases/releases.service.ts';
import type { KitAssetsRepo } from './kit-assets.repo.ts';
import { buildIconPacks, type SelectionEntry } from './icon-packs.ts';
import { coreConfigScript, iconPacksScript, kitLoaderScript, stylesheetOf, uploadsCss } from './kit-script.ts';
import type { KitRow } from './kits.repo.ts';
import type { KitsService } from './kits.service.ts';
import { entryVariants, type ResolvedSubset } from './subsets.ts';

// A kit can change (uploads, subset) at any time: clients may keep its files for a few minutes.
export const CACHE_KIT = 'public, max-age=300';

export interface KitAssetsDeps {
  kits: KitsService;
  releases: ReleasesService;
  repo: KitAssetsRepo;
  files: ReleaseFilesRepo;
  cache: ResponseCache;
}

export function createKitAssets({ kits, releases, repo, files, cache }: KitAssetsDeps) {
  async function kitOf(token: string): Promise<{ kit: KitRow; release: Release; subset: ResolvedSubset }> {
    const kit = await kits.byToken(token);
    if (!kit) throw notFound(`no kit with token ${token}`);
    const subset = await kits.subsetOf(kit, await kits.subsetRows([kit.id]), releases);
    return { kit, release: subset.release, subset };
  }

  const releaseFile = async (release: Release, path: string) => (await files.file(release.id, path))?.bytes.toString('utf8');
  const needFile = async (release: Release, path: string) => {
    const text = await releaseFile(release, path);
    if (text === undefined) throw notFound(`release ${release.version} has no ${path} on this service (import it from its package to serve its files)`);
    return text;
  };

  /** Built once per kit, revision and release; a new upload or subset raises the revision. */
  async function kept(kit: KitRow, release: Release, what: string, contentType: string, build: () => Promise<string>): Promise<CachedResponse> {
    const key = `kit:${kit.token}:${kit.revision}:${kit.technology}:${release.id}:${what}`;
    let entry = cache.get(key);
    if (!entry) cache.set(key, (entry = cachedResponse(await build(), contentType, CACHE_KIT)));
    return entry;
  }

  /** The kit's subset as selection entries (each family-style with its icons). */
  const selection = (subset: ResolvedSubset): SelectionEntry[] =>
    subset.entries.map((entry) => ({ familyStyle: entry.familyStyle, icons: entryVariants(subset, entry).map((variant) => variant.icon) }));

  /** The code points of the subset's family-styles whose stylesheet loads webfont `file`. */
  async function codePointsOf(release: Release, subset: ResolvedSubset, file: string): Promise<number[] | null> {
    const stylesheets = await Promise.all(subset.entries.map((entry) => releaseFile(release, stylesheetOf(entry.familyStyle))));
    const entries = subset.entries.filter((_, i) => fontsOfStylesheet(stylesheets[i] ?? '').includes(file));
    if (entries.length === 0) return null;
    return entries.flatMap((entry) => entryVariants(subset, entry).map((variant) => parseInt(variant.icon.unicode, 16))).filter(Number.isFinite);
  }

  return {
    /**
     * `webfonts/<file>?token=`: the release's font cut to the glyphs of the kit's icons (the
     * stylesheet asks for it where the subset lists icons).
     */
    async font(token: string, file: string): Promise<CachedResponse> {
      const { kit, release, subset } = await kitOf(token);
      const key = `kit:${kit.token}:${kit.revision}:${release.id}:font:${file}`;
      let entry = cache.get(key);
      if (!entry) {
        const bytes = (await files.file(release.id, `webfonts/${file}`))?.bytes;
        const codePoints = await codePointsOf(release, subset, file);
        if (!bytes || !codePoints) throw notFound(`kit ${kit.token} uses no webfont ${file}`);
        entry = cachedResponse(await cutFont(bytes, file, codePoints), contentTypeOf(file), CACHE_KIT);
        entry.compressible = isCompressible(file);
        cache.set(key, entry);
      }
      return entry;
    },

    /** `/<kit>.js`: small, and pointing at the kit's script or stylesheet for its current revision. */
    async loader(token: string, origin: string): Promise<CachedResponse> {
      const { kit, release } = await kitOf(token);
      const asset = kit.technology === 'svg' ? 'js/free.min.js' : 'css/free.min.css';
      const path = `/releases/v${release.version}/${asset}?token=${kit.token}&revision=${kit.revision}`;
      // Not kept: it is a few hundred bytes, and the origin it names comes from the request.
      return cachedResponse(
        kitLoaderScript(
          {
            token: kit.token,
            revision: kit.revision,
            version: release.version,
            technology: kit.technology,
            autoA11y: kit.autoAccessibilityEnabled,
            ...(kit.technology === 'svg' ? { script: path } : { stylesheet: path }),
          },
          origin,
        ),
        'text/javascript; charset=utf-8',
        CACHE_KIT,
      );
    },

    /** `js/free.min.js?token=`: the kit's icons and uploads with the release's SVG core (and shims). */
    async script(token: string): Promise<CachedResponse> {
      const { kit, release, subset } = await kitOf(token);
      return kept(kit, release, 'script', 'text/javascript; charset=utf-8', async () =>
        [
          coreConfigScript(kit.autoAccessibilityEnabled),
          // As the release's all.js orders them: the packs wait in the namespace for the core, which
          // indexes them all at once. (A pack added after the core replaces the page's icons at
          // once, marking those of packs still to come as missing.) Shims last: adding them
          // re-indexes and replaces again.
          iconPacksScript(await buildIconPacks(repo, release, selection(subset), await kits.uploads([kit.id]))),
          await needFile(release, 'js/fontawesome.js'),
          kit.shimEnabled ? await needFile(release, 'js/v4-shims.js') : '',
        ].join('\n'),
      );
    },

    /**
     * `css/free.min.css?token=`: the release's CSS for the subset's family-styles, shims and
     * uploads. A family-style the subset holds only some icons of loads its fonts cut to them.
     */
    async stylesheet(token: string): Promise<CachedResponse> {
      const { kit, release, subset } = await kitOf(token);
      const cutFonts = (css: string) => css.replace(FONT_URL, (_, file: string) => `url(../webfonts/${file}?token=${kit.token}&revision=${kit.revision})`);
      return kept(kit, release, 'stylesheet', 'text/css; charset=utf-8', async () =>
        [
          await needFile(release, 'css/fontawesome.css'),
          ...(await Promise.all(
            subset.entries.map(async (entry) => {
              const css = (await releaseFile(release, stylesheetOf(entry.familyStyle))) ?? '';
              return entry.only ? cutFonts(css) : css;
            }),
          )),
          kit.shimEnabled ? await needFile(release, 'css/v4-shims.css') : '',
          uploadsCss(await kits.uploads([kit.id])),
        ].join('\n'),
      );
    },
  };
}

export type KitAssets = ReturnType<typeof createKitAssets>;
