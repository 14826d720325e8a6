// What the open icon sets' pages (/sets...) share: a glyph, a grid cell, a set's licence and
// author, a pager, the footer. Glyphs are <img> elements of the Iconify API's SVG (the public API
// every client uses, cached per URL): a set's SVG bodies are imported markup, and an image cannot
// run, load or inject anything into the page, while the HTML stays small however large the bodies.
import type { IconSet } from '../iconify/icon-sets.service.ts';
import { escapeHtml } from './layout.ts';

/** What a set page needs of the service's listing (the /collection answer's lists). */
export interface SetListing {
  uncategorized?: string[];
  categories?: Record<string, string[]>;
  hidden?: string[];
  aliases?: Record<string, string>;
}

export const SETS_ATTRIBUTION = 'Open icon sets by their authors, each under its own licence, named on its pages; imported from their published packages.';

export const setName = (set: IconSet) => set.info?.name ?? set.prefix;

/** The set page's path, and an icon page's. */
export const setHref = (prefix: string) => `/sets/${encodeURIComponent(prefix)}`;
export const setIconHref = (prefix: string, name: string) => `${setHref(prefix)}/${encodeURIComponent(name)}`;

/** The Iconify API's SVG of an icon, under the configured path. */
export const svgUrl = (iconifyPath: string, prefix: string, name: string) => `${iconifyPath}/${encodeURIComponent(prefix)}/${encodeURIComponent(name)}.svg`;

/**
 * A decorative glyph (the surrounding link or heading names it). An image draws currentColor black:
 * sets without a palette are marked `mono`, which the dark theme inverts.
 */
export function glyph(iconifyPath: string, set: IconSet, name: string, { lazy = true, size = 28 } = {}): string {
  const mono = set.info?.palette === true ? '' : ' mono';
  return `<img class="glyph${mono}" src="${escapeHtml(svgUrl(iconifyPath, set.prefix, name))}" alt="" width="${size}" height="${size}"${lazy ? ' loading="lazy"' : ''} decoding="async">`;
}

/** One grid cell: glyph and name (with its set's prefix when the grid mixes sets). */
export function setCell(iconifyPath: string, set: IconSet, name: string, withPrefix: boolean): string {
  const id = `${set.prefix}:${name}`;
  return `<li><a class="cell" href="${escapeHtml(setIconHref(set.prefix, name))}" aria-label="${escapeHtml(id)}" title="${escapeHtml(id)}">${glyph(iconifyPath, set, name)}<span class="name">${escapeHtml(withPrefix ? id : name)}</span></a></li>`;
}

/** A link out, only for http(s) URLs (a set's info is imported data); else the text alone. */
export function linkOut(text: string, url: unknown): string {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return escapeHtml(text);
  return `<a href="${escapeHtml(url)}" rel="noopener noreferrer">${escapeHtml(text)}</a>`;
}

export function licenceOf(set: IconSet): string {
  const licence = set.info?.license;
  if (!licence) return '<span class="muted">not stated</span>';
  const spdx = licence.spdx && licence.spdx !== licence.title ? ` <small>${escapeHtml(licence.spdx)}</small>` : '';
  return linkOut(licence.title || licence.spdx || 'licence', licence.url) + spdx;
}

export function authorOf(set: IconSet): string {
  const author = set.info?.author;
  return author?.name ? linkOut(author.name, author.url) : '<span class="muted">not stated</span>';
}

export const count = (n: number, what: string) => `${n.toLocaleString('en')} ${what}${n === 1 ? '' : 's'}`;

/** A page number from a query parameter: 1 unless a whole number from 1 to `pages`. */
export function pageNumber(given: string, pages: number): number {
  const n = /^\d{1,6}$/.test(given) ? Number(given) : 1;
  return Math.min(Math.max(n, 1), Math.max(pages, 1));
}

/** Previous / next links, `href(n)` making page n's URL; nothing when there is one page. */
export function pager(current: number, pages: number, href: (n: number) => string): string {
  if (pages <= 1) return '';
  const prev = current > 1 ? `<a href="${escapeHtml(href(current - 1))}" rel="prev">← Previous</a>` : '<span class="muted">← Previous</span>';
  const next = current < pages ? `<a href="${escapeHtml(href(current + 1))}" rel="next">Next →</a>` : '<span class="muted">Next →</span>';
  return `<nav class="pager" aria-label="Pages">${prev} <span>Page ${current} of ${pages}</span> ${next}</nav>`;
}
