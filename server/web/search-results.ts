// The search page's answers: over every set (the open sets and Font Awesome's newest release of each
// major, fa7-solid ...) from the one engine's index of them, or over one Font Awesome release from
// that release's index; both from the same engine, each answer saying why it matched.
import type { IconsService } from '../icons/icons.service.ts';
import type { IconSet } from '../iconify/icon-sets.service.ts';
import type { Release } from '../releases/releases.service.ts';
import type { IconSearch } from '../search/icon-search.ts';
import type { SearchService } from '../search/search.service.ts';
import { escapeHtml } from './layout.ts';
import { fontAwesomeStyleOf, licenceKey, type SetFilter } from './search-filters.ts';
import { glyph, setIconHref, setName } from './set-parts.ts';
import { inlineSvg } from './snippets.ts';

/** Answers a search gathers at most (then pages through). */
export const SEARCH_LIMIT = 999;

export interface Hit {
  /** The cell's parts, as HTML. */
  href: string;
  art: string;
  id: string;
  /** Where it comes from: a set's name, or "Font Awesome 6.7.2". */
  from: string;
  /** Its set's prefix (the set filter's value), or '' for a release's icon. */
  prefix: string;
  why: string[];
}

/** Every set: the engine's answers within the filter's sets, each with its `why`. */
export async function searchEverySet(iconSearch: IconSearch, iconifyPath: string, sets: ReadonlyMap<string, IconSet>, query: string, filter: SetFilter): Promise<{ hits: Hit[]; total: number; capped: boolean }> {
  if (filter.prefixes?.length === 0) return { hits: [], total: 0, capped: false };
  const found = await iconSearch.find({ query, prefixes: filter.prefixes, limit: SEARCH_LIMIT, explain: true });
  const hits: Hit[] = [];
  for (const icon of found.icons) {
    const set = sets.get(icon.prefix);
    if (!set || (filter.keep && !filter.keep(icon.prefix, icon.name))) continue;
    hits.push({ href: setIconHref(icon.prefix, icon.name), art: glyph(iconifyPath, set, icon.name), id: icon.id, from: setName(set), prefix: icon.prefix, why: icon.why ?? [] });
  }
  // A filter the engine could not apply (a style named by suffix) leaves the total unknown.
  const total = filter.keep ? hits.length : found.total;
  return { hits, total, capped: found.icons.length >= SEARCH_LIMIT && (filter.keep !== undefined || found.total > SEARCH_LIMIT) };
}

export interface ReleaseSearchDeps {
  icons: IconsService;
  search: SearchService;
}

/**
 * One Font Awesome release, from its own index: its icons (with a style, those drawn in it: a style
 * of every family, solid, or one family-style, fas; with a licence, those under it: Free's, as its
 * Iconify sets state it, or `free`; `pro`: Pro only), glyphs from its free SVGs, linked to the
 * release's icon pages. The filters mean what the release browser's do.
 */
export async function searchRelease({ icons, search }: ReleaseSearchDeps, release: Release, query: string, filter: { licence: string; freeLicence: string; style: string }): Promise<{ hits: Hit[]; total: number; capped: boolean }> {
  const found = await search.explained(release, query, SEARCH_LIMIT);
  const why = new Map(found.hits.map((hit) => [hit.rowId, hit.why]));
  const byRow = new Map((await icons.byRowIds(release, found.hits.map((hit) => hit.rowId))).map((icon) => [icon.id, icon]));
  const svgs = await icons.freeSvgs(release);
  const freeOnly = filter.licence === 'free' || filter.licence === filter.freeLicence;
  const hits: Hit[] = [];
  for (const { rowId } of found.hits) {
    const icon = byRow.get(rowId);
    if (!icon) continue;
    const { free, pro } = icon.familyStylesByLicense;
    if (filter.licence === 'pro' ? free.length > 0 || pro.length === 0 : filter.licence && (!freeOnly || free.length === 0)) continue;
    const styled = (list: typeof free) => (filter.style ? list.filter((f) => f.style === filter.style || f.prefix === filter.style) : list);
    if (styled(freeOnly ? free : [...free, ...pro]).length === 0) continue;
    const drawn = styled(free).find((f) => svgs[f.prefix]?.[icon.name]);
    const art = drawn ? inlineSvg(svgs[drawn.prefix][icon.name]) : '<span class="noglyph" aria-hidden="true">Pro</span>';
    const href = `/icons/${encodeURIComponent(icon.name)}?v=${encodeURIComponent(release.version)}`;
    hits.push({ href, art, id: icon.name, from: `Font Awesome ${release.version}`, prefix: '', why: why.get(rowId) ?? [] });
  }
  const filtered = filter.licence !== '' || filter.style !== '';
  return { hits, total: filtered ? hits.length : found.total, capped: found.hits.length >= SEARCH_LIMIT && (filtered || found.total > SEARCH_LIMIT) };
}

/** The licence Font Awesome Free's sets state (fa7-solid's): a release's free icons are under it. */
export function freeLicenceOf(sets: readonly IconSet[]): string {
  const fontAwesome = sets.find((set) => fontAwesomeStyleOf(set.prefix));
  return (fontAwesome && licenceKey(fontAwesome)) || 'CC-BY-4.0';
}

/** One answer: its glyph, id, where it comes from, and why it matched ("settings → cog"). */
export function hitCell(hit: Hit): string {
  const why = hit.why.length > 0 ? hit.why.join(', ') : hit.id.slice(hit.id.indexOf(':') + 1);
  return `<li><a class="hit" href="${escapeHtml(hit.href)}">${hit.art}<span class="hit-text"><span class="hit-id">${escapeHtml(hit.id)}</span><span class="hit-from">${escapeHtml(hit.from)}</span><span class="why"><span class="sr-only">matched: </span>${escapeHtml(why)}</span></span></a></li>`;
}
