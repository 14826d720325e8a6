// createSubset's icon list -> a selection of one release: each icon by id or alias, in the styles
// it names (a style such as `solid`, a family-style such as `sharp-solid`, or a prefix such as
// `fas`), or in every family-style it has when it names none. Every problem is reported at once.
import type { SelectionEntry } from '../kits/icon-packs.ts';
import type { License, ReleaseVariants } from '../kits/variant-index.ts';
import type { FamilyStyleRow } from '../releases/releases.repo.ts';

export interface SubsetIconInput {
  name?: string | null;
  styles?: (string | null)[] | null;
  version?: string | null;
}

export const MAX_SUBSET_ICONS = 2000;

export interface SubsetRequestView {
  familyStyles: FamilyStyleRow[];
  variants: ReleaseVariants;
  /** The icon id an alias names, if any. */
  aliasOf: (name: string) => string | undefined;
  /** Which licenses' icons the caller may include (`pro` needs svg_icons_pro). */
  licenses: License[];
}

const namesOf = (fs: FamilyStyleRow) => [fs.prefix, fs.family === 'classic' ? fs.style : `${fs.family}-${fs.style}`, `${fs.family}-${fs.style}`];

export function resolveSubsetRequest(icons: SubsetIconInput[], view: SubsetRequestView): { entries: SelectionEntry[]; problems: string[] } {
  const problems: string[] = [];
  if (icons.length === 0) problems.push('give at least one icon');
  if (icons.length > MAX_SUBSET_ICONS) problems.push(`at most ${MAX_SUBSET_ICONS} icons per subset (got ${icons.length})`);
  const byName = new Map<string, FamilyStyleRow>();
  for (const fs of view.familyStyles) for (const name of namesOf(fs)) if (!byName.has(name)) byName.set(name, fs);
  const may = (rowId: number, fs: FamilyStyleRow) => view.licenses.some((license) => view.variants.has(rowId, fs.id, license));

  const chosen = new Map<number, Map<number, SelectionEntry['icons'][number]>>();
  for (const [i, input] of icons.slice(0, MAX_SUBSET_ICONS).entries()) {
    const name = input.name ?? '';
    const id = view.variants.byName.has(name) ? name : view.aliasOf(name);
    const icon = id === undefined ? undefined : view.variants.byName.get(id);
    if (!icon) {
      problems.push(`icons[${i}]: no icon named "${name.slice(0, 80)}"`);
      continue;
    }
    const styles = (input.styles ?? []).filter((s): s is string => typeof s === 'string');
    const familyStyles = styles.length === 0 ? view.familyStyles.filter((fs) => may(icon.rowId, fs)) : styles.map((s) => byName.get(s));
    familyStyles.forEach((fs, j) => {
      if (!fs) return void problems.push(`icons[${i}]: no style "${styles[j].slice(0, 40)}" (styles: ${[...byName.keys()].join(', ')})`);
      if (!may(icon.rowId, fs)) return void problems.push(`icons[${i}]: ${icon.name} is not available in ${fs.family} ${fs.style}`);
      if (!chosen.has(fs.id)) chosen.set(fs.id, new Map());
      chosen.get(fs.id)!.set(icon.rowId, icon);
    });
  }
  const entries = view.familyStyles
    .filter((fs) => chosen.has(fs.id))
    .map((familyStyle) => ({ familyStyle, icons: [...chosen.get(familyStyle.id)!.values()].sort((a, b) => (a.name < b.name ? -1 : 1)) }));
  return { entries, problems };
}
