// GET /sets/:prefix/:name: one icon of an open set: the glyph large, the set's licence and author,
// what to copy to use it from this server (set-snippets.ts), and its SVG to download. A name that
// only renames another (an alias, or a code point of a set made from a font) redirects to it; an
// alias that transforms its parent is an icon of its own and is shown. Unknown: a 404 page.
import type { ExtendedIconifyIcon } from '@iconify/types';
import { defaultIconDimensions } from '@iconify/utils/lib/icon/defaults';
import type { IconSet, IconSetsService } from '../iconify/icon-sets.service.ts';
import { svgOf } from '../iconify/svg.ts';
import type { WebAssets } from './assets.ts';
import { escapeHtml, page } from './layout.ts';
import { authorOf, glyph, licenceOf, SETS_ATTRIBUTION, setHref, setIconHref, setName, svgUrl, type SetListing } from './set-parts.ts';
import { apiUrl, setIconSnippets } from './set-snippets.ts';

export interface SetIconPageDeps {
  assets: WebAssets;
  iconifyPath: string;
}

export type SetIconLookup = { icon: ExtendedIconifyIcon; listing: SetListing } | { redirect: string } | { missing: true };

/** The icon `name` names in `set`: itself, else where an alias or code point leads. */
export async function findSetIcon(iconSets: IconSetsService, set: IconSet, name: string): Promise<SetIconLookup> {
  const { listing: raw, chars } = await iconSets.listing(set);
  const listing = raw as SetListing;
  const target = listing.aliases && Object.hasOwn(listing.aliases, name) ? listing.aliases[name] : undefined;
  if (target !== undefined && target !== name) return { redirect: setIconHref(set.prefix, target) };
  const icon = listing.aliases?.[name] === undefined && chars?.[name] === undefined ? await iconSets.iconData(set, name) : null;
  if (icon) return { icon, listing };
  const drawn = chars && Object.hasOwn(chars, name) ? chars[name] : undefined;
  return drawn && drawn !== name ? { redirect: setIconHref(set.prefix, drawn) } : { missing: true };
}

const copyButton = (text: string, what: string) => `<button type="button" class="copy" data-copy="${escapeHtml(text)}" aria-label="Copy ${escapeHtml(what)}">Copy</button>`;

export function setIconPage({ assets, iconifyPath }: SetIconPageDeps, set: IconSet, name: string, icon: ExtendedIconifyIcon, listing: SetListing, origin: string): string {
  const id = `${set.prefix}:${name}`;
  const svg = svgOf(icon, {});
  const categories = Object.entries(listing.categories ?? {})
    .filter(([, names]) => names.includes(name))
    .map(([title]) => title);
  const aliases = Object.entries(listing.aliases ?? {})
    .filter(([, target]) => target === name)
    .map(([alias]) => alias);
  const hidden = listing.hidden?.includes(name) ?? false;
  const snippets = setIconSnippets(apiUrl(origin, iconifyPath), set.prefix, name, svg)
    .map(
      ({ title, code, note }) => `<section class="variant snippet-block" aria-labelledby="use-${title.toLowerCase().replace(/\W/g, '')}">
<div class="variant-body"><h3 id="use-${title.toLowerCase().replace(/\W/g, '')}">${escapeHtml(title)} ${copyButton(code, `${title} for ${id}`)}</h3>
<p class="muted">${escapeHtml(note)}</p><pre><code>${escapeHtml(code)}</code></pre></div></section>`,
    )
    .join('\n');
  const categoryLinks = categories.map((title) => `<a href="${escapeHtml(`${setHref(set.prefix)}?category=${encodeURIComponent(title)}`)}">${escapeHtml(title)}</a>`).join(', ');
  const body = `
<p class="back"><a href="${escapeHtml(setHref(set.prefix))}">← ${escapeHtml(setName(set))}</a></p>
<article class="icon-page" data-id="${escapeHtml(id)}">
<header class="icon-head"><div class="hero">${glyph(iconifyPath, set, name, { lazy: false, size: 88 })}</div>
<div><h1>${escapeHtml(name)}</h1>
<dl class="facts">
<dt>Id</dt><dd><code>${escapeHtml(id)}</code> ${copyButton(id, 'id')}</dd>
<dt>Set</dt><dd><a href="${escapeHtml(setHref(set.prefix))}">${escapeHtml(setName(set))}</a> <small>${escapeHtml(set.version)}</small></dd>
<dt>Licence</dt><dd>${licenceOf(set)}</dd>
<dt>Author</dt><dd>${authorOf(set)}</dd>
<dt>Size</dt><dd>${icon.width ?? defaultIconDimensions.width} × ${icon.height ?? defaultIconDimensions.height}${icon.rotate || icon.hFlip || icon.vFlip ? ' <span class="muted">(rotated or flipped from its parent)</span>' : ''}</dd>
${categories.length ? `<dt>Categories</dt><dd>${categoryLinks}</dd>` : ''}
<dt>Aliases</dt><dd>${aliases.length ? aliases.map((a) => `<code>${escapeHtml(a)}</code>`).join(' ') : 'none'}</dd>
${hidden ? '<dt>Listed</dt><dd>no: hidden in its set, kept for projects that still use the name</dd>' : ''}
</dl>
<p><a class="download" href="${escapeHtml(`${svgUrl(iconifyPath, set.prefix, name)}?download=1`)}" download="${escapeHtml(name)}.svg">Download SVG</a></p>
</div></header>
<h2>Use it</h2>
<p class="copied" id="copied" role="status" aria-live="polite"></p>
${snippets}
</article>`;
  return page(assets, { title: `${id} · ${setName(set)} · iconmeta`, section: 'sets', view: 'set-icon', body, attribution: SETS_ATTRIBUTION });
}

/** 404: no set `prefix`, or (given `name`) no icon `name` in it. */
export function missingSetPage({ assets }: SetIconPageDeps, prefix: string, set?: IconSet, name?: string): string {
  const body =
    set && name !== undefined
      ? `<h1>No icon “${escapeHtml(name)}” in ${escapeHtml(setName(set))}</h1>
<p>It is neither an icon nor an alias there. <a href="${escapeHtml(`/search?${new URLSearchParams({ q: name.replace(/-/g, ' '), set: set.prefix })}`)}">Search ${escapeHtml(setName(set))} for it</a>, or <a href="${escapeHtml(setHref(set.prefix))}">browse the set</a>.</p>`
      : `<h1>No icon set “${escapeHtml(prefix)}”</h1>
<p>No set with that prefix is loaded here. See <a href="/sets">every icon set</a>, or <a href="${escapeHtml(`/search?${new URLSearchParams({ q: prefix.replace(/-/g, ' ') })}`)}">search them all</a>.</p>`;
  return page(assets, { title: 'Not found · iconmeta', section: 'sets', view: 'missing', body, attribution: SETS_ATTRIBUTION });
}
