// The one search engine over every icon (server/search/icon-search.ts) as the MCP tools' SearchIcons.
import type { IconSearch } from '../search/icon-search.ts';
import type { SearchIcons } from './mcp-deps.ts';

export const engineSearch =
  (engine: IconSearch): SearchIcons =>
  async ({ query, prefixes, limit }) => {
    const found = await engine.find({ query, prefixes, limit, explain: true });
    return { total: found.total, icons: found.icons.map((icon) => icon.id), why: found.icons.map((icon) => icon.why ?? []) };
  };
