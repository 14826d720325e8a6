// Every listed icon name of every open set, packed for search: 379k names must not cost a string
// and an array each. Entries (what a picker lists: an icon, or an alias that draws differently)
// are numbered in set order; their names, then their aliases' names, sit in one latin1 buffer
// (icon names are ASCII: validated at import). Each keyword (a name part between hyphens) has a
// run of entry numbers in one Int32Array, negated (~entry) when only an alias holds the keyword.
// About 30 MB for every Iconify set, against ~130 MB as plain objects.
import { stemmer } from 'stemmer';
import { lowerBound } from '../search/lower-bound.ts';
import type { IconSet } from './icon-sets.service.ts';

export interface SetListing {
  uncategorized?: string[];
  categories?: Record<string, string[]>;
  aliases?: Record<string, string>;
}

export interface NameIndex {
  sets: { prefix: string; id: number; palette: boolean }[];
  entryCount: number;
  /** Per entry: its set (index into `sets`) and how many parts its name has. */
  entrySet: Uint16Array;
  entryParts: Uint8Array;
  /** Name i (entries first, then aliases) is nameBytes[nameStart[i], nameStart[i + 1]). */
  nameBytes: Buffer;
  nameStart: Uint32Array;
  /** Entry e's aliases are names entryCount + aliasStart[e] ... entryCount + aliasStart[e + 1] - 1. */
  aliasStart: Uint32Array;
  /** Every keyword, sorted: a prefix is a range. Keyword k's entries: postings[postingStart[k], postingStart[k + 1]). */
  keywords: string[];
  /**
   * Keyword k's Porter stem (the keyword's own string when the same): a query word's forms are
   * found by comparing stems, not by stemming hundreds of keywords at each search.
   */
  stems: string[];
  /** Every keyword spelt backwards, sorted, with its keyword's index: an ending is a range. */
  reversed: string[];
  reversedKeyword: Uint32Array;
  postingStart: Uint32Array;
  postings: Int32Array;
}

export const nameOf = (index: NameIndex, i: number): string => index.nameBytes.toString('latin1', index.nameStart[i], index.nameStart[i + 1]);

export function aliasesOf(index: NameIndex, entry: number): string[] {
  const names: string[] = [];
  for (let a = index.aliasStart[entry]; a < index.aliasStart[entry + 1]; a++) names.push(nameOf(index, index.entryCount + a));
  return names;
}

/** The keyword's index, or -1. */
export function keywordIndex(index: NameIndex, word: string): number {
  const at = lowerBound(index.keywords, word);
  return index.keywords[at] === word ? at : -1;
}

/** An Int32Array that grows by doubling: hundreds of thousands of numbers without a JS array's garbage. */
class Int32List {
  values = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
  get used(): Int32Array {
    return this.values.subarray(0, this.length);
  }
}

/**
 * Yields to the requests waiting between sets and between the assembly's steps: a large index is
 * built while the server serves, and its longest turn is ~41 ms with every Iconify set (bench/README.md).
 */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Builds the index from the searchable sets and a reader of each one's listing. */
export async function buildNameIndex(sets: IconSet[], listingOf: (set: IconSet) => Promise<SetListing>): Promise<NameIndex> {
  const entrySet = new Int32List();
  const entryParts = new Int32List();
  const entryNames: string[] = [];
  const aliasNames: string[] = [];
  const aliasCounts = new Int32List();
  // (keyword, entry) pairs while reading; an alias's pairs carry ~entry.
  const keywordIds = new Map<string, number>();
  const pairKeyword = new Int32List();
  const pairEntry = new Int32List();
  const addPairs = (name: string, entry: number) => {
    let from = 0;
    while (from <= name.length) {
      let to = name.indexOf('-', from);
      if (to === -1) to = name.length;
      const part = name.slice(from, to);
      let id = keywordIds.get(part);
      if (id === undefined) keywordIds.set(part, (id = keywordIds.size));
      pairKeyword.push(id);
      pairEntry.push(entry);
      from = to + 1;
    }
  };
  for (const [setIndex, set] of sets.entries()) {
    if (setIndex > 0) await nextTurn();
    const listing = await listingOf(set);
    const entryOf = new Map<string, number>();
    const lists = [listing.uncategorized ?? [], ...Object.values(listing.categories ?? {})];
    for (const list of lists) {
      for (const name of list) {
        if (entryOf.has(name)) continue;
        const entry = entryNames.length;
        entryOf.set(name, entry);
        entryNames.push(name);
        entrySet.push(setIndex);
        entryParts.push(Math.min(name.split('-').length, 255));
        aliasCounts.push(0);
        addPairs(name, entry);
      }
    }
    // Aliases in entry order, so that each entry's aliases are one run.
    const aliases = Object.entries(listing.aliases ?? {})
      .map(([alias, target]) => ({ alias, entry: entryOf.get(target) }))
      .filter((a): a is { alias: string; entry: number } => a.entry !== undefined) // aliases of hidden icons are not searched
      .sort((a, b) => a.entry - b.entry);
    for (const { alias, entry } of aliases) {
      aliasNames.push(alias);
      aliasCounts.values[entry]++;
      addPairs(alias, ~entry);
    }
  }

  await nextTurn();
  const entryCount = entryNames.length;
  const allNames = entryNames.concat(aliasNames);
  const nameStart = new Uint32Array(allNames.length + 1);
  for (let i = 0; i < allNames.length; i++) nameStart[i + 1] = nameStart[i] + allNames[i].length;
  const nameBytes = Buffer.from(allNames.join(''), 'latin1');
  const aliasStart = new Uint32Array(entryCount + 1);
  for (let e = 0; e < entryCount; e++) aliasStart[e + 1] = aliasStart[e] + aliasCounts.values[e];

  await nextTurn();
  // Keywords sorted; pairs bucketed by keyword (counting sort), each bucket's entries ascending,
  // an entry once: as its own name's keyword (positive) when it is, else as an alias's.
  const keywords = [...keywordIds.keys()].sort();
  const rank = new Uint32Array(keywordIds.size);
  keywords.forEach((keyword, i) => (rank[keywordIds.get(keyword)!] = i));
  const pairs = pairKeyword.length;
  const pairKeywords = pairKeyword.used;
  const pairEntries = pairEntry.used;
  const counts = new Uint32Array(keywords.length + 1);
  for (let i = 0; i < pairs; i++) counts[rank[pairKeywords[i]] + 1]++;
  for (let k = 0; k < keywords.length; k++) counts[k + 1] += counts[k];
  const fill = counts.slice(0, keywords.length);
  await nextTurn();
  // Each pair as entry * 2, + 1 for an alias's: a bucket sorted as numbers is by entry, an entry's
  // own name before its aliases, without a comparator (this step: 92 -> 41 ms with every set).
  const bucketed = new Uint32Array(pairs);
  for (let i = 0; i < pairs; i++) {
    const value = pairEntries[i];
    bucketed[fill[rank[pairKeywords[i]]]++] = value < 0 ? ~value * 2 + 1 : value * 2;
  }
  const postings = new Int32Array(pairs);
  const postingStart = new Uint32Array(keywords.length + 1);
  let written = 0;
  for (let k = 0; k < keywords.length; k++) {
    const run = bucketed.subarray(counts[k], counts[k + 1]).sort();
    let last = -1;
    for (const key of run) {
      const entry = key >>> 1;
      if (entry === last) continue; // its own name's first: an alias's duplicate goes
      postings[written++] = key & 1 ? ~entry : entry;
      last = entry;
    }
    postingStart[k + 1] = written;
  }
  await nextTurn();
  const stems = keywords.map((keyword) => {
    const stem = stemmer(keyword);
    return stem === keyword ? keyword : stem;
  });
  await nextTurn();
  const backwards = keywords.map((keyword, k) => ({ text: [...keyword].reverse().join(''), k }));
  await nextTurn();
  backwards.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  return {
    sets: sets.map((set) => ({ prefix: set.prefix, id: set.id, palette: set.info?.palette === true })),
    entryCount,
    entrySet: Uint16Array.from(entrySet.used),
    entryParts: Uint8Array.from(entryParts.used),
    nameBytes,
    nameStart,
    aliasStart,
    keywords,
    stems,
    reversed: backwards.map((b) => b.text),
    reversedKeyword: Uint32Array.from(backwards.map((b) => b.k)),
    postingStart,
    postings: postings.slice(0, written),
  };
}
