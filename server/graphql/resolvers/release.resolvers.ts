import type { FamilyStyleRow } from '../../releases/releases.repo.ts';
import type { Release } from '../../releases/releases.service.ts';
import type { GraphQLContext } from '../context.ts';
import { badUserInput } from '../errors.ts';
import { toIconParents } from './icon.resolvers.ts';

const MAX_PAGE_SIZE = 500;
const LICENSES = { ANY: null, FREE: 'free', PRO: 'pro' } as const;

const familyStylesOf = (ctx: GraphQLContext, release: Release): FamilyStyleRow[] => [...ctx.services.releases.familyStylesById(release).values()];

function pageOf(ctx: GraphQLContext, release: Release, license: 'free' | 'pro' | null, page: number, pageSize: number) {
  const result = ctx.services.icons.page(release, { license, page, pageSize }, { withAliases: true });
  return { ...result, icons: result.icons.map((icon) => ({ ...icon, release })) };
}

export const releaseResolvers = {
  Release: {
    familyStyles: (release: Release, _: unknown, ctx: GraphQLContext) => familyStylesOf(ctx, release),

    familyStylesByLicense(release: Release, _: unknown, ctx: GraphQLContext) {
      const withFree = new Set(ctx.services.releasesRepo.familyStyleIdsWithFreeIcons(release.id));
      const all = familyStylesOf(ctx, release);
      return { free: all.filter((fs) => withFree.has(fs.id)), pro: all };
    },

    icon(release: Release, { name }: { name: string }, ctx: GraphQLContext) {
      const row = ctx.services.iconsRepo.byNameOrAlias(release.id, name);
      return row ? toIconParents(ctx, release, [row.id])[0] : null;
    },

    icons(release: Release, { license }: { license?: string | null }, ctx: GraphQLContext) {
      if (license != null && license !== 'free' && license !== 'pro') throw badUserInput('license must be "free" or "pro"');
      const total = ctx.services.icons.page(release, { license: license ?? null, page: 1, pageSize: 1 }, { withAliases: false }).totalIconCount;
      return total === 0 ? [] : pageOf(ctx, release, license ?? null, 1, total).icons;
    },

    iconsPaginated(release: Release, args: { license: keyof typeof LICENSES; page: number; pageSize: number }, ctx: GraphQLContext) {
      if (args.page < 1) throw badUserInput('page must be at least 1');
      if (args.pageSize < 1 || args.pageSize > MAX_PAGE_SIZE) throw badUserInput(`pageSize must be between 1 and ${MAX_PAGE_SIZE}`);
      return pageOf(ctx, release, LICENSES[args.license], args.page, args.pageSize);
    },

    iconCount: (release: Release, _: unknown, ctx: GraphQLContext) => counts(ctx, release, 'pairs'),
    iconIdCount: (release: Release, _: unknown, ctx: GraphQLContext) => counts(ctx, release, 'icons'),

    srisByLicense(release: Release, _: unknown, ctx: GraphQLContext) {
      const sris = ctx.services.releasesRepo.sris(release.id);
      return { free: sris.filter((s) => s.license === 'free'), pro: sris.filter((s) => s.license === 'pro') };
    },

    download: (release: Release) => ({ separatesWebDesktop: release.separatesWebDesktop }),
    iconPacks: (release: Release, _: unknown, ctx: GraphQLContext) => ctx.services.catalogue.catalogue(release).iconPacks,
    iconCollections: (release: Release, _: unknown, ctx: GraphQLContext) => ctx.services.catalogue.catalogue(release).iconCollections,
    visualTags: (release: Release, _: unknown, ctx: GraphQLContext) => ctx.services.catalogue.catalogue(release).visualTags,
  },

  FamilyStyle: {
    visualTags(fs: FamilyStyleRow, _: unknown, ctx: GraphQLContext) {
      const release = ctx.services.releases.byId(fs.releaseId);
      if (!release) return [];
      const catalogue = ctx.services.catalogue.catalogue(release);
      const names = catalogue.visualTagNames.get(fs.id) ?? [];
      return catalogue.visualTags.filter((tag) => names.includes(tag.name));
    },
  },
};

function counts(ctx: GraphQLContext, release: Release, what: 'pairs' | 'icons') {
  const rows = ctx.services.releasesRepo.iconCounts(release.id);
  const of = (license: string) => rows.find((r) => r.license === license)?.[what] ?? 0;
  return { free: of('free'), pro: of('pro') };
}
