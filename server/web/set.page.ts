// GET /sets/:prefix?category=&page=: one open icon set: its info, licence and author (the header's
// search box searches it), and its listed icons in pages, under their categories when the set has them (all
// of them, each icon once under its first category; or one category). Hidden icons and aliases
// are not listed, as Iconify's pickers list them.
import type { IconSet } from '../iconify/icon-sets.service.ts';
import type { WebAssets } from './assets.ts';
import { escapeHtml, page } from './layout.ts';
import { authorOf, count, licenceOf, pageNumber, pager, SETS_ATTRIBUTION, setCell, setHref, setName, type SetListing } from './set-parts.ts';

/** Icons per page: images below the fold load only when scrolled to. */
export const SET_PAGE_SIZE = 240;

export interface SetPageDeps {
  assets: WebAssets;
  iconifyPath: string;
}

export interface SetPageState {
  /** A category title, or '' for all. */
  category: string;
  page: string;
}

/** The icons a view lists, each with the heading it sits under ('' when the set has no categories). */
function entriesOf(listing: SetListing, category: string): { name: string; group: string }[] {
  const categories = listing.categories ?? {};
  if (category) return (categories[category] ?? []).map((name) => ({ name, group: category }));
  const seen = new Set<string>();
  const entries: { name: string; group: string }[] = [];
  const add = (name: string, group: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    entries.push({ name, group });
  };
  for (const [title, names] of Object.entries(categories)) for (const name of names) add(name, title);
  const other = Object.keys(categories).length > 0 ? 'Other' : '';
  for (const name of listing.uncategorized ?? []) add(name, other);
  return entries;
}

export function setPage({ assets, iconifyPath }: SetPageDeps, set: IconSet, listing: SetListing, state: SetPageState): string {
  const categories = listing.categories ?? {};
  const known = state.category !== '' && Object.hasOwn(categories, state.category);
  const category = known ? state.category : '';
  const entries = entriesOf(listing, category);
  const pages = Math.ceil(entries.length / SET_PAGE_SIZE);
  const current = pageNumber(state.page, pages);
  const shown = entries.slice((current - 1) * SET_PAGE_SIZE, current * SET_PAGE_SIZE);
  const href = (n: number, c = category) => {
    const query = new URLSearchParams();
    if (c) query.set('category', c);
    if (n > 1) query.set('page', String(n));
    const text = query.toString();
    return setHref(set.prefix) + (text ? `?${text}` : '');
  };

  // Runs of icons under one heading, in order: a grid each.
  const runs: { group: string; names: string[] }[] = [];
  for (const { name, group } of shown) {
    if (runs.at(-1)?.group === group) runs.at(-1)!.names.push(name);
    else runs.push({ group, names: [name] });
  }
  const grids = runs
    .map(({ group, names }) => `${group && !category ? `<h3 class="group">${escapeHtml(group)}</h3>` : ''}<ul class="grid" aria-label="${escapeHtml(group || 'Icons')}">${names.map((name) => setCell(iconifyPath, set, name, false)).join('')}</ul>`)
    .join('\n');
  const titles = Object.keys(categories);
  const chips = titles.length
    ? `<nav class="chips" aria-label="Categories"><ul><li><a href="${escapeHtml(href(1, ''))}"${category ? '' : ' aria-current="page"'}>All <small>${(set.info?.total ?? entries.length).toLocaleString('en')}</small></a></li>${titles
        .map((title) => `<li><a href="${escapeHtml(href(1, title))}"${title === category ? ' aria-current="page"' : ''}>${escapeHtml(title)} <small>${categories[title].length}</small></a></li>`)
        .join('')}</ul></nav>`
    : '';
  const info = set.info;
  const body = `
<p class="back"><a href="/sets">← All icon sets</a></p>
<h1>${escapeHtml(setName(set))}</h1>
<dl class="facts">
<dt>Prefix</dt><dd><code>${escapeHtml(set.prefix)}</code></dd>
<dt>Icons</dt><dd>${count(info?.total ?? entries.length, 'icon')}${info?.palette ? ' · colour' : ''}${info?.height ? ` · drawn on a ${escapeHtml(String(info.height))} px grid` : ''}</dd>
<dt>Licence</dt><dd>${licenceOf(set)}</dd>
<dt>Author</dt><dd>${authorOf(set)}</dd>
<dt>Version</dt><dd>${escapeHtml(set.version)}${info?.category ? ` · ${escapeHtml(info.category)}` : ''}${info?.hidden ? ' · <span class="badge pro">hidden: retired</span>' : ''}</dd>
<dt>API</dt><dd><a href="${escapeHtml(`${iconifyPath}/collection?prefix=${encodeURIComponent(set.prefix)}&info=1`)}"><code>${escapeHtml(`${iconifyPath}/collection?prefix=${set.prefix}`)}</code></a></dd>
</dl>
${state.category && !known ? `<p class="notice" role="alert">${escapeHtml(setName(set))} has no category “${escapeHtml(state.category)}”; showing all its icons.</p>` : ''}
${chips}
<p class="status">${category ? `${escapeHtml(category)}: ` : ''}${count(entries.length, 'icon')}${pages > 1 ? `, ${shown.length} on this page` : ''}</p>
${grids}
${pager(current, pages, (n) => href(n))}`;
  const title = `${setName(set)}${category ? ` · ${category}` : ''}${current > 1 ? ` · page ${current}` : ''} · icon sets · iconmeta`;
  // The header's box searches this set (/search with the set filter, which can be cleared there).
  const scope = { label: `Search ${count(info?.total ?? entries.length, 'icon')} of ${setName(set)}`, filters: { set: set.prefix } };
  return page(assets, { title, section: 'sets', view: 'set', body, attribution: SETS_ATTRIBUTION, scope });
}
