// Release rules: ordering, `isLatest`, version resolution and the per-release catalogues.
// The release list is small and read on every request, so it is kept in memory and reloaded
// when another process changes releases underneath (the seed CLI adding one). Other processes'
// writes that touch no release (token exchanges, kit changes) leave it, and every cache derived
// from releases, alone: data_changes says which scopes a commit changed.
import semver from 'semver';
import { RELEASES_SCOPE } from '../../db/data-changes.ts';
import { AppError } from '../errors.ts';
import type { ReleasesRepo, FamilyStyleRow } from './releases.repo.ts';
import { invalidVersion, parseVersionSpec, pickVersion, releaseNotFound, type VersionSpec } from './versions.ts';

export interface Release {
  id: number;
  version: string;
  date: string;
  isPrerelease: boolean;
  isLatest: boolean;
  separatesWebDesktop: boolean;
}

// A read that saw the database change under it this many times in a row gives up with a 503.
const MAX_READ_ATTEMPTS = 4;
const ACCOUNT_SCOPE = /^account:(\d+)$/;

interface Snapshot {
  /** The newest data_changes row when this list was read. */
  lastChange: number;
  releases: Release[];
  byVersion: Map<string, Release>;
  byId: Map<number, Release>;
}

export function createReleasesService(repo: ReleasesRepo) {
  let snapshot: Snapshot | null = null;
  let dataVersion = -1;
  let checkedAt = -Infinity;
  const listeners: (() => void)[] = [];
  const accountListeners: ((accountId: number) => void)[] = [];
  // Each release's family-styles, read once (release data is immutable), as a list and by row id.
  const familyStylesByRelease = new Map<number, { list: FamilyStyleRow[]; byId: Map<number, FamilyStyleRow> }>();
  listeners.push(() => familyStylesByRelease.clear());

  function load(): Snapshot {
    const lastChange = repo.changes.latest(); // before the rows: a change in between is seen again, never missed
    const rows = repo.all().sort((a, b) => semver.compare(a.version, b.version));
    const latest = rows.filter((r) => !r.isPrerelease).at(-1);
    const releases = rows.map((r) => ({
      id: r.id,
      version: r.version,
      date: r.date,
      isPrerelease: r.isPrerelease,
      isLatest: r === latest,
      separatesWebDesktop: r.separatesWebDesktop,
    }));
    return { lastChange, releases, byVersion: new Map(releases.map((r) => [r.version, r])), byId: new Map(releases.map((r) => [r.id, r])) };
  }

  /**
   * When another connection has committed since last checked (one cheap pragma), reads what it
   * changed: releases reload the list and tell `onChange` listeners; an account's kits tell
   * `onAccountChange` listeners; anything else changes nothing here.
   */
  function refresh(): void {
    checkedAt = performance.now();
    const version = repo.dataVersion();
    if (version === dataVersion && snapshot) return;
    dataVersion = version;
    if (!snapshot) {
      snapshot = load();
      return;
    }
    const { last, scopes } = repo.changes.since(snapshot.lastChange);
    if (scopes === null || scopes.has(RELEASES_SCOPE)) {
      snapshot = load();
      listeners.forEach((listener) => listener());
      return;
    }
    snapshot.lastChange = last;
    for (const scope of scopes) {
      const account = ACCOUNT_SCOPE.exec(scope);
      if (account) accountListeners.forEach((listener) => listener(Number(account[1])));
    }
  }

  /** The release list as of the last refresh (once per request: see app.ts). */
  function current(): Snapshot {
    if (!snapshot) refresh();
    return snapshot!;
  }

  return {
    list: (): Release[] => current().releases,

    /** Tells `listener` when releases changed, so caches derived from them can be dropped. */
    onChange: (listener: () => void) => void listeners.push(listener),

    /** Tells `listener` when another process changed an account's kits. */
    onAccountChange: (listener: (accountId: number) => void) => void accountListeners.push(listener),

    /** Checks the database for changes now (one cheap pragma). */
    refresh,

    /**
     * At the start of each request: checks unless checked in the last millisecond (at thousands of
     * cached answers a second, the pragma was 5 % of the work; a commit by another process is
     * still seen within a millisecond, and reads are checked after they run by `consistent`).
     */
    refreshIfStale(): void {
      if (performance.now() - checkedAt >= 1) refresh();
    },

    /**
     * Runs `read` and returns its answer if no other process committed while it ran; otherwise
     * takes the new state and runs it again. Without this, a request that resolved a release
     * before a replace committed and read its rows after could answer with neither state.
     */
    async consistent<T>(read: () => T | Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const before = current();
        const result = await read();
        refresh();
        if (snapshot === before) return result; // no release changed while it read
        if (attempt === MAX_READ_ATTEMPTS) throw new AppError(503, 'INTERNAL', 'the data changed during every attempt to read it; retry shortly');
      }
    },

    /** Resolves a version argument; throws INVALID_VERSION (malformed) or RELEASE_NOT_FOUND. */
    resolve(input: string): Release {
      const spec = parseVersionSpec(input);
      if (!spec) throw invalidVersion(input);
      return resolveSpec(spec, input);
    },

    parse: parseVersionSpec,

    byId: (id: number): Release | undefined => current().byId.get(id),

    /** The release's family-styles in the contract's order. */
    familyStyles: (release: Release): FamilyStyleRow[] => familyStylesOf(release).list,

    /** The release's family-styles by row id. */
    familyStylesById: (release: Release): Map<number, FamilyStyleRow> => familyStylesOf(release).byId,
  };

  function familyStylesOf(release: Release) {
    let entry = familyStylesByRelease.get(release.id);
    if (!entry) {
      const list = repo.familyStyles(release.id);
      familyStylesByRelease.set(release.id, (entry = { list, byId: new Map(list.map((fs) => [fs.id, fs])) }));
    }
    return entry;
  }

  function resolveSpec(spec: VersionSpec, input: string): Release {
    const { byVersion } = current();
    const version = pickVersion(spec, [...byVersion.keys()]);
    if (!version) throw releaseNotFound(input);
    return byVersion.get(version)!;
  }
}

export type ReleasesService = ReturnType<typeof createReleasesService>;
