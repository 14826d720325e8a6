// The curated family-style catalogue and pack/collection/tag grouping (seeds/curated.json), cut to
// what exists in one release. The packages themselves do not carry this data (font-awesome-data.md).
import { readFileSync } from 'node:fs';
import semver from 'semver';
import type { FamilyStyleDoc, IconDoc, ReleaseDocument } from './document.ts';

interface CuratedFamilyStyle {
  family: string;
  style: string;
  prefix: string;
  since: string;
  until?: string;
}
interface Curated {
  familyStyles: CuratedFamilyStyle[];
  visualTags: (Omit<ReleaseDocument['visualTags'][number], never>)[];
  iconPacks: Omit<ReleaseDocument['iconPacks'][number], 'description' | 'designerName' | 'designerUrl'>[];
  iconCollections: (Omit<ReleaseDocument['iconCollections'][number], 'subset'> & { subsetOfFreeIcons?: boolean })[];
}

const curated: Curated = JSON.parse(readFileSync(new URL('../curated.json', import.meta.url), 'utf8'));

const titleCase = (words: string) => words.replace(/(^|-)([a-z])/g, (_, sep, c) => (sep ? ' ' : '') + c.toUpperCase());

/** `solid` for classic, `duotone` for the original duotone (fad), `<family>-<style>` otherwise. */
export function shorthandOf(family: string, style: string, prefix: string): string {
  if (prefix === 'fad') return 'duotone';
  return family === 'classic' ? style : `${family}-${style}`;
}

export function labelOf(family: string, style: string, prefix: string): string {
  if (prefix === 'fad') return 'Duotone';
  return family === 'classic' ? titleCase(style) : `${titleCase(family)} ${titleCase(style)}`;
}

/** Every family-style Font Awesome offered (free or Pro) at `version`. */
export function familyStylesAt(version: string): FamilyStyleDoc[] {
  const v = semver.coerce(version)!.version; // 6.0.0-beta1 belongs to 6.0.0's catalogue
  return curated.familyStyles
    .filter((fs) => semver.gte(v, fs.since) && (!fs.until || semver.lt(v, fs.until)))
    .map(({ family, style, prefix }) => ({
      family,
      style,
      prefix,
      shorthand: shorthandOf(family, style, prefix),
      label: labelOf(family, style, prefix),
    }));
}

/** Packs, collections and visual tags for a release, restricted to its family-styles. */
export function curatedGrouping(
  familyStyles: FamilyStyleDoc[],
  icons: IconDoc[],
): Pick<ReleaseDocument, 'visualTags' | 'iconPacks' | 'iconCollections'> {
  const present = new Set(familyStyles.map((fs) => fs.prefix));
  const keep = (prefixes: string[]) => prefixes.filter((p) => present.has(p));

  const visualTags = curated.visualTags
    .map((tag) => ({ ...tag, familyStyles: keep(tag.familyStyles) }))
    .filter((tag) => tag.familyStyles.length > 0);
  const iconPacks = curated.iconPacks
    .map((pack) => ({ ...pack, description: null, designerName: null, designerUrl: null, familyStyles: keep(pack.familyStyles) }))
    .filter((pack) => pack.familyStyles.length > 0);
  const packNames = new Set(iconPacks.map((p) => p.name));

  // A higher plan's collection holds the lower plan's packs plus more (interface.md): one that adds
  // no pack at this release (Pro+ before 7.0.0) was no separate offer then, and is left out.
  const iconCollections: ReleaseDocument['iconCollections'] = [];
  for (const { subsetOfFreeIcons, ...collection } of curated.iconCollections) {
    const packs = collection.iconPacks.filter((name) => packNames.has(name));
    const lower = iconCollections.at(-1);
    if (!subsetOfFreeIcons && lower?.subset === null && packs.every((name) => lower.iconPacks.includes(name))) continue;
    iconCollections.push({ ...collection, iconPacks: packs, subset: subsetOfFreeIcons ? freeSubset(icons) : null });
  }
  return { visualTags, iconPacks, iconCollections };
}

/** The free icons of a release, as one subset entry per family-style that has any. */
function freeSubset(icons: IconDoc[]): { prefix: string; only: string[] }[] {
  const byPrefix = new Map<string, string[]>();
  for (const icon of icons) {
    for (const prefix of icon.familyStylesByLicense.free) {
      if (!byPrefix.has(prefix)) byPrefix.set(prefix, []);
      byPrefix.get(prefix)!.push(icon.id);
    }
  }
  return [...byPrefix].map(([prefix, only]) => ({ prefix, only: only.sort() }));
}
