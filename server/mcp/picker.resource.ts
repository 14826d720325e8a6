// The icon picker's page (web/mcp-picker.html), an MCP App: served as text/html;profile=mcp-app
// with everything inline (the host shows it sandboxed): its script, and the App class of
// @modelcontextprotocol/ext-apps that talks to the host. Built once, at the first read.
import { readFileSync } from 'node:fs';

export const PICKER_URI = 'ui://iconmeta/icon-picker.html';
/** MCP Apps' MIME type (@modelcontextprotocol/ext-apps' RESOURCE_MIME_TYPE). */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

// The package's bundle with its dependencies (dist/iconmeta carries it: scripts/build.ts).
const APP_BUNDLE = new URL('../../node_modules/@modelcontextprotocol/ext-apps/dist/src/app-with-deps.js', import.meta.url);
const PAGE = new URL('../../web/mcp-picker.html', import.meta.url);

/** What the page uses of the package: the App class and its theme helpers. */
const USED = ['App', 'applyDocumentTheme', 'applyHostStyleVariables'];

/**
 * The bundle as the start of the page's one module: its closing export statement becomes
 * declarations of what the page uses, under their own names (the page has no URL to import from).
 */
export function inlineAppBundle(bundle: string): string {
  const exported = /export\s*\{([^}]*)\}\s*;?\s*(\/\/[^\n]*)?\s*$/.exec(bundle);
  if (!exported) throw new Error('the ext-apps bundle does not end with an export statement');
  const locals = new Map(exported[1].split(',').map((part) => part.trim().split(/\s+as\s+/)).map(([local, name]) => [name ?? local, local]));
  const missing = USED.filter((name) => !locals.has(name));
  if (missing.length > 0) throw new Error(`the ext-apps bundle does not export ${missing.join(', ')}`);
  // The page's script ends at the first "</script": none may be inside the bundle's strings.
  return `${bundle.slice(0, exported.index).replaceAll('</script', '<\\/script')}\nconst ${USED.map((name) => `${name} = ${locals.get(name)}`).join(', ')};\n`;
}

export function pickerResource() {
  let html: string | undefined;
  const page = () => {
    html ??= readFileSync(PAGE, 'utf8').replace('/* ext-apps App */', () => inlineAppBundle(readFileSync(APP_BUNDLE, 'utf8')));
    return html;
  };
  return {
    listing: {
      uri: PICKER_URI,
      name: 'icon-picker',
      title: 'Icon picker',
      description: 'An icon picker shown in the chat: search every icon set, filter by set and style, click to pick.',
      mimeType: MCP_APP_MIME_TYPE,
    },
    read: () => ({
      uri: PICKER_URI,
      mimeType: MCP_APP_MIME_TYPE,
      text: page(),
      // It needs no other host: no network access asked for; a border around it in the chat.
      _meta: { ui: { prefersBorder: true, csp: { connectDomains: [], resourceDomains: [] } } },
    }),
  };
}
