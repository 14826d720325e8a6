// The search engine of the open sets (the Iconify API's /search) as the MCP tools' SearchIcons.
import { createIconSetSearch, parseSearchQuery } from '../iconify/icon-set-search.ts';
import { iconNamesOf } from '../search/class-names.ts';
import type { SearchIcons } from './mcp-deps.ts';

export const openSetSearch =
  (engine: ReturnType<typeof createIconSetSearch>): SearchIcons =>
  async ({ query, prefixes, limit }) => {
    // Font Awesome's classes ("fa-solid fa-house") name an icon, as in the other search boxes.
    const parsed = parseSearchQuery({ query: iconNamesOf(query) });
    if (!parsed.ok) return { total: 0, icons: [] };
    const { names } = await engine.search({ ...parsed.value, prefixes: prefixes ?? parsed.value.prefixes, limit, start: 0 });
    return { total: names.length, icons: names };
  };
