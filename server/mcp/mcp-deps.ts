// What the MCP server is given (app.ts wires it; the stdio command gets it from the same app).
import type { Logger } from 'pino';
import type { IconSetsService } from '../iconify/icon-sets.service.ts';
import type { IconsService } from '../icons/icons.service.ts';
import type { ChangesService } from '../releases/changes.service.ts';
import type { ReleasesService } from '../releases/releases.service.ts';
import type { SearchService } from '../search/search.service.ts';

/**
 * The one search engine across every icon set (Font Awesome's among them, as fa7-solid ...):
 * Iconify ids, best first, and for each why it matched ("settings → cog"). The MCP search tool
 * ranks nothing itself.
 */
export type SearchIcons = (params: { query: string; prefixes?: string[]; limit: number }) => Promise<{ total: number; icons: string[]; why?: string[][] }>;

export interface McpDeps {
  searchIcons: SearchIcons;
  /** Search within one Font Awesome release (the release filter). */
  releaseSearch: SearchService;
  iconSets: IconSetsService;
  releases: ReleasesService;
  icons: IconsService;
  changes: ChangesService;
  /** Where the Iconify API is served (config.iconifyPath): SVG URLs are under it. */
  iconifyPath: string;
  logger: Logger;
}
