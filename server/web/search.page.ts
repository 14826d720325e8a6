// GET /search?q=&set=&license=&style=&v=&page=: one search over every icon, the open sets and Font
// Awesome's together, from the header's search box on every page (this page joins its filters to
// that box). Filters: a set; a licence (the sets stating it); a style (Font Awesome's solid, regular
// and brands sets; in other sets, names ending -fill/-outline and the like, and logo sets); a Font
// Awesome release (then that release's own icons answer, and the release browser's filters apply
// too: Free or Pro only, and one of its family-styles, fas, fal ...). Each answer says why it matched. The
// page works without JavaScript (a GET of the same URL); search.js updates it as people type.
import type { IconsService } from '../icons/icons.service.ts';
import type { IconSet } from '../iconify/icon-sets.service.ts';
import { AppError } from '../errors.ts';
import type { Release, ReleasesService } from '../releases/releases.service.ts';
import { iconNamesOf } from '../search/class-names.ts';
import type { IconSearch } from '../search/icon-search.ts';
import type { SearchService } from '../search/search.service.ts';
import type { WebAssets } from './assets.ts';
import { escapeHtml, FONT_AWESOME_ATTRIBUTION, page, SEARCH_MAX_LENGTH } from './layout.ts';
import { isReleaseLicence, isStyle, licencesOf, setFilter, STYLES, type Style } from './search-filters.ts';
import { freeLicenceOf, hitCell, searchEverySet, searchRelease, type Hit } from './search-results.ts';
import { count, pageNumber, pager, SETS_ATTRIBUTION, setName } from './set-parts.ts';

export const SEARCH_PAGE_SIZE = 120;

export interface SearchPageDeps {
  assets: WebAssets;
  iconifyPath: string;
  iconSearch: IconSearch;
  releases: ReleasesService;
  icons: IconsService;
  search: SearchService;
}

export interface SearchState {
  q: string;
  /** A set's prefix (known: the router answers 404 for others), or ''. */
  set: string;
  license: string;
  style: string;
  /** A Font Awesome release, exact or symbolic ("6.x"), or ''. */
  v: string;
  page: string;
}

/** The page's own URL for a state (empty parameters left out). */
export function searchHref(state: Partial<SearchState>): string {
  const query = new URLSearchParams();
  for (const key of ['q', 'set', 'license', 'style', 'v', 'page'] as const) if (state[key] && !(key === 'page' && state.page === '1')) query.set(key, state[key]);
  return `/search?${query}`;
}

const option = (value: string, label: string, selected: boolean) => `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;

export async function searchPage(deps: SearchPageDeps, allSets: IconSet[], state: SearchState): Promise<string> {
  const { assets, releases } = deps;
  const q = state.q.slice(0, SEARCH_MAX_LENGTH);
  const sets = allSets.filter((set) => set.info && !set.info.hidden);
  const byPrefix = new Map(sets.map((set) => [set.prefix, set]));
  const licences = licencesOf(sets);
  const notices: string[] = [];
  let release: Release | undefined;
  const latest = releases.list().find((r) => r.isLatest);
  if (state.v) {
    try {
      release = releases.resolve(state.v);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      notices.push(`${error.message}; ${sets.length > 0 || !latest ? 'every set' : `Font Awesome ${latest.version}`} is searched instead.`);
    }
  }
  // Where no open set is loaded (nor Font Awesome's sets, made at start), the newest release answers.
  if (!release && sets.length === 0 && latest) {
    release = latest;
    if (!state.v) notices.push(`No icon set is loaded here; Font Awesome ${latest.version} is searched.`);
  }
  // A release adds filters of its own (the release browser's): Free or Pro only, and its family-styles.
  const familyStyles = release ? releases.familyStyles(release) : [];
  const licence = licences.some((l) => l.key === state.license) || (release && isReleaseLicence(state.license)) ? state.license : '';
  if (state.license && !licence)
    notices.push(isReleaseLicence(state.license) ? `“${state.license}” filters a Font Awesome release: choose one under Release; any licence is searched.` : `No set here is under “${state.license}”; any licence is searched.`);
  const style: Style | '' = isStyle(state.style) ? state.style : '';
  const familyStyle = familyStyles.some((f) => f.prefix === state.style) ? state.style : '';
  if (state.style && !style && !familyStyle)
    notices.push(`“${state.style}” is not a style here (solid, regular, brands${release ? `, or a family-style of Font Awesome ${release.version}` : '; with a release chosen, its family-styles'}); any style is searched.`);
  if (release && state.set) notices.push(`Font Awesome ${release.version} is searched on its own: the set filter applies to a search of every set.`);

  const query = iconNamesOf(q).trim();
  let found: { hits: Hit[]; total: number; capped: boolean } = { hits: [], total: 0, capped: false };
  if (query) {
    found = release
      ? await searchRelease(deps, release, query, { licence, freeLicence: freeLicenceOf(sets), style: familyStyle || style })
      : await searchEverySet(deps.iconSearch, deps.iconifyPath, byPrefix, query, setFilter(sets, { set: state.set, licence, style }));
  }
  const { hits } = found;
  const pages = Math.ceil(hits.length / SEARCH_PAGE_SIZE);
  const current = pageNumber(state.page, pages);
  const shown = hits.slice((current - 1) * SEARCH_PAGE_SIZE, current * SEARCH_PAGE_SIZE);
  const kept = { q, set: release ? '' : state.set, license: licence, style: familyStyle || style, v: release ? state.v : '' };

  // How many answers each set gave, to narrow to one (a search of every set only).
  const perSet = new Map<string, number>();
  for (const hit of hits) if (hit.prefix) perSet.set(hit.prefix, (perSet.get(hit.prefix) ?? 0) + 1);
  const chips =
    !release && !state.set && perSet.size > 1
      ? `<nav class="chips" aria-label="Sets found"><ul>${[...perSet]
          .map(([prefix, n]) => `<li><a href="${escapeHtml(searchHref({ ...kept, set: prefix }))}">${escapeHtml(setName(byPrefix.get(prefix)!))} <small>${n}</small></a></li>`)
          .join('')}</ul></nav>`
      : '';
  const where = release ? ` in Font Awesome ${escapeHtml(release.version)}` : state.set ? ` in ${escapeHtml(setName(byPrefix.get(state.set)!))}` : perSet.size > 0 ? ` in ${count(perSet.size, 'set')}` : '';
  const status = !query
    ? 'Type what the icon shows or does, in your words: “settings”, “close the dialog”, “phone is charging”.'
    : `${found.total.toLocaleString('en')}${found.capped ? '+' : ''} icon${found.total === 1 ? '' : 's'} for “${escapeHtml(q)}”${where}`;

  const setOptions = [...sets]
    .sort((a, b) => setName(a).localeCompare(setName(b), 'en'))
    .map((set) => option(set.prefix, `${setName(set)} (${set.prefix})`, set.prefix === kept.set))
    .join('');
  const releaseOptions = [...releases.list()].reverse().map((r) => option(r.version, `Font Awesome ${r.version}${r.isLatest ? ' (latest)' : ''}`, r.id === release?.id)).join('');
  // The filters belong to the header's search form (id "find"): one box, one form.
  const body = `
<h1 class="sr-only">Search every icon</h1>
<div class="controls filters" id="filters">
<label>Set <select name="set" form="find">${option('', 'Every set', kept.set === '')}${setOptions}</select></label>
<label>Licence <select name="license" form="find">${option('', 'Any licence', licence === '')}${licences.map((l) => option(l.key, `${l.title} (${count(l.sets, 'set')})`, l.key === licence)).join('')}${release ? `<optgroup label="Font Awesome ${escapeHtml(release.version)}">${option('free', 'Free', licence === 'free')}${option('pro', 'Pro only', licence === 'pro')}</optgroup>` : ''}</select></label>
<label>Style <select name="style" form="find">${option('', 'Any style', kept.style === '')}${STYLES.map((s) => option(s.value, s.label, s.value === kept.style)).join('')}${release ? `<optgroup label="Font Awesome ${escapeHtml(release.version)}">${familyStyles.map((f) => option(f.prefix, `${f.label} (${f.prefix})`, f.prefix === kept.style)).join('')}</optgroup>` : ''}</select></label>
<label>Release <select name="v" form="find">${option('', 'Newest of each major, with every set', !release)}${releaseOptions}</select></label>
<button type="submit" form="find">Search</button>
</div>
<p class="status" id="status" role="status" aria-live="polite">${status}</p>
<div id="results" data-q="${escapeHtml(q)}">
${notices.map((notice) => `<p class="notice" role="alert">${escapeHtml(notice)}</p>`).join('')}
${chips}
<ul class="hits" aria-label="Icons found">${shown.map(hitCell).join('')}</ul>
${pager(current, pages, (n) => searchHref({ ...kept, page: String(n) }))}
</div>`;
  const title = query ? `${q} · search · iconmeta` : 'Search every icon · iconmeta';
  return page(assets, { title, section: 'search', view: 'search', body, script: 'search.js', query: q, focus: true, attribution: `${SETS_ATTRIBUTION} ${FONT_AWESOME_ATTRIBUTION}` });
}
