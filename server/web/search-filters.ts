// The search page's filters over every set: licence and style, read from what the sets say of
// themselves, turned into what the one engine takes (the sets it may answer from) and, for a style
// that sets name by suffix rather than by set, a test of each answer's name.
import type { IconSet } from '../iconify/icon-sets.service.ts';

export type Style = 'solid' | 'regular' | 'brands';

export const STYLES: readonly { value: Style; label: string }[] = [
  { value: 'solid', label: 'Solid / filled' },
  { value: 'regular', label: 'Regular / outline' },
  { value: 'brands', label: 'Brands / logos' },
];

export const isStyle = (value: string): value is Style => STYLES.some((style) => style.value === value);

/** Font Awesome's own licence filter of a release's icons: Free (in the Free packages), or Pro only. */
export const isReleaseLicence = (value: string): value is 'free' | 'pro' => value === 'free' || value === 'pro';

/** Font Awesome's sets as the Iconify API serves them (fa7-solid, fa6-regular, fa-brands): their style. */
export const fontAwesomeStyleOf = (prefix: string): Style | undefined => /^fa\d*-(solid|regular|brands)$/.exec(prefix)?.[1] as Style | undefined;

/**
 * An open set draws a style in its names: mdi's and Material Symbols' -outline, Remix's -line,
 * Fluent's -regular and -filled, Bootstrap's and Phosphor's -fill, Heroicons' -solid.
 */
const NAME_SUFFIX: Record<Exclude<Style, 'brands'>, RegExp> = { solid: /-(fill|filled|solid)$/, regular: /-(outline|outlined|line|regular)$/ };

/** Sets of logos: Font Awesome's brands, and the sets whose category says so. */
const isBrandSet = (set: IconSet) => fontAwesomeStyleOf(set.prefix) === 'brands' || /^(logos|brands \/ social)$/i.test(set.info?.category ?? '');

/** A set's licence as the filter names it: its SPDX id, else its title. */
export const licenceKey = (set: IconSet): string => set.info?.license?.spdx || set.info?.license?.title || '';

/** Every licence the sets state, with its title and how many sets are under it, most sets first. */
export function licencesOf(sets: readonly IconSet[]): { key: string; title: string; sets: number }[] {
  const byKey = new Map<string, { key: string; title: string; sets: number }>();
  for (const set of sets) {
    const key = licenceKey(set);
    if (!key) continue;
    const entry = byKey.get(key) ?? { key, title: set.info?.license?.title || key, sets: 0 };
    entry.sets++;
    byKey.set(key, entry);
  }
  return [...byKey.values()].sort((a, b) => b.sets - a.sets || a.key.localeCompare(b.key, 'en'));
}

export interface SetFilter {
  /** The sets searched: undefined for all. */
  prefixes?: string[];
  /** Whether an answer passes what the sets cannot say (a style named by suffix). */
  keep?: (prefix: string, name: string) => boolean;
}

/** The sets (of `sets`) a search answers from, given a set, a licence and a style ('' for any). */
export function setFilter(sets: readonly IconSet[], { set, licence, style }: { set: string; licence: string; style: Style | '' }): SetFilter {
  if (!set && !licence && !style) return {};
  const chosen = sets.filter((candidate) => {
    if (set && candidate.prefix !== set) return false;
    if (licence && licenceKey(candidate) !== licence) return false;
    const itsStyle = fontAwesomeStyleOf(candidate.prefix);
    if (style === 'brands') return isBrandSet(candidate);
    // Solid or regular: Font Awesome's sets of that style, and every other set but logos.
    if (style) return itsStyle ? itsStyle === style : !isBrandSet(candidate);
    return true;
  });
  const prefixes = chosen.map((candidate) => candidate.prefix);
  if (style !== 'solid' && style !== 'regular') return { prefixes };
  const suffix = NAME_SUFFIX[style];
  return { prefixes, keep: (prefix, name) => fontAwesomeStyleOf(prefix) === style || suffix.test(name) };
}
