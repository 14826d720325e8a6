// What an open set's icon page offers to copy, each pointing its Iconify client at this server's
// Iconify API (origin + ICONIFY_PATH) rather than Iconify's public one: the iconify-icon web
// component (IconifyProviders, read once when its script loads), @iconify/react and @iconify/vue
// (addAPIProvider), the API's CSS and the icon's SVG.

export interface SetIconSnippet {
  /** What the block is for, as its heading says. */
  title: string;
  /** The text shown and copied. */
  code: string;
  /** A line saying where it goes. */
  note: string;
}

/** A JavaScript string literal in single quotes. */
const js = (text: string) => `'${text.replace(/[\\']/g, '\\$&').replace(/\n/g, '\\n')}'`;

/** The Iconify API's URL as a client reaches it: `origin` (scheme and host) and the configured path. */
export const apiUrl = (origin: string, iconifyPath: string) => `${origin}${iconifyPath}`;

export function setIconSnippets(api: string, prefix: string, name: string, svg: string): SetIconSnippet[] {
  const id = `${prefix}:${name}`;
  const provider = `addAPIProvider('', { resources: [${js(api)}] });`;
  return [
    {
      title: 'Web component',
      note: 'iconify-icon: set IconifyProviders before its script loads (from the iconify-icon package), then use the element anywhere.',
      code: `<script>\n  window.IconifyProviders = { '': { resources: [${js(api)}] } };\n</script>\n<script src="iconify-icon.min.js"></script>\n\n<iconify-icon icon="${id}"></iconify-icon>`,
    },
    {
      title: 'React',
      note: '@iconify/react: call addAPIProvider once, before the first icon renders.',
      code: `import { Icon, addAPIProvider } from '@iconify/react';\n\n${provider}\n\n<Icon icon="${id}" />`,
    },
    {
      title: 'Vue',
      note: '@iconify/vue: call addAPIProvider once, before the first icon renders.',
      code: `<script setup>\nimport { Icon, addAPIProvider } from '@iconify/vue';\n${provider}\n</script>\n\n<template>\n  <Icon icon="${id}" />\n</template>`,
    },
    {
      title: 'CSS',
      note: 'The Iconify API writes a class per icon (add more names to icons=, comma separated); the icon takes the text colour and size.',
      code: `<link rel="stylesheet" href="${api}/${prefix}.css?icons=${name}">\n\n<span class="icon--${prefix} icon--${prefix}--${name}"></span>`,
    },
    { title: 'SVG', note: 'The icon itself, 1em high: it takes the text colour and size.', code: svg },
  ];
}
