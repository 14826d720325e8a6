// get_icon: one icon whole: its SVG (size and colour as asked), metadata (aliases, categories, and
// for Font Awesome its release, Unicode and labels), licence and attribution, and usage snippets.
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { svgOf } from '../iconify/svg.ts';
import type { FontAwesomeLookup } from './font-awesome.ts';
import { fontAwesomeSet } from './font-awesome.ts';
import { authorOf, iconIdSchema, labelOf, licenceOf, licenceSchema, snippetsOf, splitId, svgUrl } from './icon-usage.ts';
import type { McpDeps } from './mcp-deps.ts';
import { defineTool } from './tool.ts';

/** CSS colours that can go into an attribute as they are: #hex, a name, rgb()/hsl() of numbers. */
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%\s]{1,60}\))$/i;

const input = z.object({
  id: iconIdSchema.describe('The icon\'s Iconify id, prefix:name (mdi:close, fa7-solid:xmark), as search_icons returns it.'),
  size: z.number().int().min(8).max(1024).optional().describe('Height of the SVG in pixels (the width follows the icon\'s proportions); default 1em.'),
  color: z.string().regex(COLOUR, 'must be a CSS colour: #hex, a name such as red, or rgb()/hsl()').optional().describe('Colour of a monochrome icon (replaces currentColor), e.g. #1e90ff.'),
});

const output = z.object({
  id: z.string(),
  label: z.string(),
  set: z.object({ prefix: z.string(), name: z.string(), version: z.string().optional() }),
  svg: z.string(),
  svgUrl: z.string(),
  licence: licenceSchema,
  attribution: z.string(),
  aliases: z.array(z.string()),
  categories: z.array(z.string()),
  fontAwesome: z
    .object({ release: z.string(), name: z.string(), label: z.string(), unicode: z.string(), aliases: z.array(z.string()), free: z.array(z.string()), pro: z.array(z.string()) })
    .optional()
    .describe('The icon in its Font Awesome release: Unicode code point, alias names, family-styles'),
  snippets: z.object({ html: z.string(), react: z.string(), css: z.string() }),
});

export function getIconTool(deps: McpDeps, fontAwesome: FontAwesomeLookup) {
  const { iconSets, iconifyPath } = deps;

  async function fontAwesomeFacts(prefix: string, name: string) {
    const fa = fontAwesomeSet(prefix);
    const release = fa && fontAwesome.newestOf(fa.major);
    const icon = release && (await fontAwesome.icon(release, name));
    if (!release || !icon) return undefined;
    const classes = (list: { shorthand: string }[]) => list.map((fs) => fs.shorthand);
    return {
      release: release.version,
      name: icon.name,
      label: icon.label,
      unicode: icon.unicode,
      aliases: icon.aliases?.names ?? [],
      free: classes(icon.familyStylesByLicense.free),
      pro: classes(icon.familyStylesByLicense.pro),
    };
  }

  return defineTool({
    name: 'get_icon',
    title: 'Get an icon',
    description:
      'Gives one icon by its Iconify id (prefix:name, from search_icons): its SVG markup (optionally at a pixel size and in a colour), ' +
      'its aliases and categories, for Font Awesome its release, Unicode code point and styles, its licence and the attribution it needs, ' +
      'and snippets to use it: HTML, React (@fortawesome/react-fontawesome for Font Awesome, @iconify/react for the others) and CSS. ' +
      'Use it once an icon is chosen, to put it into code.',
    input,
    output,
    async run({ id, size, color }) {
      const { prefix, name } = splitId(id);
      const set = await iconSets.get(prefix);
      if (!set || set.info?.hidden) throw new AppError(404, 'NOT_FOUND', `There is no icon set "${prefix}". list_icon_sets names the sets; search_icons finds icons by meaning.`);
      const data = await iconSets.iconData(set, name);
      if (!data) throw new AppError(404, 'NOT_FOUND', `The set "${prefix}" has no icon "${name}". search_icons finds icons by meaning.`);
      const { listing } = await iconSets.listing(set);
      const aliasMap = (listing.aliases ?? {}) as Record<string, string>;
      const canonical = aliasMap[name] ?? name;
      const aliases = Object.keys(aliasMap).filter((alias) => aliasMap[alias] === canonical && alias !== name);
      if (canonical !== name) aliases.unshift(canonical);
      const categories = Object.entries((listing.categories ?? {}) as Record<string, string[]>)
        .filter(([, names]) => names.includes(canonical))
        .map(([category]) => category);
      const fa = await fontAwesomeFacts(prefix, canonical);
      const licence = licenceOf(set);
      const author = authorOf(set);
      const svg = svgOf(data, { ...(size ? { height: String(size) } : {}), ...(color ? { color } : {}) });
      return {
        id: `${prefix}:${name}`,
        label: fa?.label ?? labelOf(name),
        set: { prefix, name: set.info?.name ?? prefix, ...(set.info?.version ? { version: set.info.version } : {}) },
        svg,
        svgUrl: svgUrl(iconifyPath, prefix, name),
        licence,
        attribution: `${set.info?.name ?? prefix}${author ? ` by ${author.name}${author.url ? ` (${author.url})` : ''}` : ''}, ${licence.title}${licence.url ? ` (${licence.url})` : ''}`,
        aliases,
        categories,
        ...(fa ? { fontAwesome: fa } : {}),
        snippets: snippetsOf(prefix, name, iconifyPath, fa?.unicode),
      };
    },
  });
}
