// The Font Awesome Free adapter: an unpacked package folder (any release 5.0.1 ... 7.x) -> one
// release document. Which files hold the icons depends on the release (font-awesome-data.md):
// icon-families.json (6.2+), icons.yml (5.12-6.1), the shipped JS (5.1-5.11, 6.0), or the 5.0.x
// split packages. All of them end up in the same intermediate `RawIcon` shape.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { FAILSAFE_SCHEMA, load as loadYaml } from 'js-yaml';
import { curatedGrouping, familyStylesAt } from './catalogue.ts';
import { parseReleaseDocument, type IconDoc, type ReleaseDocument } from './document.ts';
import { readJsShims, readJsStyles, type JsIcon, type JsStyles } from './fa-js.ts';
import { findSplitPackages, packageJson, readSplitPackage } from './fa-split.ts';
import { fontCreatedDate } from './font-date.ts';
import type { LaterIcon } from './labels.ts';
import { curatedDate } from './release-list.ts';
import { packageSris } from './sri.ts';

export type SourceKind = 'icon-families.json' | 'icons.yml' | 'js' | 'split';

export interface AdapterOptions {
  /**
   * For releases whose package has no metadata (JS-only, split): the label and the history of the
   * same id in the nearest later release that has them.
   */
  laterIcon?: (id: string) => LaterIcon | undefined;
  /** Used when the package ships no font to read the release date from, and no curated date exists. */
  fallbackDate?: string;
}

type RawIcon = Omit<IconDoc, 'label'> & { label?: string };

const FREE_PACKAGE = '@fortawesome/fontawesome-free';
const hex = (value: string | number) => (typeof value === 'number' ? value : parseInt(value, 16)).toString(16);
const titleCase = (id: string) => id.replace(/(^|-)([a-z0-9])/g, (_, sep, c) => (sep ? ' ' : '') + c.toUpperCase());
// Every scalar as a string: unicodes such as `1e5` or `100` must not turn into numbers. (js-yaml:
// the same documents as the `yaml` package, read 9x faster: 90 against 830 ms for 5.15.4's icons.yml.)
const readYaml = (file: string): any => loadYaml(readFileSync(file, 'utf8'), { schema: FAILSAFE_SCHEMA });
const unique = <T>(items: T[]) => [...new Set(items)];

interface Located {
  kind: SourceKind;
  version: string;
  packageDir: string;
  webfontsDir: string | null;
}

/** Works out which release and which kind of source `dir` holds. */
export function locatePackage(dir: string): Located {
  const { name, version } = packageJson(dir);
  if (name === FREE_PACKAGE && version) {
    const metadata = join(dir, 'metadata');
    const kind: SourceKind = existsSync(join(metadata, 'icon-families.json'))
      ? 'icon-families.json'
      : existsSync(join(metadata, 'icons.yml'))
        ? 'icons.yml'
        : 'js';
    return { kind, version, packageDir: dir, webfontsDir: join(dir, 'webfonts') };
  }
  const split = findSplitPackages(dir);
  const icons = split.filter((p) => p.part !== 'webfonts');
  if (icons.length > 0) {
    const versions = unique(icons.map((p) => p.version));
    if (versions.length > 1) throw new Error(`split packages in ${dir} disagree on the version: ${versions.join(', ')}`);
    const webfonts = split.find((p) => p.part === 'webfonts');
    return { kind: 'split', version: versions[0], packageDir: dir, webfontsDir: webfonts ? join(webfonts.dir, 'webfonts') : null };
  }
  throw new Error(`${dir} is neither a ${FREE_PACKAGE} package nor a folder of its 5.0.x split packages`);
}

export function fontAwesomeFreeDocument(dir: string, options: AdapterOptions = {}): ReleaseDocument {
  const located = locatePackage(dir);
  const { kind, version, packageDir } = located;
  const familyStyles = familyStylesAt(version);
  const rawIcons = readIcons(located, familyStyles);
  const icons = rawIcons
    .map((icon): IconDoc => {
      // Only metadata has labels and histories; an icon read from JS has neither.
      const later = icon.label === undefined ? options.laterIcon?.(icon.id) : undefined;
      return { ...icon, label: icon.label ?? later?.label ?? titleCase(icon.id), changes: later?.changes ?? icon.changes };
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  // The public API's date wins where the curated list has one (no font, or a font a day off).
  const date = curatedDate(version) ?? (located.webfontsDir && fontCreatedDate(located.webfontsDir)) ?? options.fallbackDate;
  if (!date) throw new Error(`${dir} ships no font to date release ${version} from, and no fallback date was given`);

  const iconIds = new Set(icons.map((i) => i.id));
  const document: ReleaseDocument = {
    schemaVersion: 1,
    version,
    date,
    source: `npm ${kind === 'split' ? '@fortawesome/fontawesome-free-{solid,regular,brands}' : FREE_PACKAGE}@${version} (${kind})`,
    separatesWebDesktop: true,
    familyStyles,
    icons,
    categories: readCategories(packageDir, iconIds),
    shims: readShims(packageDir),
    ...curatedGrouping(familyStyles, icons),
    // The CDN files of 5.0.x (css/all.css, js/*.js) are in none of its packages: no value is
    // better than the hash of some other file (the webfonts package's unminified CSS).
    sris: kind === 'split' ? [] : packageSris(packageDir),
  };
  return parseReleaseDocument(document);
}

function readIcons(located: Located, familyStyles: ReleaseDocument['familyStyles']): RawIcon[] {
  const { kind, packageDir, version } = located;
  if (kind === 'icon-families.json') {
    const prefixOf = new Map(familyStyles.map((fs) => [`${fs.family}/${fs.style}`, fs.prefix]));
    const toPrefix = ({ family, style }: { family: string; style: string }) => {
      const prefix = prefixOf.get(`${family}/${style}`);
      if (!prefix) throw new Error(`${version}: family-style ${family}/${style} is not in the catalogue (seeds/curated.json)`);
      return prefix;
    };
    const data = JSON.parse(readFileSync(join(packageDir, 'metadata', 'icon-families.json'), 'utf8'));
    return Object.entries<any>(data).map(([id, icon]) => ({
      id,
      label: icon.label,
      unicode: hex(icon.unicode),
      aliases: aliasesOf(icon.aliases),
      changes: unique<string>(icon.changes ?? []),
      searchTerms: unique<string>((icon.search?.terms ?? []).map(String)),
      familyStylesByLicense: {
        free: unique<string>((icon.familyStylesByLicense?.free ?? []).map(toPrefix)),
        pro: unique<string>((icon.familyStylesByLicense?.pro ?? []).map(toPrefix)),
      },
      svgs: Object.entries<any>(icon.svgs ?? {}).flatMap(([family, byStyle]) =>
        Object.entries<any>(byStyle).map(([style, svg]) => ({
          prefix: toPrefix({ family, style }),
          width: svg.width,
          height: svg.height,
          pathData: Array.isArray(svg.path) ? svg.path : [svg.path],
        })),
      ),
    }));
  }

  const styles = kind === 'split' ? mergeSplit(packageDir) : readJsStyles(packageDir);
  const fromJs = iconsFromJs(styles, semver.major(version) >= 6);
  if (kind !== 'icons.yml') return fromJs;

  // icons.yml has labels, terms and (6.1+) aliases; the JS has the SVG paths.
  const yml = readYaml(join(packageDir, 'metadata', 'icons.yml')) as Record<string, any>;
  const svgsById = new Map(fromJs.map((icon) => [icon.id, icon.svgs]));
  const prefixByStyle: Record<string, string> = { solid: 'fas', regular: 'far', brands: 'fab' };
  return Object.entries(yml).map(([id, icon]) => {
    const prefixes = (icon.styles as string[]).map((style) => {
      const prefix = prefixByStyle[style];
      if (!prefix) throw new Error(`${version}: icon ${id} has style "${style}", which a free package cannot have`);
      return prefix;
    });
    return {
      id: String(id),
      label: String(icon.label),
      unicode: hex(String(icon.unicode)),
      aliases: aliasesOf(icon.aliases),
      changes: unique<string>((icon.changes ?? []).map(String)),
      searchTerms: unique<string>((icon.search?.terms ?? []).map(String)),
      familyStylesByLicense: { free: prefixes, pro: prefixes },
      svgs: svgsById.get(String(id)) ?? [],
    };
  });
}

function aliasesOf(aliases: any): IconDoc['aliases'] {
  const list = (values: unknown) => (Array.isArray(values) ? values.map((v) => hex(String(v))) : []);
  return {
    names: (aliases?.names ?? []).map(String),
    unicodes: {
      primary: list(aliases?.unicodes?.primary),
      composite: list(aliases?.unicodes?.composite),
      secondary: list(aliases?.unicodes?.secondary),
    },
  };
}

function mergeSplit(dir: string): JsStyles {
  const merged: JsStyles = new Map();
  for (const pkg of findSplitPackages(dir)) {
    if (pkg.part === 'webfonts') continue;
    for (const [prefix, icons] of readSplitPackage(pkg.dir)) merged.set(prefix, icons);
  }
  return merged;
}

/** One RawIcon per id across the style files; the free package's pro list equals its free list. */
function iconsFromJs(styles: JsStyles, aliasesInJs: boolean): RawIcon[] {
  const byId = new Map<string, RawIcon>();
  for (const [prefix, icons] of styles) {
    for (const [id, [width, height, aliases, unicode, path]] of icons as Map<string, JsIcon>) {
      let icon = byId.get(id);
      if (!icon) {
        icon = {
          id,
          unicode: hex(unicode),
          // 5.x JS puts ligatures ("Font Awesome") where 6.x puts alias names and code points.
          aliases: aliasesOf(
            aliasesInJs
              ? {
                  names: aliases.filter((a) => typeof a === 'string'),
                  unicodes: { composite: aliases.filter((a) => typeof a === 'number').map((n) => n.toString(16)) },
                }
              : undefined,
          ),
          changes: [],
          searchTerms: [],
          familyStylesByLicense: { free: [], pro: [] },
          svgs: [],
        };
        byId.set(id, icon);
      }
      icon.familyStylesByLicense.free.push(prefix);
      icon.familyStylesByLicense.pro.push(prefix);
      icon.svgs.push({ prefix, width, height, pathData: Array.isArray(path) ? path : [path] });
    }
  }
  return [...byId.values()];
}

function readCategories(packageDir: string, iconIds: Set<string>): ReleaseDocument['categories'] {
  const file = join(packageDir, 'metadata', 'categories.yml');
  if (!existsSync(file)) return [];
  const data = readYaml(file) as Record<string, { label: string; icons?: string[] }>;
  return Object.entries(data).map(([name, category]) => ({
    name,
    label: String(category.label),
    icons: unique((category.icons ?? []).map(String)).filter((id) => iconIds.has(id)),
  }));
}

// js/v4-shims.js is the whole map the browser shim applies (~460 names); metadata/shims.yml, where
// present, lists only a part of it (129-268 names), so it is read only when there is no JS.
function readShims(packageDir: string): ReleaseDocument['shims'] {
  const fromJs = readJsShims(packageDir);
  const file = join(packageDir, 'metadata', 'shims.yml');
  if (fromJs.length > 0 || !existsSync(file)) return fromJs;
  const data = readYaml(file) as Record<string, { name?: string; prefix?: string } | null>;
  return Object.entries(data).map(([oldName, shim]) => ({ oldName, name: shim?.name ?? null, prefix: shim?.prefix ?? null }));
}
