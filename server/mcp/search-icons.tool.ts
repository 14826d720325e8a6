// search_icons: icons by meaning, across every open set and Font Awesome release, ranked by the one
// search engine (deps.searchIcons; deps.releaseSearch within one Font Awesome release). This tool
// only filters and shapes what the engine ranked.
import { z } from 'zod';
import { svgOf } from '../iconify/svg.ts';
import { inPrefixFilter } from '../iconify/query-values.ts';
import type { Icon } from '../icons/icons.service.ts';
import { classNames, fontAwesomeSet, openSetPrefix } from './font-awesome.ts';
import { labelOf, licenceOf, licenceSchema, PREFIX, svgUrl, usageOf, type Licence } from './icon-usage.ts';
import type { McpDeps } from './mcp-deps.ts';
import { defineTool } from './tool.ts';

const input = z.object({
  query: z.string().trim().min(1).max(256).describe('What the icon should mean or show, in words ("close", "shopping cart", "user settings"), or its name or Font Awesome classes ("fa-solid fa-house").'),
  prefixes: z
    .array(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*-?$/, 'must be a set prefix such as mdi or fa7-solid, or a prefix ending in "-" such as fa7-'))
    .max(50)
    .optional()
    .describe('Only these icon sets: exact prefixes (mdi, lucide, fa7-solid) or prefixes ending in "-" for every set that starts so (fa7- is every Font Awesome 7 style). list_icon_sets names them.'),
  style: z.string().regex(PREFIX).max(40).optional().describe('A style: solid, regular or brands for Font Awesome; for other sets a word of the icon names such as outline, filled, fill, bold, duotone.'),
  family: z.string().regex(PREFIX).max(40).optional().describe('A Font Awesome family (classic, sharp, duotone): only Font Awesome icons of that family.'),
  licence: z.string().max(40).optional().describe('"free" (every open set and Font Awesome Free), "pro" (Font Awesome Pro only; needs faVersion and a release with Pro icons), or an SPDX id such as MIT, Apache-2.0, CC-BY-4.0.'),
  faVersion: z.string().max(40).optional().describe('Search one Font Awesome release instead of the open sets: 7.3.1, 6.x or 5.x (the newest of a major).'),
  limit: z.number().int().min(1).max(100).default(20).describe('How many icons at most (1-100, default 20).'),
  includeSvg: z.boolean().default(false).describe('Also return each icon\'s SVG markup (for previews; larger answers).'),
});

export const searchResultSchema = z.object({
  id: z.string().describe('Iconify id, prefix:name'),
  label: z.string(),
  set: z.object({ prefix: z.string(), name: z.string() }),
  licence: licenceSchema,
  usage: z.string().describe('Font Awesome classes, or the iconify-icon element'),
  svgUrl: z.string().nullable().describe('Path of the SVG on this server (null: no open set holds it)'),
  svg: z.string().optional(),
  why: z.array(z.string()).optional().describe('What each query word matched, when another word: "settings → cog" (the icon is what the word means), "preferences → settings" (a synonym)'),
});

const output = z.object({
  query: z.string(),
  total: z.number().int().describe('Icons that matched, before filters'),
  icons: z.array(searchResultSchema),
});

type Result = z.infer<typeof searchResultSchema>;
/** A filtered search asks the engine for this many times the limit, so that filters leave enough. */
const OVERFETCH = 5;
const ENGINE_MAX = 999;
const SVG_SIZE = { height: '24' };

export function searchIconsTool(deps: McpDeps) {
  const { iconSets, iconifyPath } = deps;

  const licenceMatches = (licence: Licence, wanted: string | undefined, pro = false) => {
    if (!wanted) return true;
    const w = wanted.toLowerCase();
    if (w === 'free') return !pro;
    if (w === 'pro') return pro;
    return licence.spdx?.toLowerCase() === w || licence.title.toLowerCase() === w;
  };

  const styleMatches = (prefix: string, name: string, style: string | undefined) => {
    if (!style) return true;
    const fa = fontAwesomeSet(prefix);
    return fa ? fa.style === style : prefix.endsWith(`-${style}`) || name.split('-').includes(style);
  };

  async function withSvg(result: Result): Promise<Result> {
    const set = await iconSets.get(result.set.prefix);
    const data = set && (await iconSets.iconData(set, result.id.slice(result.id.indexOf(':') + 1)));
    return data ? { ...result, svg: svgOf(data, SVG_SIZE) } : result;
  }

  async function openSets(params: z.output<typeof input>) {
    const filtered = Boolean(params.style || params.family || params.licence);
    const limit = filtered ? Math.min(ENGINE_MAX, params.limit * OVERFETCH + 32) : params.limit;
    const found = await deps.searchIcons({ query: params.query, prefixes: params.prefixes, limit });
    const icons: Result[] = [];
    for (const [i, id] of found.icons.entries()) {
      if (icons.length === params.limit) break;
      const colon = id.indexOf(':');
      const prefix = id.slice(0, colon);
      const name = id.slice(colon + 1);
      const set = await iconSets.get(prefix);
      const licence = licenceOf(set);
      if (!styleMatches(prefix, name, params.style) || !licenceMatches(licence, params.licence)) continue;
      if (params.family && !(fontAwesomeSet(prefix) && params.family === 'classic')) continue;
      icons.push({ id, label: labelOf(name), set: { prefix, name: set?.info?.name ?? prefix }, licence, usage: usageOf(prefix, name), svgUrl: svgUrl(iconifyPath, prefix, name), ...(found.why ? { why: found.why[i] } : {}) });
    }
    return { total: found.total, icons };
  }

  async function oneRelease(params: z.output<typeof input>, version: string) {
    const { releases } = deps;
    return releases.consistent(async () => {
      const release = releases.resolve(version);
      const major = Number(release.version.split('.')[0]);
      const rowIds = await deps.releaseSearch.search(release, params.query);
      const icons: Result[] = [];
      const chunk = params.limit * OVERFETCH;
      for (let start = 0; start < rowIds.length && icons.length < params.limit; start += chunk) {
        for (const icon of await deps.icons.byRowIds(release, rowIds.slice(start, start + chunk))) {
          const result = releaseResult(icon, major, params);
          if (result && (!params.prefixes || inPrefixFilter(result.set.prefix, params.prefixes))) icons.push(result);
          if (icons.length === params.limit) break;
        }
      }
      return { total: rowIds.length, icons };
    });
  }

  /** One result per icon: its first family-style that passes the filters (free ones first). */
  function releaseResult(icon: Icon, major: number, params: z.output<typeof input>): Result | null {
    const { free, pro } = icon.familyStylesByLicense;
    const isPro = free.length === 0;
    const candidates = params.licence?.toLowerCase() === 'pro' ? (isPro ? pro : []) : [...free, ...pro];
    const chosen = candidates.find((fs) => (!params.style || fs.style === params.style) && (!params.family || fs.family === params.family));
    if (!chosen) return null;
    const licence: Licence = isPro ? { title: 'Font Awesome Pro' } : { title: 'CC BY 4.0 (icons), Font Awesome Free', spdx: 'CC-BY-4.0', url: 'https://fontawesome.com/license/free' };
    if (!licenceMatches(licence, params.licence, isPro)) return null;
    const open = openSetPrefix(major, chosen.family, chosen.style);
    const prefix = open ?? `fa${major}-${chosen.shorthand}`;
    return {
      id: `${prefix}:${icon.name}`,
      label: icon.label,
      set: { prefix, name: `Font Awesome ${major} ${chosen.label}` },
      licence,
      usage: classNames(major, chosen.family, chosen.style, icon.name),
      svgUrl: open && !isPro ? svgUrl(iconifyPath, open, icon.name) : null,
    };
  }

  return defineTool({
    name: 'search_icons',
    title: 'Search icons',
    description:
      'Finds icons by meaning across every icon set this server holds (Material Design Icons, Lucide, Tabler, ... and Font Awesome 5, 6 and 7) with one ranking: ' +
      'words, synonyms and word forms count ("remove" finds trash and xmark). Use it first whenever an icon is needed for a UI element. ' +
      'Narrow it with prefixes (sets), style, family, licence, or faVersion (one Font Awesome release). ' +
      'Returns the best icons first, each with its Iconify id (prefix:name), label, set, licence, how to use it (Font Awesome classes such as "fa-solid fa-xmark", or <iconify-icon icon="mdi:close">) and its SVG URL on this server. ' +
      'Call get_icon for an icon\'s SVG, metadata and code snippets.',
    input,
    output,
    async run(params) {
      const found = params.faVersion ? await oneRelease(params, params.faVersion) : await openSets(params);
      const icons = params.includeSvg ? await Promise.all(found.icons.map(withSvg)) : found.icons;
      return { query: params.query, total: found.total, icons };
    },
    text: (result) =>
      result.icons.length === 0
        ? `No icon matches "${result.query}". Try other words, fewer filters, or list_icon_sets for the sets.`
        : JSON.stringify(result),
  });
}
