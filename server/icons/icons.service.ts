// Icon rules: the license filter, pagination and the assembly of an icon's related lists.
import type { FamilyStyleRow } from '../releases/releases.repo.ts';
import type { ReleaseCache } from '../releases/release-cache.ts';
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
/** Free SVG data by prefix, then icon id: [width, height, path] (duotone: [secondary, primary]). */
export type FreeSvgs = Record<string, Record<string, [number, number, string | string[]]>>;
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

// Above this ratio of row-id span to icons, reading by id beats scanning the range.
const SCATTER_FACTOR = 8;

// A page size that takes every icon: a limit both dialects accept (SQLite reads -1 as none; PostgreSQL refuses it).
const ALL_ROWS = 2 ** 31 - 1;

const byPosition = (a: FamilyStyleRow, b: FamilyStyleRow) => a.position - b.position;

// What a kept icon holds on the heap (its object and strings, its place in the license-filtered
// list and the by-id map), its aliases' object and lists, and each family-style or alias it lists:
// ~500 B an icon of 5.15.4 (few aliases), ~750 B one of 7.3.1 (test/release-cache.test.ts).
const BYTES_PER_KEPT_ICON = 400;
const BYTES_PER_ALIASES = 250;
const BYTES_PER_LISTED_ITEM = 28;
const keptBytes = (icons: Icon[]) =>
  icons.reduce((sum, { familyStylesByLicense: { free, pro }, aliases }) => {
    const aliasesBytes = aliases
      ? BYTES_PER_ALIASES + BYTES_PER_LISTED_ITEM * (aliases.names.length + aliases.unicodes.primary.length + aliases.unicodes.composite.length + aliases.unicodes.secondary.length)
      : 0;
    return sum + BYTES_PER_KEPT_ICON + BYTES_PER_LISTED_ITEM * (free.length + pro.length) + aliasesBytes;
  }, 0);

// What an icon's free SVG entry holds beyond its path data's characters (the entry, its array,
// the strings' headers): measured with the path data, test/release-cache.test.ts.
const BYTES_PER_FREE_SVG = 100;

/** Whole releases kept assembled, and their free SVG sets, live in `cache` (the releases most used stay). */
export function createIconsService(repo: IconsRepo, releases: ReleasesService, cache: ReleaseCache) {
  const byLicense = new WeakMap<Icon[], Partial<Record<'free' | 'pro', Icon[]>>>();
  // Each kept whole release by row id, for scattered lookups (search results); goes with its list.
  const byRowId = new WeakMap<Icon[], Map<number, Icon>>();

  /** Attaches aliases and family-styles to a list of icon rows. */
  async function assemble(release: Release, rows: IconRow[]): Promise<Icon[]> {
    if (rows.length === 0) return [];
    const familyStyles = releases.familyStylesById(release);
    const icons = new Map<number, Icon>(
      rows.map((row) => [row.id, { ...row, aliases: null, familyStylesByLicense: { free: [], pro: [] } }]),
    );
    let first = rows[0].id;
    let last = first;
    for (const { id } of rows) [first, last] = [Math.min(first, id), Math.max(last, id)];

    // A page is one dense row-id range; a few scattered icons (search results) are read by id.
    const scattered = last - first + 1 > SCATTER_FACTOR * rows.length ? await repo.scattered([...icons.keys()]) : null;
    const [memberships, aliasNames, aliasUnicodes] = scattered
      ? [scattered.familyStyles, scattered.aliasNames, scattered.aliasUnicodes]
      : await Promise.all([repo.familyStyles(first, last), repo.aliasNames(first, last), repo.aliasUnicodes(first, last)]);
    for (const m of memberships) icons.get(m.iconId)?.familyStylesByLicense[m.license].push(familyStyles.get(m.familyStyleId)!);
    for (const icon of icons.values()) {
      icon.familyStylesByLicense.free.sort(byPosition);
      icon.familyStylesByLicense.pro.sort(byPosition);
    }
    const aliasesOf = (iconId: number) => {
      const icon = icons.get(iconId);
      return icon && (icon.aliases ??= { names: [], unicodes: { primary: [], composite: [], secondary: [] } });
    };
    for (const { iconId, name } of aliasNames) aliasesOf(iconId)?.names.push(name);
    for (const { iconId, kind, value } of aliasUnicodes) aliasesOf(iconId)?.unicodes[kind].push(value);
    return [...icons.values()];
  }

  /**
   * Every icon of the release matching the license filter, assembled once and kept: a release is
   * immutable, and assembling 2,000 icons costs ~15 ms that every new whole-release query would pay.
   */
  async function all(release: Release, license: LicenseFilter): Promise<Icon[]> {
    return filter(await assembled(release), license);
  }

  /** The release's whole list, marked as used: as it is when kept, else once assembled. */
  function assembled(release: Release): Icon[] | Promise<Icon[]> {
    return cache.get('icons', release.id, async () => {
      const list = await assemble(release, await repo.page(release.id, null, ALL_ROWS, 0));
      return { value: list, bytes: keptBytes(list) };
    });
  }

  function pickRowIds(list: Icon[], rowIds: number[]): Icon[] {
    let index = byRowId.get(list);
    if (!index) byRowId.set(list, (index = new Map(list.map((icon) => [icon.id, icon]))));
    // A loop, not flatMap: flatMap's generic path was 2.7% of a new-pair search's profile.
    const icons: Icon[] = [];
    for (const id of rowIds) {
      const icon = index.get(id);
      if (icon) icons.push(icon);
    }
    return icons;
  }

  /** The release's icons when they are assembled already, else undefined: nothing to wait for. */
  function kept(release: Release, license: LicenseFilter): Icon[] | undefined {
    const icons = cache.peek<Icon[]>('icons', release.id);
    return icons && filter(icons, license);
  }

  function filter(icons: Icon[], license: LicenseFilter): Icon[] {
    if (!license) return icons;
    // The license filters select from the same objects (contract: free = has a free family-style,
    // pro = has none), kept with the whole list they come from.
    let filtered = byLicense.get(icons);
    if (!filtered) byLicense.set(icons, (filtered = {}));
    return (filtered[license] ??= icons.filter((icon) => (icon.familyStylesByLicense.free.length > 0) === (license === 'free')));
  }

  return {
    all,
    kept,

    /**
     * Icons by row id, in the order given, from the release's kept whole list: search results and
     * single icons need no database round trip once the release has been assembled.
     */
    byRowIds(release: Release, rowIds: number[]): Icon[] | Promise<Icon[]> {
      // Answered at once when the list is kept (nearly always): no promise to wait for.
      const list = assembled(release);
      return list instanceof Promise ? list.then((icons) => pickRowIds(icons, rowIds)) : pickRowIds(list, rowIds);
    },

    /**
     * Every free family-style's SVG data of the release, for drawing glyphs without a token: the
     * Free packages publish the same data (CC BY 4.0). Pro SVG data stays behind svg_icons_pro.
     */
    async freeSvgs(release: Release): Promise<FreeSvgs> {
      return cache.get('free-svgs', release.id, async () => {
        const list = await all(release, null);
        const svgs: FreeSvgs = {};
        let bytes = 0;
        if (list.length === 0) return { value: svgs, bytes };
        let [first, last] = [list[0].id, list[0].id];
        for (const { id } of list) [first, last] = [Math.min(first, id), Math.max(last, id)];
        const rows = new Map<string, { width: number; height: number; pathData: string[] }>();
        for (const row of await repo.svgs(first, last)) rows.set(`${row.iconId}:${row.familyStyleId}`, row);
        // Keys in the contract's orders: family-styles by position, icons by id.
        for (const fs of releases.familyStyles(release)) {
          const byId: FreeSvgs[string] = {};
          for (const icon of list) {
            if (!icon.familyStylesByLicense.free.some((f) => f.id === fs.id)) continue;
            const row = rows.get(`${icon.id}:${fs.id}`);
            if (!row) continue;
            byId[icon.name] = [row.width, row.height, row.pathData.length === 1 ? row.pathData[0] : row.pathData];
            bytes += BYTES_PER_FREE_SVG + row.pathData.reduce((sum, path) => sum + path.length, 0);
          }
          if (Object.keys(byId).length > 0) svgs[fs.prefix] = byId;
        }
        return { value: svgs, bytes };
      });
    },

    /** A page of the release's kept whole list (icons-minimal answers ignore the aliases it has). */
    page: async (release: Release, request: PageRequest): Promise<IconsPage> => pageOf(await all(release, request.license), request),
  };
}

/** One page of a release's icons (filtered by request.license already). */
export function pageOf(list: Icon[], { page, pageSize }: PageRequest): IconsPage {
  const totalIconCount = list.length;
  const offset = (page - 1) * pageSize;
  return {
    icons: offset < totalIconCount ? list.slice(offset, offset + pageSize) : [],
    page,
    pageSize,
    totalIconCount,
    totalPageCount: Math.ceil(totalIconCount / pageSize),
  };
}

export type IconsService = ReturnType<typeof createIconsService>;
