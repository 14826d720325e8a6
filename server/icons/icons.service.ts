// Icon rules: the license filter, pagination and the assembly of an icon's related lists.
import type { FamilyStyleRow } from '../releases/releases.repo.ts';
import type { Release, ReleasesService } from '../releases/releases.service.ts';
import type { IconRow, IconsRepo, LicenseFilter } from './icons.repo.ts';

export interface Aliases {
  names: string[];
  unicodes: { primary: string[]; composite: string[]; secondary: string[] };
}
export interface Icon extends IconRow {
  aliases: Aliases | null;
  familyStylesByLicense: { free: FamilyStyleRow[]; pro: FamilyStyleRow[] };
}
export interface PageRequest {
  license: LicenseFilter;
  page: number;
  pageSize: number;
}
export interface IconsPage {
  icons: Icon[];
  page: number;
  pageSize: number;
  totalIconCount: number;
  totalPageCount: number;
}

export function createIconsService(repo: IconsRepo, releases: ReleasesService) {
  /** Attaches aliases (unless `withAliases` is false) and family-styles to a list of icon rows. */
  function assemble(release: Release, rows: IconRow[], withAliases: boolean): Icon[] {
    const ids = rows.map((r) => r.id);
    const familyStyles = new Map(releases.familyStyles(release).map((fs) => [fs.id, fs]));
    const icons = new Map<number, Icon>(
      rows.map((row) => [row.id, { ...row, aliases: null, familyStylesByLicense: { free: [], pro: [] } }]),
    );
    if (ids.length === 0) return [];
    for (const m of repo.familyStyles(ids)) icons.get(m.iconId)!.familyStylesByLicense[m.license].push(familyStyles.get(m.familyStyleId)!);
    if (withAliases) {
      const aliasesOf = (iconId: number) => {
        const icon = icons.get(iconId)!;
        return (icon.aliases ??= { names: [], unicodes: { primary: [], composite: [], secondary: [] } });
      };
      for (const { iconId, name } of repo.aliasNames(ids)) aliasesOf(iconId).names.push(name);
      for (const { iconId, kind, value } of repo.aliasUnicodes(ids)) aliasesOf(iconId).unicodes[kind].push(value);
    }
    return [...icons.values()];
  }

  return {
    assemble,

    page(release: Release, request: PageRequest, options: { withAliases: boolean }): IconsPage {
      const { license, page, pageSize } = request;
      const totalIconCount = repo.count(release.id, license);
      const rows = repo.page(release.id, license, pageSize, (page - 1) * pageSize);
      return {
        icons: assemble(release, rows, options.withAliases),
        page,
        pageSize,
        totalIconCount,
        totalPageCount: Math.ceil(totalIconCount / pageSize),
      };
    },
  };
}

export type IconsService = ReturnType<typeof createIconsService>;
