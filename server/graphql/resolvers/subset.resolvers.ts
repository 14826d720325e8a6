// Subset types shared by kits and icon collections: FamilyStyleSubset, IconVariant,
// IconWithVariants, the SearchKitIcon union, and IconCollection.subset in the public API's shape.
import type { UploadRow } from '../../kits/kits.repo.ts';
import { entryVariants, type ResolvedSubset, type SubsetEntry, type Variant } from '../../kits/subsets.ts';
import type { VariantIcon } from '../../kits/variant-index.ts';
import type { IconCollection } from '../../releases/catalogue.service.ts';
import type { Release } from '../../releases/releases.service.ts';
import { requireAnyScope, unauthorized } from '../authorize.ts';
import type { GraphQLContext } from '../context.ts';
import { iconDefinition, svgHtml } from '../svg.ts';
import { paginate, type PageArgs } from './paging.ts';

export const VARIANTS_DEFAULT_PAGE_SIZE = 100;
export const VARIANTS_MAX_PAGE_SIZE = 500;

export interface FamilyStyleSubsetParent {
  subset: ResolvedSubset;
  entry: SubsetEntry;
}
export interface IconWithVariantsParent {
  icon: VariantIcon;
  variants: Variant[];
}
export type CollectionParent = IconCollection & { release: Release };

/** An IconVariantsPaginated page of variants. */
export function variantsPage(variants: Variant[], args: PageArgs) {
  const page = paginate(variants, args, VARIANTS_DEFAULT_PAGE_SIZE, VARIANTS_MAX_PAGE_SIZE);
  return { iconVariants: page.items, page: page.page, pageSize: page.pageSize, totalIconVariantCount: page.total, totalPageCount: page.totalPageCount };
}

export const subsetResolvers = {
  FamilyStyleSubset: {
    familyStyle: ({ entry }: FamilyStyleSubsetParent) => entry.familyStyle,
    iconVariantsPaginated: ({ subset, entry }: FamilyStyleSubsetParent, args: PageArgs) => variantsPage(entryVariants(subset, entry), args),
    only: ({ subset, entry }: FamilyStyleSubsetParent, args: PageArgs) => (entry.only ? variantsPage(entryVariants(subset, entry), args) : null),
  },

  IconVariant: {
    name: (v: Variant) => v.icon.name,
    unicodeHex: (v: Variant) => v.icon.unicode,
    unicodeInt: (v: Variant) => parseInt(v.icon.unicode, 16),
    async svg(v: Variant, _: unknown, ctx: GraphQLContext) {
      // As Icon.svgs: svg_icons_pro sees every variant, svg_icons_free only free ones.
      const held = requireAnyScope(ctx.principal, 'svg_icons_pro', 'svg_icons_free');
      if (!held.includes('svg_icons_pro') && !v.free) throw unauthorized(ctx.principal);
      const [row, aliases] = await Promise.all([ctx.loaders.variantSvgs.load(`${v.icon.rowId}:${v.familyStyle.id}`), ctx.loaders.aliases.load(v.icon.rowId)]);
      if (!row) return null;
      return {
        familyStyle: v.familyStyle,
        width: row.width,
        height: row.height,
        pathData: row.pathData,
        html: svgHtml(row.width, row.height, row.pathData),
        iconDefinition: iconDefinition({ ...v.icon, aliases }, v.familyStyle.prefix, row.width, row.height, row.pathData),
      };
    },
  },

  IconWithVariants: {
    name: ({ icon }: IconWithVariantsParent) => icon.name,
    label: ({ icon }: IconWithVariantsParent) => icon.label,
    unicodeHex: ({ icon }: IconWithVariantsParent) => icon.unicode,
    unicodeInt: ({ icon }: IconWithVariantsParent) => parseInt(icon.unicode, 16),
  },

  SearchKitIcon: {
    __resolveType: (icon: IconWithVariantsParent | UploadRow) => ('variants' in icon ? 'IconWithVariants' : 'IconUpload'),
  },

  IconCollection: {
    subset: (collection: CollectionParent, _: unknown, ctx: GraphQLContext) =>
      collection.subset ? ctx.services.kits.releaseSubset(collection.release, collection.subset, ctx.services.releases) : null,
  },

  IconCollectionSubset: {
    familyStyleSubsets: (subset: ResolvedSubset): FamilyStyleSubsetParent[] => subset.entries.map((entry) => ({ subset, entry })),
    familyStyleSubset(subset: ResolvedSubset, { family, style }: { family: string; style: string }): FamilyStyleSubsetParent | null {
      const entry = subset.entries.find((e) => e.familyStyle.family === family && e.familyStyle.style === style);
      return entry ? { subset, entry } : null;
    },
  },
};
