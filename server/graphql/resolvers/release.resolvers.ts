import type { FamilyStyleRow } from '../../releases/releases.repo.ts';
import type { Release } from '../../releases/releases.service.ts';
import type { GraphQLContext } from '../context.ts';
import { MAX_PAGE_SIZE } from '../../icons/icons.query.ts';
import { badUserInput } from '../errors.ts';
import { pageOf, type Icon, type IconsPage } from '../../icons/icons.service.ts';
import { toIconParents, type IconParent } from './icon.resolvers.ts';

const LICENSES = { ANY: null, FREE: 'free', PRO: 'pro' } as const;

/** Marks icons with their release (needed by shim and svgs) in place: a whole release is 2,000 icons. */
function withRelease(icons: Icon[], release: Release): IconParent[] {
  for (const icon of icons) (icon as IconParent).release = release;
  return icons as IconParent[];
}

export const releaseResolvers = {
  Release: {
    familyStyles: (release: Release, _: unknown, ctx: GraphQLContext) => ctx.services.releases.familyStyles(release),

    async familyStylesByLicense(release: Release, _: unknown, ctx: GraphQLContext) {
      const withFree = new Set(await ctx.services.releasesRepo.familyStyleIdsWithFreeIcons(release.id));
      const all = ctx.services.releases.familyStyles(release);
      return { free: all.filter((fs) => withFree.has(fs.id)), pro: all };
    },

    async icon(release: Release, { name }: { name: string }, ctx: GraphQLContext) {
      const row = await ctx.services.iconsRepo.byNameOrAlias(release.id, name);
      return row ? (await toIconParents(ctx, release, [row.id]))[0] : null;
    },

    // Not async: a whole release is thousands of icons, and answered synchronously when its icons
    // are assembled already (the usual case) GraphQL completes the list without a promise per field.
    icons(release: Release, { license }: { license?: string | null }, ctx: GraphQLContext) {
      if (license != null && license !== 'free' && license !== 'pro') throw badUserInput('license must be "free" or "pro"');
      const kept = ctx.services.icons.kept(release, license ?? null);
      if (kept) return withRelease(kept, release);
      return ctx.services.icons.all(release, license ?? null).then((icons) => withRelease(icons, release));
    },

    // Not async, as `icons`: synchronous when the release's icons are assembled already.
    iconsPaginated(release: Release, args: { license: keyof typeof LICENSES; page: number; pageSize: number }, ctx: GraphQLContext) {
      if (args.page < 1) throw badUserInput('page must be at least 1');
      if (args.pageSize < 1 || args.pageSize > MAX_PAGE_SIZE) throw badUserInput(`pageSize must be between 1 and ${MAX_PAGE_SIZE}`);
      const request = { license: LICENSES[args.license], page: args.page, pageSize: args.pageSize };
      const answer = (page: IconsPage) => ({ ...page, icons: withRelease(page.icons, release) });
      const kept = ctx.services.icons.kept(release, request.license);
      return kept ? answer(pageOf(kept, request)) : ctx.services.icons.page(release, request).then(answer);
    },

    iconCount: (release: Release, _: unknown, ctx: GraphQLContext) => counts(ctx, release, 'pairs'),
    iconIdCount: (release: Release, _: unknown, ctx: GraphQLContext) => counts(ctx, release, 'icons'),

    async srisByLicense(release: Release, _: unknown, ctx: GraphQLContext) {
      const sris = await ctx.services.releasesRepo.sris(release.id);
      return { free: sris.filter((s) => s.license === 'free'), pro: sris.filter((s) => s.license === 'pro') };
    },

    download: (release: Release) => ({ separatesWebDesktop: release.separatesWebDesktop }),
    iconPacks: async (release: Release, _: unknown, ctx: GraphQLContext) => (await ctx.services.catalogue.catalogue(release)).iconPacks,
    // Each collection knows its release: IconCollection.subset lists the release's icon variants.
    iconCollections: async (release: Release, _: unknown, ctx: GraphQLContext) => (await ctx.services.catalogue.catalogue(release)).iconCollections.map((c) => ({ ...c, release })),
    visualTags: async (release: Release, _: unknown, ctx: GraphQLContext) => (await ctx.services.catalogue.catalogue(release)).visualTags,

    // Extension: the REST diff's answer. A full version only, as in REST (`7.x` would move).
    changesFrom(release: Release, { version }: { version: string }, ctx: GraphQLContext) {
      if (ctx.services.releases.parse(version)?.kind !== 'exact') throw badUserInput(`"${version.slice(0, 80)}" is not a full release version (such as 5.15.4)`);
      return ctx.services.changes.changes(ctx.services.releases.resolve(version), release);
    },
  },

  // The public API's IconPack.description is String!: empty when a pack has none.
  IconPack: { description: (pack: { description: string | null }) => pack.description ?? '' },

  FamilyStyle: {
    async visualTags(fs: FamilyStyleRow, _: unknown, ctx: GraphQLContext) {
      const release = ctx.services.releases.byId(fs.releaseId);
      if (!release) return [];
      const catalogue = await ctx.services.catalogue.catalogue(release);
      const names = catalogue.visualTagNames.get(fs.id) ?? [];
      return catalogue.visualTags.filter((tag) => names.includes(tag.name));
    },
  },
};

async function counts(ctx: GraphQLContext, release: Release, what: 'pairs' | 'icons') {
  const rows = await ctx.services.releasesRepo.iconCounts(release.id);
  const of = (license: string) => rows.find((r) => r.license === license)?.[what] ?? 0;
  return { free: of('free'), pro: of('pro') };
}
