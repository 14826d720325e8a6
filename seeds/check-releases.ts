// `seed check`: the release facts a client relies on, checked over every loaded release
// (font-awesome-data.md, "SRI values", "Release list and dates", "Shims and changes").
import { createHash } from 'node:crypto';
import semver from 'semver';
import { and, count, eq } from 'drizzle-orm';
import { first, type Database } from '../db/database.ts';
import type * as schema from '../db/schema.ts';
import { asDatabase, type DatabaseHandle } from './database-handle.ts';
import { historyUpTo, sourceHasMetadata } from './import/labels.ts';
import { isMinifiedPath } from './import/sri.ts';

// Values the public API gives, for spot checks of the whole SRI road (font-awesome-data.md).
const PUBLIC_API_SRIS: Record<string, Record<string, string>> = {
  '5.15.4': { 'css/all.css': 'sha384-DyZ88mC6Up2uqS4h/KRgHuoeGwBcD4Ng9SiP4dIRy0EXTlnuz47vAwmeGwVChigm' },
  '7.0.0': { 'css/all.css': 'sha384-tGBVFh2h9Zcme3k9gJLbGqDpD+jRd419j/6N32rharcTZa1X6xgxug6pFMGonjxU' },
};
const SHA384 = /^sha384-[A-Za-z0-9+/]{64}$/;

// Sources written by the Font Awesome Free adapter: "npm <package>@<version> (<kind>)".
const fromFreePackage = (source: string) => /^npm @fortawesome\/fontawesome-free@/.test(source);

export interface CheckReport {
  releases: number;
  problems: string[];
}

export async function checkReleases(handle: DatabaseHandle): Promise<CheckReport> {
  const database = asDatabase(handle);
  const { db, t } = database;
  const loaded = (await db.select().from(t.releases)).sort((a, b) => semver.compare(a.version, b.version));
  const problems: string[] = [];

  // Dates: stable releases in semver order are in date order too.
  const stable = loaded.filter((r) => !semver.prerelease(r.version));
  for (let i = 1; i < stable.length; i++) {
    const [before, after] = [stable[i - 1], stable[i]];
    if (before.date > after.date) problems.push(`${before.version} is dated ${before.date}, after ${after.version} (${after.date})`);
  }

  for (const release of loaded) {
    const sris = await db.select().from(t.releaseSris).where(eq(t.releaseSris.releaseId, release.id));
    for (const sri of sris) {
      if (isMinifiedPath(sri.path)) problems.push(`${release.version}: SRI path ${sri.path} is a .min path; the CDN serves it at the plain path`);
      if (!SHA384.test(sri.value)) problems.push(`${release.version}: SRI ${sri.path} is not a sha384 value: ${sri.value}`);
    }
    for (const [path, value] of Object.entries(PUBLIC_API_SRIS[release.version] ?? {})) {
      const found = sris.find((s) => s.license === 'free' && s.path === path)?.value;
      if (found !== value) problems.push(`${release.version}: SRI ${path} is ${found ?? 'missing'}, the public API says ${value}`);
    }
    problems.push(...(await checkServedFiles(database, release, sris)));
    if (fromFreePackage(release.source)) {
      const free = sris.filter((s) => s.license === 'free').length;
      if (free < 13 || free > 17) problems.push(`${release.version}: ${free} free SRI values, a 5.1+ release has 13 to 17`);
      const shims = first(await db.select({ n: count() }).from(t.shims).where(eq(t.shims.releaseId, release.id)))!.n;
      if (shims < 400) problems.push(`${release.version}: ${shims} shims, its package's v4-shims.js maps over 400 names`);
    }
  }
  problems.push(...(await checkHistories(database, loaded)));
  return { releases: loaded.length, problems };
}

/**
 * A release imported with its files (from a package) serves, at each SRI path, the bytes the value
 * is the hash of: a page that embeds the file with that `integrity` would otherwise break.
 */
async function checkServedFiles(database: Database, release: typeof schema.releases.$inferSelect, sris: (typeof schema.releaseSris.$inferSelect)[]): Promise<string[]> {
  const { db, t } = database;
  const file = async (path: string) =>
    first(
      await db
        .select({ bytes: t.blobs.bytes })
        .from(t.releaseFiles)
        .innerJoin(t.blobs, eq(t.blobs.sha256, t.releaseFiles.sha256))
        .where(and(eq(t.releaseFiles.releaseId, release.id), eq(t.releaseFiles.path, path))),
    )?.bytes;
  const hasFiles = first(await db.select({ path: t.releaseFiles.path }).from(t.releaseFiles).where(eq(t.releaseFiles.releaseId, release.id)).limit(1)) !== undefined;
  if (!hasFiles) return [];
  const problems: string[] = [];
  for (const sri of sris.filter((s) => s.license === 'free')) {
    const bytes = await file(sri.path);
    if (!bytes) problems.push(`${release.version}: no file is served at ${sri.path}, which has an SRI value`);
    else if (`sha384-${createHash('sha384').update(bytes).digest('base64')}` !== sri.value) problems.push(`${release.version}: the file served at ${sri.path} does not match its SRI value`);
  }
  return problems;
}

/** No icon's history runs past its release; a release without metadata has its later history. */
async function checkHistories({ db, t }: Database, loaded: (typeof schema.releases.$inferSelect)[]): Promise<string[]> {
  const problems: string[] = [];
  const rows = await db.select({ releaseId: t.icons.releaseId, name: t.icons.name, changes: t.icons.changes }).from(t.icons);
  const byRelease = new Map<number, typeof rows>();
  for (const row of rows) {
    if (!byRelease.has(row.releaseId)) byRelease.set(row.releaseId, []);
    byRelease.get(row.releaseId)!.push(row);
  }
  const withHistory = loaded.filter((r) => sourceHasMetadata(r.source));
  for (const release of loaded) {
    const icons = byRelease.get(release.id) ?? [];
    const future = icons.filter((icon) => historyUpTo(icon.changes, release.version).length !== icon.changes.length);
    if (future.length > 0) problems.push(`${release.version}: ${future.length} icons have changes after the release (${future[0].name}: ${future[0].changes.join(', ')})`);
    if (sourceHasMetadata(release.source)) continue;
    const nearest = withHistory.find((r) => semver.gt(r.version, release.version));
    if (!nearest) continue;
    const later = new Set((byRelease.get(nearest.id) ?? []).map((icon) => icon.name));
    const missing = icons.filter((icon) => icon.changes.length === 0 && later.has(icon.name));
    if (missing.length > 0) problems.push(`${release.version}: ${missing.length} icons have no changes although ${nearest.version} has their history (${missing[0].name})`);
  }
  return problems;
}
