// How one query word matches documents: pack(match, weight) per document, in a flat array the size
// of the index (a Map per word cost most of a search: a short prefix matches thousands of icons),
// the documents matched in the order met, and, when a search explains itself, the word of the
// index each was matched by. The arrays are reused from search to search (`release`): allocating
// and zeroing them per word was a tenth of a search, and with every open set (370k icons) the
// collector's pauses were most of a slow search's time.

/**
 * How a query word matched a word of the icon, weakest first (a larger number is a better match).
 * An inflection counts as the word: a metadata word is often the plural of the query's, or the
 * other way round. A derivation sharing the stem counts as a synonym: a related word, not the word.
 */
export const MATCH = { typo: 0, prefix: 1, synonym: 2, exact: 3 } as const;

/** A word's match of one icon in one number: how it matched (MATCH), then its weight (< 1000). */
export const pack = (match: number, weight: number) => match * 1000 + weight;

/**
 * Arrays kept for reuse, per index size: a search holds one per query word and one for synonyms.
 * Fewer for an index of many icons (every open set: 0.7 MB each, 2.2 MB with the words each icon was matched by).
 */
const MAX_FREE = 6;
const MAX_FREE_LARGE = 3;
const LARGE = 100_000;
/** Index sizes whose arrays are kept (the newest ones: an index dropped leaves its size behind). */
const MAX_SIZES = 8;

/** Where EXPLAINS sits in a document's packed value, above pack(...) + 1. */
const EXPLAINS_SHIFT = 12;
const PACKED_MASK = (1 << EXPLAINS_SHIFT) - 1;

/** What the field a word was found in says of an icon's name (see rankByCoverage): nothing; one word of it (an id or alias word); all of it (an intent, a lent meaning). */
export const EXPLAINS = { nothing: 0, word: 1, whole: 2 } as const;

/**
 * Gives the memory of arrays not kept back now, not at the next collection. A query of eight words
 * holds ten arrays of 0.8 MB with every set, and V8 counts the ones left to the collector as
 * memory outside its heap: past its limit, it started a mark-compact every three or four such
 * queries, 7-10 ms each plus 20-35 ms of marking steps, most of what the query cost.
 */
function freeNow(...arrays: (ArrayBufferView | undefined)[]): void {
  for (const array of arrays) (array?.buffer as Detachable | undefined)?.transfer(0);
}
/** ES2024's ArrayBuffer.prototype.transfer (Node 21 and later), which detaches the buffer it is called on. */
type Detachable = ArrayBuffer & { transfer(length: number): ArrayBuffer };

interface Arrays {
  packed: Int16Array;
  met: Int32Array;
  via: Int32Array | undefined;
}

/** How many values raw() may answer: a packed match below 4,096, EXPLAINS above it. */
export const RAW_VALUES = (EXPLAINS.whole + 1) << EXPLAINS_SHIFT;
/** pack(...) of a raw() value (not 0), and its EXPLAINS. */
export const packedOfRaw = (raw: number) => (raw & PACKED_MASK) - 1;
export const explainsOfRaw = (raw: number) => raw >> EXPLAINS_SHIFT;

export class WordMatches {
  /** Released arrays (zeroed where matched), by the size of the index they were made for. */
  private static readonly free = new Map<number, Arrays[]>();
  /** The size released last: the last key of `free`. */
  private static newestSize = -1;
  /** The record of the arrays taken from `free`, given back with them (none: made here). */
  private arrays: Arrays | undefined;
  /**
   * Per document, pack(...) + 1 (below 4,096; 0: not matched) and, above it, EXPLAINS of that
   * match (times 4,096): one array of the index's size, where two were 1.1 MB a word with every set.
   */
  private readonly packed: Int16Array;
  /** The documents matched, in the order met: met[0 .. size); grown as needed (most words match few). */
  private met: Int32Array;
  /** The index's word each document was matched by (its best match), when explaining. */
  private readonly via: Int32Array | undefined;
  size = 0;
  /** The metadata's words that are the query word inflected or in another form (an icon whose id or alias is one wins a tie). */
  readonly forms: string[] = [];
  /** A joining word's matches: they rank, but an icon need not have them. */
  optional = false;
  /** A state the query says of what it speaks of (query-words.ts: stateWord), in a query of several words. */
  state = false;
  /**
   * Of the icons whose name has the word, the share named by it alone (style parts aside), in a
   * query of several words over many sets (SearchIndex.nameAloneShare); 0 otherwise.
   */
  nameAloneShare = 0;
  /** Read as mistyped: it matched nothing as typed. */
  mistyped = false;

  constructor(documentCount: number, explain = false) {
    const reused = WordMatches.reuse(documentCount, explain);
    this.arrays = reused;
    this.packed = reused?.packed ?? new Int16Array(documentCount);
    this.met = reused?.met ?? new Int32Array(Math.min(documentCount, 1024));
    this.via = reused?.via ?? (explain ? new Int32Array(documentCount) : undefined);
  }

  /** Arrays released for this size (any, all zeroed; with the words matched by, when explaining), taken from the free list. */
  private static reuse(documentCount: number, explain: boolean): Arrays | undefined {
    const free = WordMatches.free.get(documentCount);
    if (!free || free.length === 0) return undefined;
    if (!explain) return free.pop();
    for (let i = free.length - 1; i >= 0; i--) {
      if (free[i].via === undefined) continue;
      const found = free[i];
      free[i] = free[free.length - 1];
      free.pop();
      return found;
    }
    return free.pop();
  }

  /** The i-th document matched (i < size). */
  document(i: number): number {
    return this.met[i];
  }

  get(document: number): number | undefined {
    const value = this.packed[document];
    return value === 0 ? undefined : packedOfRaw(value);
  }

  /** The match of `document` as kept (0: not matched): what `get` and `explained` read, for a ranking's tables (RAW_VALUES). */
  raw(document: number): number {
    return this.packed[document];
  }

  /** What the best match of `document` explains of its name (EXPLAINS). */
  explained(document: number): number {
    return explainsOfRaw(this.packed[document]);
  }

  /** The index's word that matched `document` (only for a document matched, when explaining; else 0). */
  token(document: number): number {
    return this.via?.[document] ?? 0;
  }

  set(document: number, packed: number, token: number, explains: number = EXPLAINS.nothing): void {
    if (this.packed[document] === 0) {
      if (this.size === this.met.length) {
        const grown = new Int32Array(Math.min(this.packed.length, this.met.length * 2));
        grown.set(this.met);
        this.met = grown;
      }
      this.met[this.size++] = document;
    }
    this.packed[document] = (explains << EXPLAINS_SHIFT) | (packed + 1);
    if (this.via) this.via[document] = token;
  }

  /** Gives the arrays back, zeroed, for the next search; these matches are not read after. */
  release(): void {
    for (let i = 0; i < this.size; i++) this.packed[this.met[i]] = 0;
    const size = this.packed.length;
    let free = WordMatches.free.get(size);
    // The newest size is moved last only when it is another: a Map's delete and set on every
    // release made a new table each time, a third of what a search left to the old generation.
    if (free === undefined || size !== WordMatches.newestSize) {
      free ??= [];
      WordMatches.free.delete(size);
      WordMatches.free.set(size, free);
      WordMatches.newestSize = size;
      if (WordMatches.free.size > MAX_SIZES) WordMatches.free.delete(WordMatches.free.keys().next().value!);
    }
    if (free.length >= (size > LARGE ? MAX_FREE_LARGE : MAX_FREE)) return freeNow(this.packed, this.met, this.via);
    if (this.arrays) {
      // As used: `met` may have grown, and `via` been made for an explaining search.
      this.arrays.met = this.met;
      this.arrays.via = this.via;
    }
    free.push(this.arrays ?? { packed: this.packed, met: this.met, via: this.via });
  }
}
