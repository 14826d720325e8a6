// Pages on which the real Iconify clients, unchanged, draw icons from one Iconify API (`api`, e.g.
// http://127.0.0.1:<port>/iconify): the iconify-icon web component from its browser bundle, and
// @iconify/react with React, bundled in memory by esbuild as a site would bundle it. Every icon a
// page draws sits in an element marked data-icon="<prefix>:<name>", so one reader serves both.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getIconData, iconToSVG } from '@iconify/utils';
import type { IconifyJSON } from '@iconify/types';
import { build } from 'esbuild';
import type { Page } from 'puppeteer-core';
import { root } from './process-helpers.ts';

/** What a client drew for one icon, or what it should draw: its viewBox and its paths' data. */
export interface Drawing {
  viewBox: string | null;
  paths: string[];
}

const pathsOf = (body: string) => [...body.matchAll(/<path\b[^>]*?\sd="([^"]*)"/g)].map((match) => match[1]);

/**
 * The drawing an Iconify client makes of `name` from an API answer (`<prefix>.json?icons=<name>`):
 * aliases followed and the set's defaults applied by @iconify/utils, as the clients do.
 */
export function drawingFrom(answer: IconifyJSON, name: string): Drawing {
  const data = getIconData(answer, name);
  if (!data) throw new Error(`the ${answer.prefix} answer has no icon "${name}": ${JSON.stringify(answer).slice(0, 300)}`);
  const svg = iconToSVG(data);
  return { viewBox: svg.attributes.viewBox, paths: pathsOf(svg.body) };
}

const page = (head: string, body: string) => `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

/** Files for OfflineBrowser.open(): `/web-component.html` and the component's script, both from the site. */
export function webComponentSite(api: string, icons: string[]): Record<string, string> {
  // IconifyProviders is read once, when the script runs: it must be set before.
  const providers = `<script>window.IconifyProviders = { '': { resources: [${JSON.stringify(api)}] } };</script>`;
  return {
    '/web-component.html': page(`${providers}<script src="/iconify-icon.min.js"></script>`, icons.map((icon) => `<iconify-icon icon="${icon}" data-icon="${icon}"></iconify-icon>`).join('\n')),
    '/iconify-icon.min.js': readFileSync(join(root, 'node_modules/iconify-icon/dist/iconify-icon.min.js'), 'utf8'),
  };
}

/** Files for OfflineBrowser.open(): `/react.html` and a bundle of React rendering @iconify/react's <Icon> for each icon. */
export async function reactSite(api: string, icons: string[]): Promise<Record<string, string>> {
  const entry = `
    import { createElement } from 'react';
    import { createRoot } from 'react-dom/client';
    import { Icon, addAPIProvider } from '@iconify/react';
    addAPIProvider('', { resources: [${JSON.stringify(api)}] });
    const icons = ${JSON.stringify(icons)};
    createRoot(document.getElementById('root')).render(
      icons.map((icon) => createElement('span', { key: icon, 'data-icon': icon }, createElement(Icon, { icon }))),
    );`;
  const bundled = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'js', sourcefile: 'react-icons-entry.js' },
    bundle: true,
    write: false,
    format: 'iife',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return {
    '/react.html': page('', `<div id="root"></div><script src="/react-icons.js"></script>`),
    '/react-icons.js': bundled.outputFiles[0].text,
  };
}

/**
 * Waits until every data-icon element holds an <svg> (in its shadow root for the web component)
 * and answers what each drew. A timeout names the icons still not drawn.
 */
export async function drawnIcons(page: Page, timeoutMs = 10_000): Promise<Record<string, Drawing>> {
  const undrawn = () =>
    page.$$eval('[data-icon]', (hosts) => hosts.filter((host) => !(host.shadowRoot ?? host).querySelector('svg')).map((host) => host.getAttribute('data-icon')));
  try {
    await page.waitForFunction(() => [...document.querySelectorAll('[data-icon]')].every((host) => (host.shadowRoot ?? host).querySelector('svg')), { timeout: timeoutMs });
  } catch (error) {
    throw new Error(`not drawn after ${timeoutMs} ms: ${(await undrawn()).join(', ')} (${(error as Error).message})`);
  }
  const drawn = await page.$$eval('[data-icon]', (hosts) =>
    hosts.map((host) => {
      const svg = (host.shadowRoot ?? host).querySelector('svg')!;
      return [host.getAttribute('data-icon')!, { viewBox: svg.getAttribute('viewBox'), paths: [...svg.querySelectorAll('path')].map((path) => path.getAttribute('d') ?? '') }] as const;
    }),
  );
  return Object.fromEntries(drawn);
}
