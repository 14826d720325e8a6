// What rankByCoverage (coverage-ranking.ts) keeps from search to search: arrays it reuses, and
// per document of the index what it reads of each icon, packed so that an icon met costs one read.
import { fnv1a } from '../fnv1a.ts';
import { Int32List } from './int32-list.ts';
import { TopKeys } from './top-k.ts';
import type { DocumentColumns } from './ranking-input.ts';

/** Where each fact sits in UnionScratch.facts(): prominence in the lowest byte, then parts (4 bits), logo, name length (6 bits), name hash (5 bits), alias hashes (8 bits). */
export const FACT = { partsShift: 8, manyParts: 15, logoShift: 12, lengthShift: 13, longName: 63, hashShift: 19, hashMask: 31, aliasShift: 24 } as const;
/** Bits of the filter of every alias's hash (32 KB): a phrase no alias has is known in one read. */
const ALIAS_HASH_BITS = 2 ** 18;
/** The filter's bit for a hash. */
const aliasFilterBit = (hash: number) => (hash >>> 0) % ALIAS_HASH_BITS;

/**
 * Arrays a ranking reuses from search to search: the documents met, the best keys, how many
 * words each has, and per document what ranking reads of it (facts()). A search
 * of two common words meets 10-40k icons, and allocating these per search was a sixth of the
 * server's time in the collector under a load of such searches.
 */
export class UnionScratch {
  private counts = new Uint8Array(0);
  readonly every = new Int32List();
  readonly met = new Int32List();
  /** The best keys of a search. */
  readonly best = new TopKeys();
  /** facts(): per document, what ranking reads of it, in one number; and which hashes some alias has. */
  private factsOf: Uint32Array | undefined;
  private aliasHashes: Uint32Array | undefined;

  /**
   * Per document, in one 32-bit number (FACT): how many sets draw its concept, its count of name
   * parts (15 for 15 or more), whether it is a logo, its name's length (63 for 63 or more) and
   * five bits of its hash, and a bit for each of its aliases' hashes (modulo 8). A search of a
   * common word scores 20-40k icons spread over the index: read from five arrays, and names
   * compared for every one of the phrase's length, each icon cost several cache misses, most of
   * its time; now a name is read only when its length and hash are the phrase's.
   */
  facts(columns: DocumentColumns): Uint32Array {
    if (this.factsOf) return this.factsOf;
    const { names, aliases, parts, logos } = columns;
    const { prominence } = columns;
    const facts = new Uint32Array(names.length);
    const aliasHashes = new Uint32Array(ALIAS_HASH_BITS / 32);
    for (let d = 0; d < facts.length; d++) {
      let aliasBits = 0;
      for (const alias of aliases.of(d)) {
        const hash = fnv1a(alias);
        aliasBits |= 1 << (hash & 7);
        const bit = aliasFilterBit(hash);
        aliasHashes[bit >>> 5] |= 1 << (bit & 31);
      }
      const name = prominence[d] | (Math.min(parts[d], FACT.manyParts) << FACT.partsShift) | (logos[d] << FACT.logoShift) | (Math.min(names.lengthOf(d), FACT.longName) << FACT.lengthShift);
      facts[d] = (name | ((names.hashOf(d) & FACT.hashMask) << FACT.hashShift) | (aliasBits << FACT.aliasShift)) >>> 0;
    }
    this.aliasHashes = aliasHashes;
    return (this.factsOf = facts);
  }

  /** Whether some document may have `phrase` as an alias (false: none has; facts() first). */
  mayBeAlias(phrase: string): boolean {
    const bit = aliasFilterBit(fnv1a(phrase));
    return (this.aliasHashes![bit >>> 5] & (1 << (bit & 31))) !== 0;
  }

  /**
   * Per document, how many of a search's words met it (union()): one byte each, zero between
   * searches (each search zeroes those it counted), where the marks of the union that last met
   * each document took four.
   */
  wordCounts(documentCount: number): Uint8Array {
    if (this.counts.length !== documentCount) this.counts = new Uint8Array(documentCount);
    return this.counts;
  }
}
