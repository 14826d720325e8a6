// The popular open icon sets, kept whole in memory in one budget (ICON_SET_CACHE_MB): a kept set
// answers a batch with a map lookup a name, where a set read from the database costs a statement.
// A set is kept after a few reads from the database; a set larger than half the budget is never
// kept, so that one set cannot push every other out.
import { LRUCache } from 'lru-cache';
import type { EntryRow, IconSetsRepo } from './icon-sets.repo.ts';

/**
 * What a kept entry costs besides its name's and stored JSON's characters: the strings' headers,
 * its slot in the name map and in the parent and data arrays (measured: mdi's 14,001 entries,
 * 2.87 M characters, take 4.32 MB of heap; test/memory-bounds.test.ts checks it).
 */
const ENTRY_OVERHEAD = 104;
/** Reads of a set from the database after which it is kept whole. */
const KEEP_AFTER_READS = 8;
/**
 * A set is read whole at most this often: a client walking through every set a few times costs
 * one whole-set read (~10 ms for mdi) a second, not one a request.
 */
const KEEP_INTERVAL_MS = 1000;

/** One set's entries (icons and aliases): their names, parents and stored JSON. */
export class KeptSet {
  readonly size: number;
  private readonly index = new Map<string, number>();
  private readonly parents: (string | null)[] = [];
  private readonly data: string[] = [];

  constructor(rows: EntryRow[]) {
    let size = 0;
    for (const row of rows) {
      this.index.set(row.name, this.data.length);
      this.parents.push(row.parent);
      this.data.push(row.data);
      size += row.name.length + row.data.length + ENTRY_OVERHEAD;
    }
    this.size = size;
  }

  /** The entry's parent (null: an icon, not an alias), or undefined when the set has no such entry. */
  parentOf(name: string): string | null | undefined {
    const i = this.index.get(name);
    return i === undefined ? undefined : this.parents[i];
  }

  /** The stored JSON of an entry the set has. */
  dataOf(name: string): string {
    return this.data[this.index.get(name)!];
  }
}

export function createKeptSets(repo: IconSetsRepo, maxBytes: number) {
  const kept = new LRUCache<number, KeptSet>({ maxSize: Math.max(maxBytes, 1), sizeCalculation: (set) => set.size });
  const reads = new Map<number, number>();
  const tooLarge = new Set<number>();
  let lastKeptAt = -Infinity;
  // Bumped when the sets change: a set read before that is not kept.
  let generation = 0;

  async function keep(setId: number): Promise<void> {
    lastKeptAt = performance.now();
    const readIn = generation;
    const maxSetBytes = maxBytes / 2;
    // The JSON's characters bound its bytes from below: a set whose characters pass the limit is not read on.
    const rows = await repo.allEntries(setId, maxSetBytes);
    if (readIn !== generation) return;
    const set = rows && new KeptSet(rows);
    if (!set || set.size > maxSetBytes) return void tooLarge.add(setId);
    kept.set(setId, set);
  }

  return {
    /** The set when kept; else counts a read from the database, and may start keeping it. */
    get(setId: number): KeptSet | undefined {
      const set = kept.get(setId);
      if (set || tooLarge.has(setId) || maxBytes === 0) return set;
      const count = (reads.get(setId) ?? 0) + 1;
      reads.set(setId, count);
      if (count >= KEEP_AFTER_READS && performance.now() - lastKeptAt >= KEEP_INTERVAL_MS) {
        reads.delete(setId);
        // After this request's answer. A failure here (a database fault) is met and answered by
        // the requests that read the set next, so it is not reported twice.
        setImmediate(() => keep(setId).catch(() => undefined));
      }
      return undefined;
    },
    clear(): void {
      generation++;
      kept.clear();
      reads.clear();
      tooLarge.clear();
    },
    /** Bytes counted against the budget. */
    get bytes() {
      return kept.calculatedSize;
    },
    maxBytes,
  };
}

export type KeptSets = ReturnType<typeof createKeptSets>;
