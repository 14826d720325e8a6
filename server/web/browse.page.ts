// GET / (and /graphql from a browser): the icon browser. The first screen of results is rendered
// here, glyphs included, so it paints before any script runs; browse.js then loads the release's
// icons (REST) and glyphs (free-svgs) and answers each keystroke with the GraphQL search. The form
// works without JavaScript too (a GET of the same URL).
import type { Icon, IconsService, FreeSvgs } from '../icons/icons.service.ts';
import type { Release, ReleasesService } from '../releases/releases.service.ts';
import type { SearchService } from '../search/search.service.ts';
import { MAX_QUERY_LENGTH } from '../search/search-index.ts';
import type { WebAssets } from './assets.ts';
import { escapeHtml, jsonScript, page } from './layout.ts';
import { inlineSvg } from './snippets.ts';

/** Cells rendered at once; browse.js renders the same number, then more as the grid scrolls. */
export const FIRST_CELLS = 120;
/** Search answers at most this many icons, as browse.js asks GraphQL's search for (its `first` limit). */
export const SEARCH_LIMIT = 500;

export interface BrowseState {
  release: Release;
  q: string;
  /** A family-style prefix, or '' for all. */
  fs: string;
  license: '' | 'free' | 'pro';
  /** Said above the grid when the asked-for release was not available. */
  notice?: string;
}

export interface BrowseDeps {
  assets: WebAssets;
  releases: ReleasesService;
  icons: IconsService;
  search: SearchService;
}

/** The glyph a cell shows: the chosen family-style's, else the icon's first free one. */
function glyphOf(svgs: FreeSvgs, icon: Icon, fs: string) {
  if (fs && svgs[fs]?.[icon.name]) return svgs[fs][icon.name];
  for (const { prefix } of icon.familyStylesByLicense.free) if (svgs[prefix]?.[icon.name]) return svgs[prefix][icon.name];
  return null;
}

/** One grid cell; only the first is in the tab order (browse.js moves it: a roving tabindex). */
export function cell(icon: Icon, glyph: ReturnType<typeof glyphOf>, version: string, first = false): string {
  const href = `/icons/${encodeURIComponent(icon.name)}?v=${encodeURIComponent(version)}`;
  const art = glyph ? inlineSvg(glyph) : '<span class="noglyph" aria-hidden="true">Pro</span>';
  return `<li><a class="cell" href="${href}" tabindex="${first ? 0 : -1}" aria-label="${escapeHtml(icon.label)} (${escapeHtml(icon.name)})">${art}<span class="name">${escapeHtml(icon.name)}</span></a></li>`;
}

const matchesFilters = (icon: Icon, fs: string, license: BrowseState['license']) => {
  const free = icon.familyStylesByLicense.free;
  const pro = icon.familyStylesByLicense.pro;
  if (license === 'free' ? free.length === 0 : license === 'pro' ? free.length > 0 || pro.length === 0 : false) return false;
  if (!fs) return true;
  return (license === 'free' ? free : [...free, ...pro]).some((f) => f.prefix === fs);
};

export async function browsePage({ assets, releases, icons, search }: BrowseDeps, state: BrowseState): Promise<string> {
  const { release, fs, license } = state;
  const q = state.q.slice(0, MAX_QUERY_LENGTH);
  const all = await icons.all(release, null);
  const ranked = q.trim() ? await search.search(release, q) : null;
  const found = ranked ? await icons.byRowIds(release, ranked.slice(0, SEARCH_LIMIT)) : all;
  const results = found.filter((icon) => matchesFilters(icon, fs, license));
  const svgs = await icons.freeSvgs(release);

  // Family-styles that hold icons in this release, with how many.
  const counts = new Map<string, number>();
  for (const icon of all) for (const f of new Set([...icon.familyStylesByLicense.free, ...icon.familyStylesByLicense.pro].map((x) => x.prefix))) counts.set(f, (counts.get(f) ?? 0) + 1);
  const familyStyles = releases
    .familyStyles(release)
    .filter((f) => counts.has(f.prefix))
    .map((f) => ({ prefix: f.prefix, label: f.label, count: counts.get(f.prefix)! }));

  const option = (value: string, label: string, selected: boolean) => `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;
  const list = releases.list();
  const capped = ranked !== null && ranked.length >= SEARCH_LIMIT ? '+' : '';
  const status = `${results.length.toLocaleString('en')}${capped} icon${results.length === 1 ? '' : 's'}${q.trim() ? ` for “${escapeHtml(q)}”` : ''}`;
  const cells = results.slice(0, FIRST_CELLS).map((icon, i) => cell(icon, glyphOf(svgs, icon, fs), release.version, i === 0)).join('');
  const body = `
<h1 class="sr-only">Icons of release ${escapeHtml(release.version)}</h1>
<form class="controls" id="controls" action="/" method="get" role="search">
<label class="search"><span class="sr-only">Search icons</span>
<input id="q" name="q" type="search" value="${escapeHtml(q)}" placeholder="Search ${all.length.toLocaleString('en')} icons (press /)" autocomplete="off" spellcheck="false" maxlength="${MAX_QUERY_LENGTH}" aria-describedby="status" autofocus></label>
<label>Release <select id="v" name="v">${[...list].reverse().map((r) => option(r.version, `${r.version}${r.isLatest ? ' (latest)' : ''}`, r.id === release.id)).join('')}</select></label>
<label>Style <select id="fs" name="fs">${option('', 'All styles', fs === '')}${familyStyles.map((f) => option(f.prefix, `${f.label} (${f.count})`, f.prefix === fs)).join('')}</select></label>
<label>License <select id="license" name="license">${option('', 'Any', license === '')}${option('free', 'Free', license === 'free')}${option('pro', 'Pro only', license === 'pro')}</select></label>
<noscript><button type="submit">Search</button></noscript>
</form>
${state.notice ? `<p class="notice" role="alert">${escapeHtml(state.notice)}</p>` : ''}
<p class="status" id="status" role="status" aria-live="polite">${status}</p>
<ul class="grid" id="grid" aria-label="Icons" data-query="${escapeHtml(q)}" data-version="${escapeHtml(release.version)}">${cells}</ul>
<p class="more-wrap"><button type="button" id="more" class="more"${results.length > FIRST_CELLS ? '' : ' hidden'}>Show more</button></p>
<p class="hint">Keys: <kbd>/</kbd> search, <kbd>↓</kbd> into the grid, arrows to move, <kbd>Enter</kbd> to open, <kbd>Esc</kbd> back to search.</p>
${jsonScript('boot', { version: release.version, q, fs, license, firstCells: FIRST_CELLS, searchLimit: SEARCH_LIMIT })}`;
  return page(assets, { title: q.trim() ? `${q} · icons ${release.version} · iconmeta` : `Icons ${release.version} · iconmeta`, section: 'icons', view: 'browse', body, version: release.version, script: 'browse.js' });
}
