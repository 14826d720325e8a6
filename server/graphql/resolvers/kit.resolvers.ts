// Kit subset fields (the icon chooser 0.11 reads them in kit mode): the kit's family-styles, its
// icons and variants, search within the kit, and an opening showcase per family-style.
import type { KitRow, UploadRow } from '../../kits/kits.repo.ts';
import { allVariants, iconVariants, showcaseVariants, type ResolvedSubset, type SubsetType } from '../../kits/subsets.ts';
import { MAX_QUERY_LENGTH } from '../../search/search-index.ts';
import type { GraphQLContext } from '../context.ts';
import { badUserInput } from '../errors.ts';
import { paginate, type PageArgs } from './paging.ts';
import { parseSelector, type FamilyStyleSelector } from './selector.ts';
import { variantsPage, type FamilyStyleSubsetParent, type IconWithVariantsParent } from './subset.resolvers.ts';

export const FAMILY_STYLES_MAX_PAGE_SIZE = 100;
export const SEARCH_KIT_MAX_PAGE_SIZE = 50;

const SUBSET_LABELS: Record<SubsetType, string> = { AUTO: 'Auto-Subsetting', CUSTOM: 'Custom Subset', FULL: 'Full Library' };

/** The kit's subset, resolved once per request whichever fields ask. */
function subsetOf(kit: KitRow, ctx: GraphQLContext): Promise<ResolvedSubset> {
  let subset = ctx.loaders.kitSubsets.get(kit.id);
  if (!subset) {
    subset = ctx.loaders.subsetRows.load(kit.id).then((rows) => ctx.services.kits.subsetOf(kit, rows, ctx.services.releases));
    ctx.loaders.kitSubsets.set(kit.id, subset);
  }
  return subset;
}

const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Uploads whose name contains every word of the query (uploads have no labels or terms to rank by). */
function matchingUploads(uploads: UploadRow[], query: string): UploadRow[] {
  const wanted = words(query);
  return wanted.length === 0 ? [] : uploads.filter((u) => wanted.every((w) => u.name.includes(w)));
}

interface SearchKitArgs extends PageArgs {
  query: string;
  searchMode: 'OFFICIAL' | 'CUSTOM';
}
interface ShowcaseArgs extends PageArgs {
  selector?: FamilyStyleSelector | null;
  limitPerFamilyStyle?: number | null;
}

export const kitResolvers = {
  Kit: {
    subsetTypeLabel: (kit: KitRow) => SUBSET_LABELS[kit.subsetType],
    // Kits here are served without Subresource Integrity (the field is deprecated upstream too).
    integrityHash: () => '',
    useIntegrityHash: () => false,

    async familyStylesPaginated(kit: KitRow, args: PageArgs, ctx: GraphQLContext) {
      const subset = await subsetOf(kit, ctx);
      const page = paginate(subset.entries, args, 50, FAMILY_STYLES_MAX_PAGE_SIZE);
      return {
        familyStyles: page.items.map((entry): FamilyStyleSubsetParent => ({ subset, entry })),
        page: page.page,
        pageSize: page.pageSize,
        totalFamilyStyleCount: page.total,
        totalPageCount: page.totalPageCount,
      };
    },

    async familyStyleMember(kit: KitRow, { selector }: { selector: FamilyStyleSelector }, ctx: GraphQLContext): Promise<FamilyStyleSubsetParent | null> {
      const matches = parseSelector(selector);
      const subset = await subsetOf(kit, ctx);
      const entry = subset.entries.find((e) => matches(e.familyStyle));
      return entry ? { subset, entry } : null;
    },

    async icon(kit: KitRow, { name }: { name: string }, ctx: GraphQLContext): Promise<IconWithVariantsParent | null> {
      const subset = await subsetOf(kit, ctx);
      const row = await ctx.services.iconsRepo.byNameOrAlias(subset.release.id, name);
      const icon = row && subset.variants.icon(row.id);
      const variants = icon ? iconVariants(subset, icon) : [];
      return icon && variants.length > 0 ? { icon, variants } : null;
    },

    iconVariantsPaginated: async (kit: KitRow, args: PageArgs, ctx: GraphQLContext) => variantsPage(allVariants(await subsetOf(kit, ctx)), args),

    async searchKit(kit: KitRow, args: SearchKitArgs, ctx: GraphQLContext) {
      if (args.query.length > MAX_QUERY_LENGTH) throw badUserInput(`the search query is longer than ${MAX_QUERY_LENGTH} characters`);
      let found: (IconWithVariantsParent | UploadRow)[];
      if (args.searchMode === 'CUSTOM') found = matchingUploads(await ctx.loaders.uploads.load(kit.id), args.query);
      else {
        const subset = await subsetOf(kit, ctx);
        found = [];
        for (const rowId of await ctx.services.search.search(subset.release, args.query)) {
          const icon = subset.variants.icon(rowId);
          const variants = icon ? iconVariants(subset, icon) : [];
          if (icon && variants.length > 0) found.push({ icon, variants });
        }
      }
      const page = paginate(found, args, SEARCH_KIT_MAX_PAGE_SIZE, SEARCH_KIT_MAX_PAGE_SIZE);
      return { icons: page.items, page: page.page, pageSize: page.pageSize, totalIconCount: page.total, totalPageCount: page.totalPageCount };
    },

    async showcaseIcons(kit: KitRow, args: ShowcaseArgs, ctx: GraphQLContext) {
      const matches = args.selector ? parseSelector(args.selector) : null;
      if (args.limitPerFamilyStyle != null && args.limitPerFamilyStyle < 1) throw badUserInput('limitPerFamilyStyle must be at least 1');
      const subset = await subsetOf(kit, ctx);
      const entries = matches ? subset.entries.filter((e) => matches(e.familyStyle)) : subset.entries;
      return variantsPage(showcaseVariants(subset, entries, args.limitPerFamilyStyle ?? null), args);
    },
  },
};
