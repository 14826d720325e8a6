// An in-memory search index of one release. Measured against SQLite FTS5 for this job: FTS5 has
// no one-typo matching, and a release is small (2,000 icons, ~6,000 distinct words), so scanning
// the distinct words per query word takes well under a millisecond.
//
// Ranking, best first, in tiers: the whole query equals the id, then an alias name; then ids that
// start with the query, shortest first (`arrow`: arrow-up, arrow-down, ... before arrow-down-1-9),
// then aliases that start with it; then word matches weighted by where the word is (id, alias,
// label, term, category). Every query word must match; a word of four letters or more that
// matches nothing as typed may match with one typo (those matches rank last).

export const MAX_QUERY_LENGTH = 512;

const FIELD_WEIGHT = { id: 50, alias: 45, label: 40, term: 20, category: 10 } as const;

// Qualities of a word match. A typo match scores below any exact or prefix match in any field
// (0.1 x 50 = 5 < 0.8 x 10 = 8), so a word's best score tells whether it needed a typo.
const QUALITY = { exact: 1, prefix: 0.8, typo: 0.1 } as const;
const needsTypo = (wordScore: number) => wordScore < QUALITY.prefix * FIELD_WEIGHT.category;
const TIER = { exactId: 5, exactAlias: 4, idPrefix: 3, aliasPrefix: 2, words: 1, typo: 0 } as const;
type Field = keyof typeof FIELD_WEIGHT;

export interface SearchDocument {
  rowId: number;
  name: string;
  label: string;
  aliases: string[];
  terms: string[];
  categories: string[];
}

const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * Whether `word` is within one edit (substitution, insertion, deletion) of a prefix of `token`:
 * `calender` ~ `calendar`, `hose` ~ `house`. `suffixes[k]` is `word.slice(k)`, made once per word,
 * so scanning thousands of tokens allocates nothing.
 */
function withinOneEditOfPrefix(word: string, token: string, suffixes: string[]): boolean {
  let i = 0;
  while (i < word.length && i < token.length && word[i] === token[i]) i++;
  if (i === word.length) return true;
  return (
    token.startsWith(suffixes[i + 1], i + 1) || // one letter differs
    token.startsWith(suffixes[i + 1], i) || // one letter too many in the word
    token.startsWith(suffixes[i], i + 1) // one letter missing from the word
  );
}

const NO_ALIASES: readonly string[] = [];

// Heap a kept string costs beyond its characters (header, hash, alignment), and a slot holding it.
const STRING_OVERHEAD = 20;
const SLOT = 4;
const ARRAY_OVERHEAD = 16;

/**
 * What a list of one-byte strings holds on the heap: each string and its slot. Estimated from
 * V8's layout; test/release-cache.test.ts checks the total against the measured heap.
 */
const stringsBytes = (strings: readonly string[]) => strings.reduce((sum, s) => sum + s.length + STRING_OVERHEAD + SLOT, ARRAY_OVERHEAD);

/**
 * Kept small, since one is built per release searched: after it is built, an index keeps only what
 * ranking reads (each icon's row id, id and alias names, in name order) and the postings of every
 * distinct word in three flat typed arrays, not the labels, terms and categories it was built from,
 * nor two typed arrays per word (~200 B of headers each, more than most words' postings).
 */
export class SearchIndex {
  private readonly rowIds: Int32Array;
  private readonly names: string[];
  private readonly aliases: (readonly string[])[];
  /** Each distinct word, sorted: the words a query word starts are one contiguous run. */
  private readonly tokens: string[];
  /** Token t occurs in documents postingDocs[postingStart[t] .. postingStart[t + 1]), with the best field weight of each. */
  private readonly postingStart: Int32Array;
  private readonly postingDocs: Int32Array;
  private readonly postingWeights: Uint8Array;
  /** The heap it holds, estimated once: what a cache of indexes counts against its budget. */
  readonly bytes: number;

  constructor(unsorted: SearchDocument[]) {
    const documents = [...unsorted].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const postings = new Map<string, Map<number, number>>();
    documents.forEach((doc, index) => {
      const add = (field: Field, text: string) => {
        for (const word of words(text)) {
          const posting = postings.get(word) ?? new Map<number, number>();
          posting.set(index, Math.max(posting.get(index) ?? 0, FIELD_WEIGHT[field]));
          postings.set(word, posting);
        }
      };
      add('id', doc.name);
      doc.aliases.forEach((alias) => add('alias', alias));
      add('label', doc.label);
      doc.terms.forEach((term) => add('term', term));
      doc.categories.forEach((category) => add('category', category));
    });
    this.rowIds = Int32Array.from(documents, (doc) => doc.rowId);
    this.names = documents.map((doc) => doc.name);
    this.aliases = documents.map((doc) => (doc.aliases.length > 0 ? [...doc.aliases] : NO_ALIASES));
    this.tokens = [...postings.keys()].sort();
    let total = 0;
    for (const posting of postings.values()) total += posting.size;
    this.postingStart = new Int32Array(this.tokens.length + 1);
    this.postingDocs = new Int32Array(total);
    this.postingWeights = new Uint8Array(total);
    let at = 0;
    this.tokens.forEach((token, t) => {
      this.postingStart[t] = at;
      for (const [index, weight] of postings.get(token)!) {
        this.postingDocs[at] = index;
        this.postingWeights[at++] = weight;
      }
    });
    this.postingStart[this.tokens.length] = at;
    this.bytes =
      stringsBytes(this.tokens) +
      stringsBytes(this.names) +
      this.aliases.reduce((sum, list) => sum + (list === NO_ALIASES ? SLOT : stringsBytes(list) + SLOT), ARRAY_OVERHEAD) +
      this.rowIds.byteLength +
      this.postingStart.byteLength +
      this.postingDocs.byteLength +
      this.postingWeights.byteLength;
  }

  /** Row ids of the matching icons, best first; ties in id order. */
  search(query: string): number[] {
    const queryWords = words(query);
    if (queryWords.length === 0) return [];
    let scores: Map<number, number> | null = null;
    const typos = new Set<number>(); // documents some word of which matched only with a typo
    for (const word of queryWords) {
      // A typo is a fallback: a word is read as mistyped only when it matches nothing as typed
      // ("coff" lists coffee, not confluence or power-off), so most words cost a binary search
      // and a run of tokens, not a scan of every token.
      let wordScores = this.scoreWord(word);
      if (wordScores.size === 0 && word.length >= 4) wordScores = this.scoreWordWithTypos(word);
      for (const [index, score] of wordScores) if (needsTypo(score)) typos.add(index);
      if (scores === null) scores = wordScores;
      else {
        const next: Map<number, number> = new Map();
        for (const [index, score] of scores) {
          const other = wordScores.get(index);
          if (other !== undefined) next.set(index, score + other);
        }
        scores = next;
      }
      if (scores.size === 0) return [];
    }
    const phrase = queryWords.join('-');
    const ranked = [...scores!].map(([index, score]) => {
      const name = this.names[index];
      const aliases = this.aliases[index];
      let tier: number = typos.has(index) ? TIER.typo : TIER.words;
      if (name === phrase) tier = TIER.exactId;
      else if (aliases.includes(phrase)) tier = TIER.exactAlias;
      else if (name.startsWith(phrase)) tier = TIER.idPrefix;
      else if (aliases.some((alias) => alias.startsWith(phrase))) tier = TIER.aliasPrefix;
      return { index, tier, score, length: name.length };
    });
    ranked.sort((a, b) => b.tier - a.tier || (a.tier === TIER.idPrefix ? a.length - b.length : b.score - a.score) || a.index - b.index);
    return ranked.map(({ index }) => this.rowIds[index]);
  }

  /** Best score of `word` in each document: exact word or word prefix (a binary search, then one run of tokens). */
  private scoreWord(word: string): Map<number, number> {
    const scores = new Map<number, number>();
    let low = 0;
    let high = this.tokens.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.tokens[middle] < word) low = middle + 1;
      else high = middle;
    }
    for (let t = low; t < this.tokens.length && this.tokens[t].startsWith(word); t++) {
      this.addPosting(scores, t, this.tokens[t] === word ? QUALITY.exact : QUALITY.prefix);
    }
    return scores;
  }

  /** One-typo matches of a word that matches nothing as typed: a scan of every token. */
  private scoreWordWithTypos(word: string): Map<number, number> {
    const scores = new Map<number, number>();
    const suffixes = Array.from({ length: word.length + 2 }, (_, k) => word.slice(k));
    for (let t = 0; t < this.tokens.length; t++) {
      const token = this.tokens[t];
      if (token.length >= word.length - 1 && withinOneEditOfPrefix(word, token, suffixes)) this.addPosting(scores, t, QUALITY.typo);
    }
    return scores;
  }

  private addPosting(scores: Map<number, number>, token: number, quality: number): void {
    for (let i = this.postingStart[token], end = this.postingStart[token + 1]; i < end; i++) {
      const document = this.postingDocs[i];
      const score = this.postingWeights[i] * quality;
      if (score > (scores.get(document) ?? 0)) scores.set(document, score);
    }
  }
}
