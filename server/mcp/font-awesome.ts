// Font Awesome's icons as the open sets publish them (fa7-solid, fa6-regular, fa-brands: the newest
// release of each major, seeds/iconify/font-awesome-sets.ts), and back: the release an icon of such
// a set comes from, its metadata there, and the class names that show it.
import type { Icon, IconsService } from '../icons/icons.service.ts';
import type { Release, ReleasesService } from '../releases/releases.service.ts';

const PREFIX_OF_MAJOR: Record<number, string> = { 7: 'fa7-', 6: 'fa6-', 5: 'fa-' };
const FA_SET = /^(fa|fa6|fa7)-(solid|regular|brands)$/;
/** Font Awesome 5's short style classes. */
const V5_STYLE: Record<string, string> = { solid: 'fas', regular: 'far', brands: 'fab', light: 'fal', thin: 'fat', duotone: 'fad' };

/** The major and style of a Font Awesome set's prefix (fa7-solid: 7, solid); null for other sets. */
export function fontAwesomeSet(prefix: string): { major: number; style: string } | null {
  const match = FA_SET.exec(prefix);
  if (!match) return null;
  return { major: match[1] === 'fa' ? 5 : Number(match[1].slice(2)), style: match[2] };
}

/** The open set's prefix of a release's family-style, when the open sets publish it (classic free styles). */
export function openSetPrefix(major: number, family: string, style: string): string | null {
  const start = PREFIX_OF_MAJOR[major];
  return start && family === 'classic' && ['solid', 'regular', 'brands'].includes(style) ? start + style : null;
}

/** The classes that show the icon: `fa-solid fa-xmark` (6 and later), `fas fa-times` (5). */
export function classNames(major: number, family: string, style: string, name: string): string {
  if (major <= 5) return `${V5_STYLE[style] ?? `fa-${style}`} fa-${name}`;
  return `${family === 'classic' ? '' : `fa-${family} `}fa-${style} fa-${name}`;
}

export function createFontAwesomeLookup(releases: ReleasesService, icons: IconsService) {
  // Per assembled release list (kept by the release cache): its icons by id and by alias name.
  const byName = new WeakMap<Icon[], Map<string, Icon>>();

  /** The newest stable release of a major: the one its open sets are made from. */
  function newestOf(major: number): Release | undefined {
    const stable = releases.list().filter((release) => !release.isPrerelease && release.version.startsWith(`${major}.`));
    return stable.at(-1);
  }

  return {
    newestOf,
    /** The icon named `name` (its id or an alias) in `release`, with aliases, Unicode, styles. */
    async icon(release: Release, name: string): Promise<Icon | undefined> {
      const list = await icons.all(release, null);
      let map = byName.get(list);
      if (!map) {
        map = new Map(list.map((icon) => [icon.name, icon]));
        for (const icon of list) for (const alias of icon.aliases?.names ?? []) if (!map.has(alias)) map.set(alias, icon);
        byName.set(list, map);
      }
      return map.get(name);
    },
  };
}

export type FontAwesomeLookup = ReturnType<typeof createFontAwesomeLookup>;
