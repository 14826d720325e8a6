// pick_icon: shows the icon picker (an MCP App, picker.resource.ts) in the chat, optionally with a
// first search; the person's pick comes back to the conversation as their message.
import { z } from 'zod';
import { PICKER_URI } from './picker.resource.ts';
import type { ToolDefinition } from './tool.ts';
import { defineTool } from './tool.ts';
import { searchResultSchema } from './search-icons.tool.ts';

const input = z.object({
  query: z.string().trim().max(256).optional().describe('A first search to show, in words ("close", "settings").'),
  prefixes: z.array(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*-?$/)).max(50).optional().describe('Sets to start with (mdi, fa7-solid, fa7-).'),
  style: z.string().regex(/^[a-z0-9-]+$/).max(40).optional().describe('A style to start with (solid, regular, outline, ...).'),
});

const output = z.object({
  query: z.string(),
  prefixes: z.array(z.string()).optional(),
  style: z.string().optional(),
  total: z.number().int(),
  icons: z.array(searchResultSchema),
});

/** Icons the picker shows for its first search. */
const FIRST_PAGE = 48;

export function pickIconTool(search: ToolDefinition) {
  return defineTool({
    name: 'pick_icon',
    title: 'Pick an icon',
    description:
      'Shows an interactive icon picker in the chat (where the client supports MCP Apps): a search box over every icon set, set and style filters, and a grid of icons. ' +
      'Use it when the person should choose the icon themselves; their pick comes back as their next message with the icon\'s Iconify id. ' +
      'Without MCP Apps support, this returns the icons of the first search, as search_icons does.',
    input,
    output,
    meta: { ui: { resourceUri: PICKER_URI }, 'ui/resourceUri': PICKER_URI },
    async run({ query, prefixes, style }) {
      const first = query ? ((await search.run({ query, prefixes, style, limit: FIRST_PAGE, includeSvg: true })) as { total: number; icons: unknown[] }) : { total: 0, icons: [] };
      return { query: query ?? '', ...(prefixes ? { prefixes } : {}), ...(style ? { style } : {}), total: first.total, icons: first.icons as z.input<typeof searchResultSchema>[] };
    },
    text: (result) =>
      `The icon picker is shown${result.query ? ` with the icons for "${result.query}"` : ''}; the person's pick will come as their message. ` +
      `First icons: ${result.icons.slice(0, 10).map((icon) => icon.id).join(', ') || 'none yet'}.`,
  });
}
