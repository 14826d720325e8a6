// The popular open icon sets, kept whole in memory in one budget (ICON_SET_CACHE_MB): a kept set
// answers a batch with a table lookup and a copy a name, where a set read from the database costs a
// statement and a string built from pieces.
// A set is kept after a few reads from the database; a set larger than half the budget is never
// kept, so that one set cannot push every other out.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { fnv1a } from '../fnv1a.ts';
import type { EntryRow, IconSetsRepo } from './icon-sets.repo.ts';
import type { EntrySource } from './icons-answer.ts';

/** Reads of a set from the database after which it is kept whole. */
const KEEP_AFTER_READS = 8;
/**
 * A set is read whole at most this often: a client walking through every set a few times costs
 * one whole-set read (~10 ms for mdi) a second, not one a request.
 */
const KEEP_INTERVAL_MS = 1000;

/** parents[i] for an icon, and for an alias whose parent the set lacks. */
const NO_PARENT = -1;
const MISSING_PARENT = -2;
/** Numbers per slot of the name table (see KeptSet.slots): four, so that no slot spans two cache lines. */
const SLOT_INTS = 4;
const QUOTE = 0x22;

/**
 * One set's entries (icons and aliases), by index: their parents, and each entry as the member an
 * answer writes (`"name":{...}`, its stored JSON), one after another in one buffer. A name is
 * looked up once; an answer is then a few copies of bytes, not a string built from pieces and
 * encoded again: the strings a built answer left behind cost more than building it
 * (bench/README.md, 2026-11-25).
 *
 * Names are found through an open-addressing table in one Int32Array, checked against the
 * member's own bytes (names are lowercase ASCII, validated at import), not through a Map of
 * strings: a Map lookup read its bucket, its entry and the key string, each a cache miss on a
 * busy server (14% of a new 20-name batch's CPU, by V8's profiler), and the member is read anyway
 * when it is copied. A slot holds where its member starts, so a lookup reads one slot and the
 * member's first bytes. The names then need no strings of their own: ~100 bytes an entry less.
 */
export class KeptSet implements EntrySource<number> {
  /** Bytes held: the members and every array below. */
  readonly size: number;
  /** A hash of all an answer copies from the set (the members, and which alias leads to which entry). */
  readonly contentHash: string;
  /** Per slot, SLOT_INTS numbers: entry + 1 (0: empty), the name's hash, where the entry's member starts. */
  private readonly slots: Int32Array;
  private readonly slotMask: number;
  /** The parent's index, NO_PARENT for an icon, MISSING_PARENT for an alias leading nowhere. */
  private readonly parents: Int32Array;
  /** Entry i's member is members[memberStart[i], memberStart[i + 1]); its stored JSON starts at dataStart[i]. */
  private readonly members: Buffer;
  private readonly memberStart: Uint32Array;
  private readonly dataStart: Uint32Array;

  constructor(rows: EntryRow[]) {
    this.parents = new Int32Array(rows.length);
    this.memberStart = new Uint32Array(rows.length + 1);
    this.dataStart = new Uint32Array(rows.length);
    const keys = rows.map((row) => `${JSON.stringify(row.name)}:`);
    let length = 0;
    for (let i = 0; i < rows.length; i++) {
      this.memberStart[i] = length;
      this.dataStart[i] = length += Buffer.byteLength(keys[i]);
      length += Buffer.byteLength(rows[i].data);
    }
    this.memberStart[rows.length] = length;
    this.members = Buffer.allocUnsafeSlow(length);
    for (let i = 0; i < rows.length; i++) {
      this.members.write(keys[i], this.memberStart[i]);
      this.members.write(rows[i].data, this.dataStart[i]);
    }
    // At most half the slots used: a search ends within a slot or two.
    let slotCount = 16;
    while (slotCount < rows.length * 2) slotCount *= 2;
    this.slots = new Int32Array(slotCount * SLOT_INTS);
    this.slotMask = slotCount - 1;
    for (let i = 0; i < rows.length; i++) {
      const hash = fnv1a(rows[i].name);
      let slot = hash & this.slotMask;
      while (this.slots[slot * SLOT_INTS] !== 0) slot = (slot + 1) & this.slotMask;
      this.slots[slot * SLOT_INTS] = i + 1;
      this.slots[slot * SLOT_INTS + 1] = hash;
      this.slots[slot * SLOT_INTS + 2] = this.memberStart[i];
    }
    for (let i = 0; i < rows.length; i++) {
      const parent = rows[i].parent;
      this.parents[i] = parent === null ? NO_PARENT : (this.find(parent) ?? MISSING_PARENT);
    }
    this.contentHash = createHash('sha256').update(this.members).update(new Uint8Array(this.parents.buffer)).digest('base64url');
    this.size = length + this.slots.byteLength + this.parents.byteLength + this.memberStart.byteLength + this.dataStart.byteLength;
  }

  find(name: string): number | undefined {
    const hash = fnv1a(name);
    for (let slot = hash & this.slotMask; ; slot = (slot + 1) & this.slotMask) {
      const at = slot * SLOT_INTS;
      const entry = this.slots[at] - 1;
      if (entry < 0) return undefined;
      if (this.slots[at + 1] === hash && this.memberNames(this.slots[at + 2], name)) return entry;
    }
  }

  /**
   * Whether the member at `start` begins `"name"`, compared byte by character. Names hold no quote,
   * so the quote after the name's bytes ends it; an asked name with one is no name.
   */
  private memberNames(start: number, name: string): boolean {
    for (let i = 0; i < name.length; i++) {
      const char = name.charCodeAt(i);
      if (char === QUOTE || this.members[start + 1 + i] !== char) return false;
    }
    return this.members[start + 1 + name.length] === QUOTE;
  }

  parentOf(entry: number): number | null | undefined {
    const parent = this.parents[entry];
    return parent >= 0 ? parent : parent === NO_PARENT ? null : undefined;
  }

  nameOf(entry: number): string {
    return this.members.toString('latin1', this.memberStart[entry] + 1, this.dataStart[entry] - 2);
  }

  dataOf(entry: number): string {
    return this.members.toString('utf8', this.dataStart[entry], this.memberStart[entry + 1]);
  }

  /** The byte length of an entry's member (`"name":{...}`). */
  memberLength(entry: number): number {
    return this.memberStart[entry + 1] - this.memberStart[entry];
  }

  /** Copies an entry's member into `target` at `at`; returns the position after it. */
  copyMember(entry: number, target: Buffer, at: number): number {
    return at + this.members.copy(target, at, this.memberStart[entry], this.memberStart[entry + 1]);
  }
}

export function createKeptSets(repo: IconSetsRepo, maxBytes: number) {
  const kept = new LRUCache<number, KeptSet>({ maxSize: Math.max(maxBytes, 1), sizeCalculation: (set) => set.size });
  const reads = new Map<number, number>();
  const tooLarge = new Set<number>();
  let lastKeptAt = -Infinity;
  // Bumped when the sets change: a set read before that is not kept.
  let generation = 0;
  // The latest keeping started, settled when its set is kept or refused (awaited by tests).
  let keeping: Promise<void> = Promise.resolve();

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
        keeping = new Promise((resolve) => setImmediate(resolve)).then(() => keep(setId)).catch(() => undefined);
      }
      return undefined;
    },
    /** The set when kept, without counting a read from the database (a caller trying memory first). */
    held(setId: number): KeptSet | undefined {
      return kept.get(setId);
    },
    clear(): void {
      generation++;
      kept.clear();
      reads.clear();
      tooLarge.clear();
    },
    /** Settles when the set being kept, if any, is kept or refused. */
    settled(): Promise<void> {
      return keeping;
    },
    /** Bytes counted against the budget. */
    get bytes() {
      return kept.calculatedSize;
    },
    maxBytes,
  };
}

export type KeptSets = ReturnType<typeof createKeptSets>;
