// The structures derived from one release (its assembled icon list, search index, free SVG set,
// kit variant index, catalogue) share one byte budget, RELEASE_CACHE_MB: whichever releases and
// kinds are used most stay, whatever the mix, and the heap they hold stays bounded however many
// releases are served. Release data is immutable, so an entry is only ever dropped: when the budget
// needs room, or when the release list changes (the seed CLI replaced or removed a release).
import { LRUCache } from 'lru-cache';

export type ReleaseStructure = 'icons' | 'search' | 'free-svgs' | 'kit-variants' | 'catalogue';

/** A structure and the heap it holds, as its builder estimates it from its contents. */
export interface Sized<T> {
  value: T;
  bytes: number;
}

export function createReleaseCache(maxBytes: number) {
  const kept = new LRUCache<string, Sized<unknown>>({ maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) });
  // Builds under way: requests for the same structure meanwhile wait on the same build.
  const building = new Map<string, Promise<unknown>>();
  // Bumped by clear(): a build that read the old data while the list changed is not kept.
  let generation = 0;
  const keyOf = (kind: ReleaseStructure, releaseId: number) => `${kind}:${releaseId}`;

  return {
    maxBytes,
    /** The heap the kept structures hold, as estimated. */
    get bytes(): number {
      return kept.calculatedSize;
    },

    /** The structure when it is kept, else undefined: nothing to wait for. */
    peek<T>(kind: ReleaseStructure, releaseId: number): T | undefined {
      return kept.get(keyOf(kind, releaseId))?.value as T | undefined;
    },

    /**
     * The structure, built by `build` when it is not kept. A structure larger than the whole
     * budget is still answered, only not kept; a failed build is forgotten (the next call tries
     * again).
     */
    get<T>(kind: ReleaseStructure, releaseId: number, build: () => Promise<Sized<T>>): T | Promise<T> {
      const key = keyOf(kind, releaseId);
      const entry = kept.get(key);
      if (entry) return entry.value as T;
      let pending = building.get(key) as Promise<T> | undefined;
      if (!pending) {
        const startedIn = generation;
        pending = build().then((built) => {
          if (generation === startedIn) kept.set(key, built);
          return built.value;
        });
        building.set(key, pending);
        void pending.finally(() => building.get(key) === pending && building.delete(key)).catch(() => {});
      }
      return pending;
    },

    /** Drops everything (the release list changed). */
    clear(): void {
      generation++;
      kept.clear();
      building.clear();
    },
  };
}

export type ReleaseCache = ReturnType<typeof createReleaseCache>;
