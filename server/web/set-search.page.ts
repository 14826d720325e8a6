// GET /sets/search?q=&prefix=&page=: icons of every open set, or of one, matching a query: the
// same search as the Iconify API's /search (icon-set-search.ts, words as Iconify reads them, so
// "mdi:home" searches mdi), ranked as it ranks them, in pages, with how many each set holds.
import type { IconSet } from '../iconify/icon-sets.service.ts';
import { MAX_LIMIT, MAX_QUERY_LENGTH, parseSearchQuery, type IconSetSearch } from '../iconify/icon-set-search.ts';
import type { WebAssets } from './assets.ts';
import { escapeHtml, page } from './layout.ts';
import { count, pageNumber, pager, SETS_ATTRIBUTION, setCell, setHref, setName } from './set-parts.ts';

/** Icons a search answers at most (the Iconify API's own limit), and per page. */
export const SET_SEARCH_LIMIT = MAX_LIMIT;
export const SET_SEARCH_PAGE_SIZE = 240;

export interface SetSearchDeps {
  assets: WebAssets;
  iconifyPath: string;
  iconSetSearch: IconSetSearch;
}

export interface SetSearchState {
  q: string;
  /** A set's prefix, or '' for every set. */
  prefix: string;
  page: string;
}

const searchHref = (q: string, prefix: string, n = 1) => {
  const query = new URLSearchParams({ q });
  if (prefix) query.set('prefix', prefix);
  if (n > 1) query.set('page', String(n));
  return `/sets/search?${query}`;
};

/** The page, given every set (`within`: the one searched, when one is). */
export async function setSearchPage({ assets, iconifyPath, iconSetSearch }: SetSearchDeps, sets: IconSet[], within: IconSet | undefined, state: SetSearchState): Promise<string> {
  const q = state.q.slice(0, MAX_QUERY_LENGTH);
  const parsed = q.trim() ? parseSearchQuery({ query: q, prefix: within?.prefix, limit: String(SET_SEARCH_LIMIT) }) : null;
  const found = parsed?.ok ? await iconSetSearch.search(parsed.value) : { names: [], prefixes: [] };
  const byPrefix = new Map(sets.map((set) => [set.prefix, set]));
  const results = found.names
    .map((id) => {
      const colon = id.indexOf(':');
      return { set: byPrefix.get(id.slice(0, colon)), name: id.slice(colon + 1) };
    })
    .filter((r): r is { set: IconSet; name: string } => r.set !== undefined);
  const pages = Math.ceil(results.length / SET_SEARCH_PAGE_SIZE);
  const current = pageNumber(state.page, pages);
  const shown = results.slice((current - 1) * SET_SEARCH_PAGE_SIZE, current * SET_SEARCH_PAGE_SIZE);

  const perSet = new Map<IconSet, number>();
  for (const { set } of results) perSet.set(set, (perSet.get(set) ?? 0) + 1);
  const chips =
    !within && perSet.size > 1
      ? `<nav class="chips" aria-label="Sets found"><ul>${[...perSet]
          .map(([set, n]) => `<li><a href="${escapeHtml(searchHref(q, set.prefix))}">${escapeHtml(setName(set))} <small>${n}</small></a></li>`)
          .join('')}</ul></nav>`
      : '';
  const capped = results.length >= SET_SEARCH_LIMIT ? '+' : '';
  const where = within ? ` in <a href="${escapeHtml(setHref(within.prefix))}">${escapeHtml(setName(within))}</a> (<a href="${escapeHtml(searchHref(q, ''))}">search every set</a>)` : perSet.size > 0 ? ` in ${count(perSet.size, 'set')}` : '';
  const status = !q.trim() ? 'Type what the icon shows: words of its name, such as “arrow left” or “home”.' : `${results.length.toLocaleString('en')}${capped} icon${results.length === 1 ? '' : 's'} for “${escapeHtml(q)}”${where}`;
  const options = [...sets]
    .sort((a, b) => setName(a).localeCompare(setName(b), 'en'))
    .map((set) => `<option value="${escapeHtml(set.prefix)}"${set === within ? ' selected' : ''}>${escapeHtml(setName(set))} (${escapeHtml(set.prefix)})</option>`)
    .join('');
  const body = `
<p class="back"><a href="${escapeHtml(within ? setHref(within.prefix) : '/sets')}">← ${within ? escapeHtml(setName(within)) : 'All icon sets'}</a></p>
<h1>Search icon sets</h1>
<form class="controls" action="/sets/search" method="get" role="search">
<label class="search"><span class="sr-only">Search icons</span>
<input name="q" type="search" value="${escapeHtml(q)}" placeholder="Search icons" autocomplete="off" spellcheck="false" maxlength="${MAX_QUERY_LENGTH}" autofocus></label>
<label>Set <select name="prefix"><option value=""${within ? '' : ' selected'}>Every set</option>${options}</select></label>
<button type="submit">Search</button>
</form>
<p class="status" role="status">${status}</p>
${chips}
<ul class="grid" aria-label="Icons found">${shown.map(({ set, name }) => setCell(iconifyPath, set, name, !within)).join('')}</ul>
${pager(current, pages, (n) => searchHref(q, within?.prefix ?? '', n))}`;
  const title = q.trim() ? `${q} · ${within ? setName(within) : 'icon sets'} · iconmeta` : 'Search icon sets · iconmeta';
  return page(assets, { title, section: 'sets', view: 'set-search', body, attribution: SETS_ATTRIBUTION });
}
