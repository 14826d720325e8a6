// Icons as resources: icon://{prefix}/{name} is the icon's SVG (image/svg+xml). Completion suggests
// set prefixes, and names within a set (by the search engine, as typed so far).
import type { ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { svgOf } from '../iconify/svg.ts';
import type { McpDeps } from './mcp-deps.ts';

const URI = /^icon:\/\/([a-z0-9]+(?:-[a-z0-9]+)*)\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;
/** Completion answers at most this many values (the protocol's limit). */
const MAX_VALUES = 100;

export function iconResource(deps: McpDeps) {
  const template: ResourceTemplate = {
    uriTemplate: 'icon://{prefix}/{name}',
    name: 'icon',
    title: 'Icon SVG',
    description: 'An icon of any set as SVG markup, by set prefix and icon name (icon://mdi/close, icon://fa7-solid/xmark).',
    mimeType: 'image/svg+xml',
  };

  return {
    template,
    /** The icon's SVG as resource contents; null when the URI names no icon. */
    async read(uri: string) {
      const match = URI.exec(uri);
      if (!match) return null;
      const set = await deps.iconSets.get(match[1]);
      const data = set && (await deps.iconSets.iconData(set, match[2]));
      return data ? { uri, mimeType: 'image/svg+xml', text: svgOf(data, {}) } : null;
    },
    async complete(argument: string, value: string, context: Record<string, string> | undefined) {
      const typed = value.toLowerCase();
      if (argument === 'prefix') {
        const prefixes = (await deps.iconSets.list()).filter((set) => set.info && !set.info.hidden && set.prefix.startsWith(typed)).map((set) => set.prefix).sort();
        return { values: prefixes.slice(0, MAX_VALUES), total: prefixes.length, hasMore: prefixes.length > MAX_VALUES };
      }
      const prefix = context?.prefix;
      if (argument !== 'name' || !prefix || typed.length === 0) return { values: [], hasMore: false };
      const found = await deps.searchIcons({ query: typed, prefixes: [prefix], limit: MAX_VALUES });
      return { values: found.icons.map((id) => id.slice(id.indexOf(':') + 1)), hasMore: false };
    },
  };
}
