// The page shell every view of the icon browser shares: head (the stylesheet and the theme script,
// inlined: nothing to fetch before first paint; the page's modules), header with navigation, the
// one search box over every icon (/search) and the theme switch, and the data attribution. Pages
// are server-rendered; the scripts only add what needs a browser.
import type { WebAssets } from './assets.ts';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Embeds JSON for the page's script: `<` is escaped so no value can close the script element. */
export const jsonScript = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/**
 * What a page may do: only this origin's scripts, styles and requests, plus the stylesheet and the
 * theme script inlined in its head (by hash); no framing.
 */
export function pageCsp(assets: WebAssets): string {
  return `default-src 'none'; script-src 'self' ${assets.inline('theme.js').hash}; style-src 'self' ${assets.inline('app.css').hash}; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
}

export type Section = 'icons' | 'sets' | 'search' | 'diff' | 'api';

/** The longest query the header's search box takes (the Iconify API's search refuses longer ones). */
export const SEARCH_MAX_LENGTH = 256;

export interface PageOptions {
  title: string;
  section: Section;
  /** The page's data-page attribute: which view app.js starts. */
  view: string;
  body: string;
  /** A release to keep in the navigation's links. */
  version?: string;
  /** The view's own module in web/, beside app.js (which every page runs). */
  script?: string;
  /** The footer's data attribution (HTML), when not Font Awesome's: the open icon sets' pages. */
  attribution?: string;
  /** The header's search box: the query it shows. */
  query?: string;
  /** The header's search box has the focus: the search page, and the release browser (/). */
  focus?: boolean;
  /** What the header's box searches, where not every icon: its label, and the filters it carries. */
  scope?: SearchScope;
}

/**
 * The filters a page's search starts from (the release browser's release, style and licence; a
 * set's page, its set), sent with the header's box as /search parameters. An empty value is sent
 * as nothing: its input is disabled (the browser's script fills and enables it as filters change).
 */
export interface SearchScope {
  label: string;
  filters: Record<string, string>;
}

export const FONT_AWESOME_ATTRIBUTION =
  'Font Awesome Free by Fonticons, Inc. (<a href="https://fontawesome.com/license/free">license</a>: icons CC BY 4.0, metadata MIT), modified: imported from the published packages and reshaped.';

const MOON = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z"/></svg>';

/** The one search box, in every page's header: a GET of /search, with the filters its page starts from. */
function searchBox(query: string, focus: boolean, scope: SearchScope = { label: 'Search every icon', filters: {} }): string {
  const filters = Object.entries(scope.filters)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}"${value ? '' : ' disabled'}>`)
    .join('');
  return `<form class="find" id="find" action="/search" method="get" role="search"><label class="sr-only" for="find-q">${escapeHtml(scope.label)}</label><input id="find-q" name="q" type="search" value="${escapeHtml(query)}" placeholder="${escapeHtml(scope.label)}" autocomplete="off" spellcheck="false" maxlength="${SEARCH_MAX_LENGTH}"${focus ? ' autofocus' : ''}>${filters}</form>`;
}

export function page(assets: WebAssets, { title, section, view, body, version, script, attribution, query = '', focus = false, scope }: PageOptions): string {
  const v = version ? `?v=${encodeURIComponent(version)}` : '';
  const link = (href: string, name: Section, text: string) =>
    `<a href="${href}"${section === name ? ' aria-current="page"' : ''}>${text}</a>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${assets.inline('app.css').text}</style>
<script>${assets.inline('theme.js').text}</script>
<script type="module" src="${assets.url('app.js')}"></script>${script ? `\n<script type="module" src="${assets.url(script)}"></script>` : ''}
</head><body data-page="${view}">
<a class="skip" href="#main">Skip to content</a>
<header class="top"><a class="brand" href="/${v}">iconmeta</a>
<nav aria-label="Main">${link(`/${v}`, 'icons', 'Icons')}${link('/sets', 'sets', 'Icon sets')}${link(`/diff${version ? `?to=${encodeURIComponent(version)}` : ''}`, 'diff', 'Release diff')}${link('/api', 'api', 'API')}</nav>
${searchBox(query, focus, scope)}
<button type="button" class="theme" id="theme" aria-label="Switch to dark theme" title="Switch theme">${MOON}</button>
</header>
<main id="main">${body}</main>
<footer>${attribution ?? FONT_AWESOME_ATTRIBUTION} Served by iconmeta, offline.</footer>
</body></html>`;
}
