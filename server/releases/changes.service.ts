// What changed between two releases, and what that means for a codebase that uses some of their
// icons. Computed from the releases' icons held in memory (icons.all): both releases are immutable,
// so a diff is computed once and the REST router keeps its bytes.
import type { Icon, IconsService } from '../icons/icons.service.ts';
import type { Release } from './releases.service.ts';

export interface ReleaseChanges {
  from: string;
  to: string;
  /** Ids of `to` that `from` lacks (rename targets excluded: they appear under `renamed`). */
  added: string[];
  /** Ids of `from` that `to` lacks, neither as an id nor as an alias. */
  removed: string[];
  /** Ids of `from` gone from `to` as ids, but alias names of an icon there. */
  renamed: { from: string; to: string }[];
  // The lists below compare icons whose id is in both releases.
  unicodeChanged: { id: string; from: string; to: string }[];
  familyStylesAdded: { id: string; familyStyles: string[] }[];
  familyStylesRemoved: { id: string; familyStyles: string[] }[];
  labelChanged: { id: string; from: string; to: string }[];
}

export type UpgradeStatus = 'ok' | 'renamed' | 'removed' | 'style-lost' | 'unknown';
export interface UpgradeEntry {
  name: string;
  /** Prefixes the codebase uses the icon with; omitted: every family-style it has in `from`. */
  prefixes?: string[];
}
export interface UpgradeResult {
  name: string;
  status: UpgradeStatus;
  /** The icon's id in `to` when it differs from `name` (the name is an alias there). */
  newName?: string;
  /** style-lost: the prefixes that are gone, and those the icon still has in `to`. */
  lostPrefixes?: string[];
  availablePrefixes?: string[];
}
export type LicenseScope = 'free' | 'any';

interface ReleaseIndex {
  byId: Map<string, Icon>;
  /** Alias name -> the icon holding it (the first by id, as GraphQL's Release.icon resolves it). */
  byAlias: Map<string, Icon>;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** An icon's family-style prefixes under a license scope, in the contract's order. */
function prefixesOf(icon: Icon, scope: LicenseScope): string[] {
  const free = icon.familyStylesByLicense.free.map((fs) => fs.prefix);
  if (scope === 'free') return free;
  return [...new Set([...free, ...icon.familyStylesByLicense.pro.map((fs) => fs.prefix)])];
}

export function createChangesService(icons: IconsService) {
  const indexes = new WeakMap<Icon[], ReleaseIndex>();

  async function indexOf(release: Release): Promise<ReleaseIndex> {
    const list = await icons.all(release, null);
    let index = indexes.get(list);
    if (!index) {
      const sorted = [...list].sort((a, b) => compare(a.name, b.name));
      const byAlias = new Map<string, Icon>();
      for (const icon of sorted) for (const alias of icon.aliases?.names ?? []) if (!byAlias.has(alias)) byAlias.set(alias, icon);
      indexes.set(list, (index = { byId: new Map(sorted.map((icon) => [icon.name, icon])), byAlias }));
    }
    return index;
  }

  return {
    async changes(from: Release, to: Release): Promise<ReleaseChanges> {
      const [before, after] = await Promise.all([indexOf(from), indexOf(to)]);
      const changes: ReleaseChanges = {
        from: from.version,
        to: to.version,
        added: [],
        removed: [],
        renamed: [],
        unicodeChanged: [],
        familyStylesAdded: [],
        familyStylesRemoved: [],
        labelChanged: [],
      };
      const renameTargets = new Set<string>();
      for (const [id, old] of before.byId) {
        const now = after.byId.get(id);
        if (!now) {
          const target = after.byAlias.get(id);
          if (target) {
            changes.renamed.push({ from: id, to: target.name });
            renameTargets.add(target.name);
          } else changes.removed.push(id);
          continue;
        }
        if (old.unicode !== now.unicode) changes.unicodeChanged.push({ id, from: old.unicode, to: now.unicode });
        if (old.label !== now.label) changes.labelChanged.push({ id, from: old.label, to: now.label });
        const was = prefixesOf(old, 'any');
        const is = prefixesOf(now, 'any');
        const gained = is.filter((p) => !was.includes(p));
        const lost = was.filter((p) => !is.includes(p));
        if (gained.length > 0) changes.familyStylesAdded.push({ id, familyStyles: gained });
        if (lost.length > 0) changes.familyStylesRemoved.push({ id, familyStyles: lost });
      }
      for (const id of after.byId.keys()) if (!before.byId.has(id) && !renameTargets.has(id)) changes.added.push(id);
      changes.renamed.sort((a, b) => compare(a.from, b.from));
      return changes;
    },

    /**
     * Per icon name a codebase uses with `from`: whether it still works with `to`. A name is looked
     * up as an id, then as an alias (the name `to` gives it is its id there).
     */
    async upgradeCheck(from: Release, to: Release, entries: UpgradeEntry[], scope: LicenseScope): Promise<UpgradeResult[]> {
      const [before, after] = await Promise.all([indexOf(from), indexOf(to)]);
      return entries.map(({ name, prefixes }) => {
        const old = before.byId.get(name) ?? before.byAlias.get(name);
        const now = after.byId.get(name) ?? after.byAlias.get(name);
        if (!now) return { name, status: old ? 'removed' : 'unknown' };
        const renamed = now.name !== name ? { newName: now.name } : {};
        const wanted = prefixes ?? (old ? prefixesOf(old, scope) : []);
        const available = prefixesOf(now, scope);
        const lost = wanted.filter((p) => !available.includes(p));
        if (lost.length > 0) return { name, status: 'style-lost', ...renamed, lostPrefixes: lost, availablePrefixes: available };
        // An alias in both releases that names the same icon was not renamed by this upgrade.
        return { name, status: (old?.name ?? name) !== now.name ? 'renamed' : 'ok', ...renamed };
      });
    },
  };
}

export type ChangesService = ReturnType<typeof createChangesService>;
