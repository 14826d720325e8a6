// An IconifyJSON icon set -> the rows of one set (db/tables.ts: iconify_sets, iconify_icons), and
// the answers derived from the whole set that the Iconify API serves as they are (the icon list of
// /collection, the set's info with its count). Pure: reads nothing, writes nothing.
import type { IconifyAlias, IconifyInfo, IconifyJSON } from '@iconify/types';
import { defaultIconProps } from '@iconify/utils/lib/icon/defaults';
import { matchIconName } from '@iconify/utils/lib/icon/name';
import { validateIconSet } from '@iconify/utils/lib/icon-set/validate';

/** One set, ready to write. JSON values are kept as text, as they are served. */
export interface PreparedIconSet {
  prefix: string;
  version: string;
  source: string;
  lastModified: number;
  info: string | null;
  defaults: string;
  listing: string;
  chars: string | null;
  entries: { name: string; parent: string | null; data: string; hidden: boolean }[];
  /** Icons listed (visible), as the set's info counts them. */
  total: number;
}

export interface SetOrigin {
  version: string;
  source: string;
  /** Used when the set says nothing of when it changed (Unix seconds). */
  fallbackLastModified: number;
}

const PREFIX = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_ICONS = 200_000;
const MAX_BODY = 1_000_000;
const DIMENSIONS = ['left', 'top', 'width', 'height'] as const;
// An alias that changes how its parent looks is listed as an icon of its own.
const TRANSFORMING = Object.keys(defaultIconProps) as (keyof IconifyAlias)[];

/** A set with no icons: nothing to serve (@iconify/json keeps a few retired sets so). */
export class EmptyIconSetError extends Error {}

/** Validates `input` as an icon set (throws, saying what is wrong) and derives its rows. */
export function prepareIconSet(input: unknown, origin: SetOrigin): PreparedIconSet {
  const given = (input ?? {}) as { prefix?: unknown; icons?: unknown };
  const label = typeof given.prefix === 'string' ? `icon set "${given.prefix}"` : 'icon set';
  if (given.icons && typeof given.icons === 'object' && Object.keys(given.icons).length === 0) throw new EmptyIconSetError(`${label} has no icons`);
  let set: IconifyJSON;
  try {
    // fix: aliases whose parent is missing, and entries of the wrong shape, are dropped (as the
    // Iconify API drops them) rather than refusing a whole published set for one stale alias.
    set = validateIconSet(structuredClone(input), { fix: true });
  } catch (error) {
    throw new Error(`${label} is not valid IconifyJSON: ${(error as Error).message}`);
  }
  const problems: string[] = [];
  if (!PREFIX.test(set.prefix)) problems.push(`prefix "${set.prefix}" is not lowercase letters, digits and single hyphens`);
  const iconNames = Object.keys(set.icons);
  const aliasNames = Object.keys(set.aliases ?? {});
  if (iconNames.length === 0) problems.push('it has no icons');
  if (iconNames.length + aliasNames.length > MAX_ICONS) problems.push(`it has ${iconNames.length + aliasNames.length} icons and aliases; at most ${MAX_ICONS} are taken`);
  for (const name of [...iconNames, ...aliasNames]) {
    if (!matchIconName.test(name)) problems.push(`icon name "${name}" is not lowercase letters, digits and hyphens`);
  }
  for (const name of iconNames) {
    if (set.icons[name].body.length > MAX_BODY) problems.push(`icon "${name}" has a body over ${MAX_BODY} characters`);
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 10);
    throw new Error(`${label}: ${shown.join('; ')}${problems.length > shown.length ? `; and ${problems.length - shown.length} more` : ''}`);
  }

  const list = listIcons(set);
  const info = set.info ? { ...set.info, total: list.total } : null;
  const defaults: Record<string, number> = {};
  for (const key of DIMENSIONS) if (set[key] !== undefined && set[key] !== 0) defaults[key] = set[key];
  const chars = set.chars && Object.keys(set.chars).length > 0 ? set.chars : null;
  const entries = [
    ...iconNames.map((name) => ({ name, parent: null, data: JSON.stringify(set.icons[name]), hidden: !list.visible.has(name) })),
    ...aliasNames.map((name) => ({ name, parent: set.aliases![name].parent, data: JSON.stringify(set.aliases![name]), hidden: !list.visible.has(name) })),
  ];
  return {
    prefix: set.prefix,
    version: origin.version,
    source: origin.source,
    lastModified: typeof set.lastModified === 'number' && set.lastModified > 0 ? set.lastModified : origin.fallbackLastModified,
    info: info && JSON.stringify(info),
    defaults: JSON.stringify(defaults),
    listing: JSON.stringify(listingOf(set, list, info)),
    chars: chars && JSON.stringify(resolveChars(chars, list)),
    entries,
    total: list.total,
  };
}

/**
 * What a picker lists. An icon is its own entry; an alias that only renames its parent joins the
 * parent's entry; an alias that transforms its parent or differs in visibility is an entry of its
 * own. Entries are visited icons first, then aliases, each parent before its aliases.
 */
interface IconList {
  /** Every visible name (icons and aliases), to the name of the entry it belongs to. */
  visible: Map<string, string>;
  /** Every hidden name, likewise. */
  hidden: Map<string, string>;
  /** Visible entries in visiting order, each with the categories it is listed under. */
  entries: { name: string; categories: Set<string> }[];
  /** Hidden entries' names, in visiting order. */
  hiddenEntries: string[];
  total: number;
}

function listIcons(set: IconifyJSON): IconList {
  const categoriesOf = new Map<string, Set<string>>();
  for (const [title, names] of Object.entries(set.categories ?? {})) {
    for (const name of names) {
      const titles = categoriesOf.get(name) ?? new Set<string>();
      titles.add(title);
      categoriesOf.set(name, titles);
    }
  }
  const list: IconList = { visible: new Map(), hidden: new Map(), entries: [], hiddenEntries: [], total: 0 };
  const entryCategories = new Map<string, Set<string>>();
  const addEntry = (name: string, visible: boolean, categories: Set<string>) => {
    (visible ? list.visible : list.hidden).set(name, name);
    if (!visible) return void list.hiddenEntries.push(name);
    list.total++;
    entryCategories.set(name, categories);
    list.entries.push({ name, categories });
  };
  for (const [name, icon] of Object.entries(set.icons)) addEntry(name, !icon.hidden, categoriesOf.get(name) ?? new Set());

  const aliases = set.aliases ?? {};
  const resolving = new Set<string>();
  const resolve = (name: string): boolean => {
    if (list.visible.has(name) || list.hidden.has(name)) return true;
    const alias = aliases[name];
    if (!alias || resolving.has(name)) return false;
    resolving.add(name);
    const ok = resolve(alias.parent);
    resolving.delete(name);
    if (!ok) return false;
    const parentVisible = list.visible.has(alias.parent);
    const parentEntry = (parentVisible ? list.visible : list.hidden).get(alias.parent)!;
    const visible = typeof alias.hidden === 'boolean' ? !alias.hidden : parentVisible;
    const transforms = TRANSFORMING.some((key) => alias[key] !== undefined);
    if (transforms || visible !== parentVisible) {
      addEntry(name, visible, categoriesOf.get(name) ?? entryCategories.get(parentEntry) ?? new Set());
    } else {
      (visible ? list.visible : list.hidden).set(name, parentEntry);
    }
    return true;
  };
  for (const name of Object.keys(aliases)) resolve(name);
  return list;
}

/** The /collection answer, without `info` and `chars` (added when asked for). */
function listingOf(set: IconifyJSON, list: IconList, info: IconifyInfo | null) {
  const listing: Record<string, unknown> = { prefix: set.prefix, total: list.total };
  if (info) listing.title = info.name;
  const uncategorized = list.entries.filter((entry) => entry.categories.size === 0).map((entry) => entry.name);
  if (uncategorized.length > 0) listing.uncategorized = uncategorized;
  const titles = Object.keys(set.categories ?? {});
  if (titles.length > 0) {
    const categories: Record<string, string[]> = {};
    for (const title of titles) categories[title] = [];
    for (const entry of list.entries) for (const title of entry.categories) categories[title].push(entry.name);
    listing.categories = categories;
  }
  if (list.hiddenEntries.length > 0) listing.hidden = list.hiddenEntries;
  const aliases: Record<string, string> = {};
  for (const names of [list.visible, list.hidden]) for (const [name, entry] of names) if (name !== entry) aliases[name] = entry;
  if (Object.keys(aliases).length > 0) listing.aliases = aliases;
  for (const key of ['prefixes', 'suffixes'] as const) if (set[key]) listing[key] = set[key];
  return listing;
}

/** Code points to the name of the entry each draws. */
function resolveChars(chars: Record<string, string>, list: IconList): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [char, name] of Object.entries(chars)) {
    const entry = list.visible.get(name) ?? list.hidden.get(name);
    if (entry) resolved[char] = entry;
  }
  return resolved;
}
