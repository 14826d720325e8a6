// Font Awesome's releases as Iconify icon sets, under Iconify's own prefixes: the newest 7.x as
// fa7-solid, fa7-regular and fa7-brands, the newest 6.x as fa6-*, the newest 5.x as fa-*. Each is
// made from the release's rows (free icons only, their own paths), so one import feeds both APIs.
// syncFontAwesomeSets() brings the sets in line with the releases loaded: run after a release is
// added or removed, and at start (a database from before the sets existed gets them then).
import { and, eq, inArray } from 'drizzle-orm';
import semver from 'semver';
import type { IconifyJSON } from '@iconify/types';
import type { Database } from '../../db/database.ts';
import { asDatabase, type DatabaseHandle } from '../database-handle.ts';
import { prepareIconSet, type PreparedIconSet } from './icon-set.ts';
import { FONT_AWESOME_SOURCE, removeIconSets, setSources, writeIconSets } from './load-sets.ts';

/** Iconify's prefix for each major, and the styles it publishes (all classic, all free). */
const PREFIX_OF_MAJOR: Record<number, string> = { 7: 'fa7-', 6: 'fa6-', 5: 'fa-' };
const STYLES = ['solid', 'regular', 'brands'] as const;

const LICENSE = { title: 'CC BY 4.0', spdx: 'CC-BY-4.0', url: 'https://creativecommons.org/licenses/by/4.0/' };
const AUTHOR = { name: 'Dave Gandy', url: 'https://fontawesome.com' };

export const fontAwesomeSource = (version: string) => `font-awesome ${version}`;

/** The newest stable release loaded of each major Iconify publishes. */
async function newestByMajor(database: Database): Promise<Map<number, { id: number; version: string; date: string }>> {
  const { db, t } = database;
  const releases = await db.select({ id: t.releases.id, version: t.releases.version, date: t.releases.date, isPrerelease: t.releases.isPrerelease }).from(t.releases);
  const newest = new Map<number, { id: number; version: string; date: string }>();
  for (const release of releases) {
    const major = semver.major(release.version);
    if (release.isPrerelease || !(major in PREFIX_OF_MAJOR)) continue;
    const held = newest.get(major);
    if (!held || semver.gt(release.version, held.version)) newest.set(major, release);
  }
  return newest;
}

/**
 * Adds, replaces and removes the sets made from releases so that each stands for the newest
 * release of its major; answers the prefixes changed.
 */
export async function syncFontAwesomeSets(handle: DatabaseHandle): Promise<string[]> {
  const database = asDatabase(handle);
  const wanted = new Map<string, { releaseId: number; version: string; date: string; style: (typeof STYLES)[number]; major: number }>();
  for (const [major, release] of await newestByMajor(database)) {
    for (const style of STYLES) wanted.set(`${PREFIX_OF_MAJOR[major]}${style}`, { releaseId: release.id, version: release.version, date: release.date, style, major });
  }
  // Read at every start: sources only, not every set's info.
  const loaded = await setSources(database);
  const stale = [...loaded].filter(([prefix, source]) => FONT_AWESOME_SOURCE.test(source) && !wanted.has(prefix)).map(([prefix]) => prefix);
  const sets: PreparedIconSet[] = [];
  for (const [prefix, want] of wanted) {
    if (loaded.get(prefix) === fontAwesomeSource(want.version)) continue;
    const set = await setOf(database, prefix, want);
    if (set) sets.push(set);
  }
  if (stale.length > 0) await removeIconSets(database, stale);
  if (sets.length > 0) await writeIconSets(database, sets, { replace: true, overFontAwesome: true });
  return [...stale, ...sets.map((set) => set.prefix)];
}

async function setOf(
  database: Database,
  prefix: string,
  want: { releaseId: number; version: string; date: string; style: string; major: number },
): Promise<PreparedIconSet | null> {
  const { db, t } = database;
  const [familyStyle] = await db
    .select({ id: t.familyStyles.id })
    .from(t.familyStyles)
    .where(and(eq(t.familyStyles.releaseId, want.releaseId), eq(t.familyStyles.family, 'classic'), eq(t.familyStyles.style, want.style)));
  if (!familyStyle) return null;
  const icons = await db
    .select({ id: t.icons.id, name: t.icons.name, width: t.iconSvgs.width, height: t.iconSvgs.height, pathData: t.iconSvgs.pathData })
    .from(t.iconFamilyStyles)
    .innerJoin(t.icons, eq(t.icons.id, t.iconFamilyStyles.iconId))
    .innerJoin(t.iconSvgs, and(eq(t.iconSvgs.iconId, t.icons.id), eq(t.iconSvgs.familyStyleId, familyStyle.id)))
    .where(and(eq(t.iconFamilyStyles.familyStyleId, familyStyle.id), eq(t.iconFamilyStyles.license, 'free')));
  if (icons.length === 0) return null;
  icons.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const ids = icons.map((icon) => icon.id);
  const nameOf = new Map(icons.map((icon) => [icon.id, icon.name]));
  const aliasRows = await inChunks(ids, (chunk) => db.select({ iconId: t.iconAliasNames.iconId, name: t.iconAliasNames.name }).from(t.iconAliasNames).where(inArray(t.iconAliasNames.iconId, chunk)));
  const categoryRows = await inChunks(ids, (chunk) =>
    db.select({ iconId: t.categoryIcons.iconId, label: t.categories.label }).from(t.categoryIcons).innerJoin(t.categories, eq(t.categories.id, t.categoryIcons.categoryId)).where(inArray(t.categoryIcons.iconId, chunk)),
  );

  // The set-wide height is the one most icons have; an icon states what differs from it.
  const height = mostCommon(icons.map((icon) => icon.height));
  const set: IconifyJSON = { prefix, lastModified: Math.floor(Date.parse(`${want.date}T00:00:00Z`) / 1000), icons: {}, height };
  for (const icon of icons) {
    set.icons[icon.name] = { body: bodyOf(icon.pathData), width: icon.width, ...(icon.height === height ? {} : { height: icon.height }) };
  }
  const aliases: NonNullable<IconifyJSON['aliases']> = {};
  for (const { iconId, name } of aliasRows) if (!(name in set.icons)) aliases[name] = { parent: nameOf.get(iconId)! };
  if (Object.keys(aliases).length > 0) set.aliases = sortedKeys(aliases);
  const categories: Record<string, string[]> = {};
  for (const { iconId, label } of categoryRows) (categories[label] ??= []).push(nameOf.get(iconId)!);
  if (Object.keys(categories).length > 0) set.categories = sortedKeys(Object.fromEntries(Object.entries(categories).map(([label, names]) => [label, names.sort()])));
  const styleName = want.style[0].toUpperCase() + want.style.slice(1);
  set.info = {
    name: `Font Awesome ${want.major} ${styleName}`,
    total: icons.length,
    version: want.version,
    author: AUTHOR,
    license: LICENSE,
    samples: samplesOf(icons.map((icon) => icon.name), want.style),
    height,
    category: want.style === 'brands' ? 'Brands / Social' : 'General',
    palette: false,
  };
  return prepareIconSet(set, { version: want.version, source: fontAwesomeSource(want.version), fallbackLastModified: set.lastModified! });
}

/** A glyph's paths as an icon body: a duotone's secondary path ([secondary, primary]) at .4 opacity. */
function bodyOf(paths: string[]): string {
  if (paths.length === 1) return `<path fill="currentColor" d="${paths[0]}"/>`;
  return `<path fill="currentColor" d="${paths[0]}" opacity=".4"/><path fill="currentColor" d="${paths[1]}"/>`;
}

/** Icons a set is recognised by, where it has them; else its first. */
function samplesOf(names: string[], style: string): string[] {
  const known = style === 'brands' ? ['github', 'font-awesome', 'youtube', 'instagram', 'linkedin', 'discord'] : ['house', 'user', 'magnifying-glass', 'heart', 'star', 'bell'];
  const present = known.filter((name) => names.includes(name));
  return present.length >= 3 ? present : names.slice(0, 6);
}

function mostCommon(values: number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
}

const sortedKeys = <T>(record: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));

/** SQLite binds at most 32,766 parameters a statement. */
async function inChunks<T>(ids: number[], query: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += 1000) rows.push(...(await query(ids.slice(start, start + 1000))));
  return rows;
}
