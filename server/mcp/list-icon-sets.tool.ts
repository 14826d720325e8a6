// list_icon_sets: the icon sets this server holds (the open sets and Font Awesome's), with licence,
// icon counts, category and sample icons; one set in detail with its categories of icons.
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { authorOf, licenceOf, licenceSchema, PREFIX } from './icon-usage.ts';
import type { McpDeps } from './mcp-deps.ts';
import { defineTool } from './tool.ts';

const input = z.object({
  prefix: z.string().regex(PREFIX, 'must be a set prefix such as mdi or fa7-solid').optional().describe('One set in detail, with its categories of icons.'),
  query: z.string().trim().max(100).optional().describe('Only sets whose prefix, name or category contains these words (e.g. "material", "emoji", "fa7").'),
  licence: z.string().max(40).optional().describe('Only sets under this licence: an SPDX id (MIT, Apache-2.0, CC-BY-4.0, OFL-1.1).'),
  limit: z.number().int().min(1).max(500).default(50).describe('How many sets at most (default 50).'),
  offset: z.number().int().min(0).default(0).describe('Sets to skip (for the next page).'),
});

const setSchema = z.object({
  prefix: z.string(),
  name: z.string(),
  total: z.number().int().describe('Icons in the set'),
  version: z.string().optional(),
  licence: licenceSchema,
  author: z.object({ name: z.string(), url: z.string().optional() }).optional(),
  category: z.string().optional().describe('The kind of set (General, Emoji, Brands / Social, ...)'),
  palette: z.boolean().describe('Whether icons have colours of their own (false: monochrome, currentColor)'),
  samples: z.array(z.string()).describe('Sample icons, Iconify ids'),
});

const output = z.object({
  total: z.number().int().describe('Sets that pass the filters'),
  sets: z.array(setSchema),
  categories: z.array(z.object({ name: z.string(), icons: z.number().int() })).optional().describe('With prefix: the set\'s categories of icons'),
});

export function listIconSetsTool(deps: McpDeps) {
  const { iconSets } = deps;
  return defineTool({
    name: 'list_icon_sets',
    title: 'List icon sets',
    description:
      'Lists the icon sets this server holds: open sets (Material Design Icons, Lucide, Tabler, ...) and Font Awesome\'s (fa7-solid, fa7-regular, fa7-brands, fa6-*, fa-*), ' +
      'each with its prefix, name, number of icons, licence, author, kind and sample icons. Filter by words or licence; give a prefix for one set with its categories of icons. ' +
      'Use it to choose sets for search_icons (its prefixes filter) or to check a set\'s licence.',
    input,
    output,
    async run({ prefix, query, licence, limit, offset }) {
      const all = (await iconSets.list()).filter((set) => set.info && !set.info.hidden).sort((a, b) => (a.prefix < b.prefix ? -1 : 1));
      const words = query?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
      const chosen = all.filter((set) => {
        if (prefix && set.prefix !== prefix) return false;
        const spdx = set.info!.license?.spdx?.toLowerCase();
        if (licence && spdx !== licence.toLowerCase()) return false;
        const text = `${set.prefix} ${set.info!.name} ${set.info!.category ?? ''}`.toLowerCase();
        return words.every((word) => text.includes(word));
      });
      if (prefix && chosen.length === 0) throw new AppError(404, 'NOT_FOUND', `There is no icon set "${prefix}". Call list_icon_sets without a prefix for every set.`);
      const sets = chosen.slice(offset, offset + limit).map((set) => {
        const info = set.info!;
        const author = authorOf(set);
        return {
          prefix: set.prefix,
          name: info.name,
          total: info.total ?? 0,
          ...(info.version ? { version: info.version } : {}),
          licence: licenceOf(set),
          ...(author ? { author } : {}),
          ...(info.category ? { category: info.category } : {}),
          palette: info.palette ?? false,
          samples: (info.samples ?? []).map((name) => `${set.prefix}:${name}`),
        };
      });
      if (!prefix) return { total: chosen.length, sets };
      const { listing } = await iconSets.listing(chosen[0]);
      const categories = Object.entries((listing.categories ?? {}) as Record<string, string[]>).map(([name, icons]) => ({ name, icons: icons.length }));
      return { total: 1, sets, categories };
    },
  });
}
