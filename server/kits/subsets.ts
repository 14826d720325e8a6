// Subsets: which family-styles of a release a kit (or an icon collection) includes and, per
// family-style, all of its icons or only some. A kit stores its subset by prefix and icon name, so
// it is resolved against whatever release the kit's (possibly symbolic) version names today;
// names that release lacks are skipped, never an error.
import type { FamilyStyleRow } from '../releases/releases.repo.ts';
import type { Release } from '../releases/releases.service.ts';
import type { License, ReleaseVariants, VariantIcon } from './variant-index.ts';

export type SubsetType = 'AUTO' | 'CUSTOM' | 'FULL';

export interface SubsetSpecEntry {
  prefix: string;
  only: string[] | null;
}
export interface SubsetSpec {
  type: SubsetType;
  entries: SubsetSpecEntry[];
}

export interface SubsetEntry {
  familyStyle: FamilyStyleRow;
  /** Icon names included; null means the whole family-style. */
  only: ReadonlySet<string> | null;
}
export interface ResolvedSubset {
  release: Release;
  license: License;
  entries: SubsetEntry[];
  variants: ReleaseVariants;
}
/** One icon in one family-style. */
export interface Variant {
  icon: VariantIcon;
  familyStyle: FamilyStyleRow;
  release: Release;
  /** Whether the icon has this family-style for free (what svg_icons_free may see). */
  free: boolean;
}

export interface ReleaseView {
  release: Release;
  familyStyles: FamilyStyleRow[];
  variants: ReleaseVariants;
}

/** Family-styles with at least one icon under the license: what a FULL subset holds. */
export const allowedFamilyStyles = (view: ReleaseView, license: License) =>
  view.familyStyles.filter((fs) => view.variants.members(fs.id, license).length > 0);

export function resolveSubset(spec: SubsetSpec, view: ReleaseView, license: License): ResolvedSubset {
  const allowed = allowedFamilyStyles(view, license);
  let entries: SubsetEntry[];
  // AUTO is Font Awesome's "auto-subsetting": the kit holds everything its license allows and
  // its loader fetches only what a page uses. What the kit includes is therefore FULL's answer.
  if (spec.type !== 'CUSTOM') entries = allowed.map((familyStyle) => ({ familyStyle, only: null }));
  else {
    const chosen = new Map(spec.entries.map((e) => [e.prefix, e.only]));
    entries = allowed.filter((fs) => chosen.has(fs.prefix)).map((familyStyle) => {
      const only = chosen.get(familyStyle.prefix);
      return { familyStyle, only: only ? new Set(only) : null };
    });
  }
  return { release: view.release, license, entries, variants: view.variants };
}

const variant = (subset: ResolvedSubset, entry: SubsetEntry) => (icon: VariantIcon): Variant => ({
  icon,
  familyStyle: entry.familyStyle,
  release: subset.release,
  free: subset.variants.has(icon.rowId, entry.familyStyle.id, 'free'),
});

/** The icons an entry includes, by id. */
export function entryVariants(subset: ResolvedSubset, entry: SubsetEntry): Variant[] {
  const members = subset.variants.members(entry.familyStyle.id, subset.license);
  return (entry.only ? members.filter((icon) => entry.only!.has(icon.name)) : members).map(variant(subset, entry));
}

/** An icon's variants inside the subset, in family-style order; [] when the subset excludes it. */
export function iconVariants(subset: ResolvedSubset, icon: VariantIcon): Variant[] {
  return subset.entries
    .filter((e) => subset.variants.has(icon.rowId, e.familyStyle.id, subset.license) && (!e.only || e.only.has(icon.name)))
    .map((e) => variant(subset, e)(icon));
}

/** Every variant of the subset: family-style by family-style, each by icon id. */
export const allVariants = (subset: ResolvedSubset): Variant[] => subset.entries.flatMap((e) => entryVariants(subset, e));

/** Each entry's longest-standing icons first (see variant-index.ts), at most `limit` per family-style. */
export function showcaseVariants(subset: ResolvedSubset, entries: SubsetEntry[], limit: number | null): Variant[] {
  return entries.flatMap((entry) => {
    const ranked = entryVariants(subset, entry).sort((a, b) => subset.variants.rank(a.icon.rowId) - subset.variants.rank(b.icon.rowId));
    return limit === null ? ranked : ranked.slice(0, limit);
  });
}

/**
 * Checks an operator's subset against a release: every prefix must name a family-style the license
 * allows, and every `only` name an icon of it (aliases become ids). Returns the normalised spec or
 * every problem at once.
 */
export function checkSubsetSpec(spec: SubsetSpec, view: ReleaseView, license: License): { spec: SubsetSpec; problems: string[] } {
  const allowed = new Map(allowedFamilyStyles(view, license).map((fs) => [fs.prefix, fs]));
  const problems: string[] = [];
  const entries = spec.entries.map(({ prefix, only }) => {
    const familyStyle = allowed.get(prefix);
    if (!familyStyle) {
      problems.push(`${prefix} is not a family-style with ${license} icons in release ${view.release.version} (there: ${[...allowed.keys()].join(', ')})`);
      return { prefix, only };
    }
    if (!only) return { prefix, only };
    const names = only.map((name) => {
      const id = view.variants.byName.has(name) ? name : view.variants.aliasTarget(name);
      const icon = id === undefined ? undefined : view.variants.byName.get(id);
      if (!icon || !view.variants.has(icon.rowId, familyStyle.id, license)) problems.push(`${prefix} has no ${license} icon ${name} in release ${view.release.version}`);
      return id ?? name;
    });
    return { prefix, only: [...new Set(names)].sort() };
  });
  if (spec.type === 'CUSTOM' && entries.length === 0) problems.push('a custom subset needs at least one family-style');
  return { spec: { type: spec.type, entries }, problems };
}
