// GET /sets: every open icon set, grouped by its category (Iconify's groups, in Iconify's order),
// by name within each, hidden (retired) sets last. Built from the set list the service keeps in
// memory: no query, no listing and no icon body is read; each card shows a few of the set's
// samples as images the browser loads lazily, so the page stays light with every set imported.
import type { IconSet } from '../iconify/icon-sets.service.ts';
import type { WebAssets } from './assets.ts';
import { escapeHtml, page } from './layout.ts';
import { authorOf, count, glyph, licenceOf, SETS_ATTRIBUTION, setHref, setName } from './set-parts.ts';

/** Samples drawn per set on the list. */
export const SAMPLES_PER_SET = 3;

// Iconify's categories, in the order its own listing gives them; any other follows by name.
const CATEGORY_ORDER = [
  'General',
  'Material',
  'UI 24px',
  'UI 16px / 32px',
  'UI Other / Mixed Grid',
  'Programming',
  'Brands / Social',
  'Logos',
  'Emoji',
  'Flags / Maps',
  'Thematic',
  'Archive / Unmaintained',
];
const OTHER = 'Other';
const HIDDEN = 'Hidden';

export interface SetsPageDeps {
  assets: WebAssets;
  iconifyPath: string;
}

function groupOf(set: IconSet): string {
  if (set.info?.hidden) return HIDDEN;
  return set.info?.category?.trim() || OTHER;
}

const rank = (group: string) => (group === HIDDEN ? 2e3 : group === OTHER ? 1e3 : CATEGORY_ORDER.indexOf(group) === -1 ? 500 : CATEGORY_ORDER.indexOf(group));

/** The sets by group, groups and sets in the page's order. */
export function groupSets(sets: IconSet[]): [string, IconSet[]][] {
  const groups = new Map<string, IconSet[]>();
  for (const set of sets) (groups.get(groupOf(set)) ?? groups.set(groupOf(set), []).get(groupOf(set))!).push(set);
  for (const list of groups.values()) list.sort((a, b) => setName(a).localeCompare(setName(b), 'en') || a.prefix.localeCompare(b.prefix));
  return [...groups].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, 'en'));
}

function card(iconifyPath: string, set: IconSet): string {
  const samples = (set.info?.samples ?? []).filter((name) => typeof name === 'string').slice(0, SAMPLES_PER_SET);
  const total = set.info?.total;
  return `<li class="set-card">
<a class="set-name" href="${escapeHtml(setHref(set.prefix))}">${escapeHtml(setName(set))}</a> <code>${escapeHtml(set.prefix)}</code>
<div class="samples" aria-hidden="true">${samples.map((name) => glyph(iconifyPath, set, name, { size: 24 })).join('')}</div>
<p class="set-facts">${typeof total === 'number' ? count(total, 'icon') : ''}${set.info?.palette ? ' · colour' : ''}<br>
Licence: ${licenceOf(set)}<br>By ${authorOf(set)}</p>
</li>`;
}

export function setsPage({ assets, iconifyPath }: SetsPageDeps, sets: IconSet[]): string {
  const groups = groupSets(sets);
  const icons = sets.reduce((sum, set) => sum + (set.info?.hidden ? 0 : (set.info?.total ?? 0)), 0);
  const slug = (i: number) => `group-${i}`;
  const nav = groups.length > 1 ? `<nav class="chips" aria-label="Categories"><ul>${groups.map(([group, list], i) => `<li><a href="#${slug(i)}">${escapeHtml(group)} <small>${list.length}</small></a></li>`).join('')}</ul></nav>` : '';
  const sections = groups
    .map(([group, list], i) => `<section aria-labelledby="${slug(i)}"><h2 id="${slug(i)}">${escapeHtml(group)} <small>${count(list.length, 'set')}</small></h2>
<ul class="set-list">${list.map((set) => card(iconifyPath, set)).join('')}</ul></section>`)
    .join('\n');
  const body = `
<h1>Icon sets</h1>
<p class="lede">${count(sets.length, 'open icon set')}, ${count(icons, 'icon')}, served over the Iconify API at <code>${escapeHtml(iconifyPath)}</code>. Each set keeps its own licence. <a href="/search">Search them all</a>, Font Awesome with them.</p>
${sets.length === 0 ? '<p>No icon set is loaded yet: <code>npm run seed -- add iconify:mdi</code> adds one, <code>iconify:all</code> every one.</p>' : nav}
${sections}`;
  return page(assets, { title: 'Icon sets · iconmeta', section: 'sets', view: 'sets', body, attribution: SETS_ATTRIBUTION });
}
