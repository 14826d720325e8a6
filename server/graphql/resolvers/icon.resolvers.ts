import type { Icon } from '../../icons/icons.service.ts';
import type { FamilyStyleRow } from '../../releases/releases.repo.ts';
import type { Release } from '../../releases/releases.service.ts';
import { requireAnyScope } from '../authorize.ts';
import type { GraphQLContext } from '../context.ts';
import { iconDefinition, svgHtml } from '../svg.ts';

/** An icon as GraphQL resolves it: assembled (aliases, family-styles) and aware of its release. */
export type IconParent = Icon & { release: Release };

/** Icons by row id, in the order given, from the release's icons held in memory (at once when kept). */
export function toIconParents(ctx: GraphQLContext, release: Release, rowIds: number[]): IconParent[] | Promise<IconParent[]> {
  const icons = ctx.services.icons.byRowIds(release, rowIds);
  return icons instanceof Promise ? icons.then((found) => withRelease(found, release)) : withRelease(icons, release);
}

// The icons' own objects (and array) take their release: no copy of either per request.
function withRelease(icons: Icon[], release: Release): IconParent[] {
  for (const icon of icons as IconParent[]) icon.release = release;
  return icons as IconParent[];
}

// Legacy style names: classic family-styles only (the deprecated fields predate families).
const legacyStyles = (familyStyles: FamilyStyleRow[]) =>
  [...new Set(familyStyles.filter((fs) => fs.family === 'classic' || fs.prefix === 'fad').map((fs) => (fs.prefix === 'fad' ? 'duotone' : fs.style)))];

const enumToName = (value: string) => value.toLowerCase().replace(/_/g, '-');

interface SvgsArgs {
  filter?: { familyStyles?: { family: string; style: string }[] | null } | null;
}

export const iconResolvers = {
  Icon: {
    id: (icon: IconParent) => icon.name,
    unicodeHex: (icon: IconParent) => icon.unicode,
    unicodeInt: (icon: IconParent) => parseInt(icon.unicode, 16),
    changes: (icon: IconParent, _: unknown, ctx: GraphQLContext) => ctx.loaders.changes.load(icon.id),
    membership: (icon: IconParent) => ({
      free: legacyStyles(icon.familyStylesByLicense.free),
      pro: legacyStyles(icon.familyStylesByLicense.pro),
    }),
    styles: (icon: IconParent) => legacyStyles([...icon.familyStylesByLicense.free, ...icon.familyStylesByLicense.pro]),

    async shim(icon: IconParent, _: unknown, ctx: GraphQLContext) {
      const shim = (await ctx.loaders.shimsByTarget.load(icon.release.id)).get(icon.name);
      return shim ? { id: shim.oldName, name: shim.name, prefix: shim.prefix } : null;
    },

    async svgs(icon: IconParent, { filter }: SvgsArgs, ctx: GraphQLContext) {
      // svg_icons_pro sees every family-style; svg_icons_free only those the icon has for free.
      const held = requireAnyScope(ctx.principal, 'svg_icons_pro', 'svg_icons_free');
      const visible = held.includes('svg_icons_pro') ? icon.familyStylesByLicense.pro : icon.familyStylesByLicense.free;
      const wanted = filter?.familyStyles?.map((f) => `${enumToName(f.family)}/${enumToName(f.style)}`);
      const familyStyles = ctx.services.releases.familyStylesById(icon.release);
      const allowed = new Set(visible.filter((fs) => !wanted || wanted.includes(`${fs.family}/${fs.style}`)).map((fs) => fs.id));
      return (await ctx.loaders.svgs.load(icon.id))
        .filter((svg) => allowed.has(svg.familyStyleId))
        .sort((a, b) => familyStyles.get(a.familyStyleId)!.position - familyStyles.get(b.familyStyleId)!.position)
        .map((svg) => {
          const familyStyle = familyStyles.get(svg.familyStyleId)!;
          return {
            familyStyle,
            width: svg.width,
            height: svg.height,
            pathData: svg.pathData,
            html: svgHtml(svg.width, svg.height, svg.pathData),
            iconDefinition: iconDefinition(icon, familyStyle.prefix, svg.width, svg.height, svg.pathData),
          };
        });
    },
  },
};
