// Release rules: ordering, `isLatest`, version resolution and the per-release catalogues.
// The release list (with every release's family-styles) is small and read on every request, so it
// is kept in memory and reloaded when another process changes releases underneath (the seed CLI
// adding one). Other processes' writes that touch no release (token exchanges, kit changes) leave
// it, and every cache derived from releases, alone: data_changes says which scopes a commit
// changed. Reading the database is asynchronous; answering from the list is not, so requests that
// find nothing changed never wait.
import semver from 'semver';
import { ICON_SETS_SCOPE, RELEASES_SCOPE } from '../../db/data-changes.ts';
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

const NO_FAMILY_STYLES = { list: [] as FamilyStyleRow[], byId: new Map<number, FamilyStyleRow>() };

// A read that saw the database change under it this many times in a row gives up with a 503.
const MAX_READ_ATTEMPTS = 4;
const ACCOUNT_SCOPE = /^account:(\d+)$/;

interface Snapshot {
  /** The newest data_changes row when this list was read. */
  lastChange: number;
  releases: Release[];
  byVersion: Map<string, Release>;
  /** The releases whose version, given as it is, names exactly that release: what most requests give. */
  byExactVersion: Map<string, Release>;
  byId: Map<number, Release>;
  /** Each release's family-styles (release data is immutable), as a list and by row id. */
  familyStyles: Map<number, { list: FamilyStyleRow[]; byId: Map<number, FamilyStyleRow> }>;
}

export function createReleasesService(repo: ReleasesRepo) {
  let snapshot: Snapshot | null = null;
  let dataVersion: number | null = -1;
  let checkedAt = -Infinity;
  // The refresh under way: requests arriving meanwhile wait on the same one.
  let pending: Promise<void> | null = null;
  const listeners: (() => void)[] = [];
  const accountListeners: ((accountId: number) => void)[] = [];
  const setListeners: (() => void)[] = [];

  async function load(): Promise<Snapshot> {
    const lastChange = await repo.changes.latest(); // before the rows: a change in between is seen again, never missed
    const [unsorted, familyStyleRows] = await Promise.all([repo.all(), repo.familyStyles()]);
    const rows = unsorted.sort((a, b) => semver.compare(a.version, b.version));
    const latest = rows.filter((r) => !r.isPrerelease).at(-1);
    const releases = rows.map((r) => ({
      id: r.id,
      version: r.version,
      date: r.date,
      isPrerelease: r.isPrerelease,
      isLatest: r === latest,
      separatesWebDesktop: r.separatesWebDesktop,
    }));
    const familyStyles = new Map<number, { list: FamilyStyleRow[]; byId: Map<number, FamilyStyleRow> }>(
      releases.map((r) => [r.id, { list: [], byId: new Map() }]),
    );
    for (const fs of familyStyleRows) {
      const entry = familyStyles.get(fs.releaseId);
      if (entry) (entry.list.push(fs), entry.byId.set(fs.id, fs));
    }
    const byExactVersion = new Map(releases.filter((r) => parseVersionSpec(r.version)?.kind === 'exact').map((r) => [r.version, r]));
    return { lastChange, releases, byVersion: new Map(releases.map((r) => [r.version, r])), byExactVersion, byId: new Map(releases.map((r) => [r.id, r])), familyStyles };
  }

  /** Reads what changed since the snapshot (all of it when there is none); `version` is recorded once it has. */
  async function apply(version: number | null): Promise<void> {
    if (!snapshot) {
      snapshot = await load();
      dataVersion = version;
      return;
    }
    const { last, scopes } = await repo.changes.since(snapshot.lastChange);
    if (scopes === null || scopes.has(ICON_SETS_SCOPE)) setListeners.forEach((listener) => listener());
    if (scopes === null || scopes.has(RELEASES_SCOPE)) {
      snapshot = await load();
      dataVersion = version;
      listeners.forEach((listener) => listener());
      return;
    }
    snapshot.lastChange = last;
    dataVersion = version;
    for (const scope of scopes) {
      const account = ACCOUNT_SCOPE.exec(scope);
      if (account) accountListeners.forEach((listener) => listener(Number(account[1])));
    }
  }

  /**
   * When another connection has committed since last checked (repo.dataVersion, answered without
   * I/O), reads what it changed: releases reload the list and tell `onChange` listeners; an
   * account's kits tell `onAccountChange` listeners; anything else changes nothing here. Null when
   * nothing changed: the caller goes on at once. A failed read is tried again at the next check.
   */
  function check(): Promise<void> | null {
    checkedAt = performance.now();
    const version = repo.dataVersion();
    if (version === dataVersion && snapshot) return null;
    return (pending ??= apply(version).finally(() => (pending = null)));
  }

  // The check after a read, shared by every read that ended in the same turn of the event loop:
  // one data_version pragma (or counter read) in the turn's check phase, after all of them,
  // instead of one per read. It still runs after each of those reads ended, which is all a read
  // needs to know that nothing committed while it ran.
  let afterReads: Promise<void> | null = null;
  function checkAfterReads(): Promise<void> {
    return (afterReads ??= new Promise<void>((resolve, reject) =>
      setImmediate(() => {
        afterReads = null;
        const refreshing = check();
        if (refreshing) refreshing.then(resolve, reject);
        else resolve();
      }),
    ));
  }

  /** The release list as of the last refresh (see app.ts: every request waits for one first). */
  function current(): Snapshot {
    if (!snapshot) throw new AppError(503, 'INTERNAL', 'the release list has not been read from the database yet; retry shortly', undefined, { 'Retry-After': '1' });
    return snapshot;
  }

  return {
    list: (): Release[] => current().releases,

    /** Whether the release list has been read (list() and resolve() answer only then). */
    loaded: (): boolean => snapshot !== null,

    /** Tells `listener` when releases changed, so caches derived from them can be dropped. */
    onChange: (listener: () => void) => void listeners.push(listener),

    /** Tells `listener` when open icon sets were added, replaced or removed (server/iconify/). */
    onIconSetsChange: (listener: () => void) => void setListeners.push(listener),

    /** Tells `listener` when another process changed an account's kits. */
    onAccountChange: (listener: (accountId: number) => void) => void accountListeners.push(listener),

    /** Checks the database for changes now, and reads them (the first call reads the release list). */
    refresh: async (): Promise<void> => void (await check()),

    /**
     * At the start of each request: checks unless checked in the last millisecond (at thousands of
     * cached answers a second, the pragma was 5 % of the work; a commit by another process is
     * still seen within a millisecond, and reads are checked after they run by `consistent`).
     * Null when there is nothing to wait for (nearly always); else the refresh to wait for.
     */
    refreshIfStale(): Promise<void> | null {
      if (pending) return pending;
      return performance.now() - checkedAt >= 1 || !snapshot ? check() : null;
    },

    /**
     * Runs `read` and returns its answer if no other process committed while it ran; otherwise
     * takes the new state and runs it again. Without this, a request that resolved a release
     * before a replace committed and read its rows after could answer with neither state.
     */
    async consistent<T>(read: () => T | Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        if (!snapshot) await check();
        const before = current();
        const result = await read();
        await checkAfterReads();
        if (snapshot === before) return result; // no release changed while it read
        if (attempt === MAX_READ_ATTEMPTS) throw new AppError(503, 'INTERNAL', 'the data changed during every attempt to read it; retry shortly');
      }
    },

    /** Resolves a version argument; throws INVALID_VERSION (malformed) or RELEASE_NOT_FOUND. */
    resolve(input: string): Release {
      // What resolveSpec finds for it, without parsing it and listing every version per request.
      const exact = current().byExactVersion.get(input);
      if (exact) return exact;
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

  // A release replaced since the caller resolved it has none (its rows are gone; `consistent`
  // reads again with the new one).
  function familyStylesOf(release: Release) {
    return current().familyStyles.get(release.id) ?? NO_FAMILY_STYLES;
  }

  function resolveSpec(spec: VersionSpec, input: string): Release {
    const { byVersion } = current();
    const version = pickVersion(spec, [...byVersion.keys()]);
    if (!version) throw releaseNotFound(input);
    return byVersion.get(version)!;
  }
}

export type ReleasesService = ReturnType<typeof createReleasesService>;
