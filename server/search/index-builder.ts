// Builds the postings of a search index from documents given one at a time: a Font Awesome release
// (2,000 icons) or every open icon set (380k icons). Pairs (word, document, fields) are kept in
// growing typed arrays and bucketed by word at the end (a counting sort), not in a Map per word:
// with every open set, a Map of Maps took ~150 MB while building, these arrays ~20 MB.
import { stemmer } from 'stemmer';
import { Int32List } from './int32-list.ts';
import { encodeGaps } from './posting-gaps.ts';
import { WordList } from './word-list.ts';

/**
 * The fields a word can be found in, by weight: where a word is found says how surely the icon is
 * what the word means. A search term of one word says "this icon is a <word>": as strong as a label
 * word, nearly as an id word. A word inside a longer term or an alias (an old id) says less. What
 * an icon is lent by the Font Awesome icon of the same name (`lent`, `lentWord`: Font Awesome's
 * label and terms for mdi:cog, which is Font Awesome's gear) says less than its own metadata. An
 * intent (ui-intents.json: "hide" for eye-off) says nearly what the name says: what interfaces
 * draw for the word. (Weights are distinct: ranking tells a field by its weight.)
 */
export const FIELD_WEIGHT = { id: 50, intent: 49, term: 45, label: 40, alias: 35, termWord: 30, lent: 28, lentWord: 18, category: 10 } as const;
export type Field = keyof typeof FIELD_WEIGHT;
export const FIELDS = Object.keys(FIELD_WEIGHT) as Field[];
const FIELD_BITS = Object.fromEntries(FIELDS.map((field, bit) => [field, 1 << bit])) as Record<Field, number>;
/** In a document's field bits while indexing: the word is one of its names or terms of several words, joined. */
const PHRASE_BIT = 1 << FIELDS.length;
/** The same in a posting's weight byte (weights are below it). */
export const PHRASE_FLAG = 128;

/** Token kinds (bits): a word of some document's own metadata (not only words joined), and a part of an icon's name or alias. */
export const OWN_WORD = 1;
export const NAME_PART = 2;

/**
 * The weight of a word found in the fields of `mask` (bit i: FIELDS[i]): its best field's. Not a
 * sum: an icon whose metadata repeats a word in every field is not the likelier for it.
 */
const weightOf = (mask: number) => {
  let best = 0;
  for (let bit = 0; bit < FIELDS.length; bit++) if (mask & (1 << bit)) best = Math.max(best, FIELD_WEIGHT[FIELDS[bit]]);
  return best;
};
/** A posting's weight byte for each mask of field bits and the phrase bit, made once. */
const WEIGHT_OF_BITS = Uint8Array.from({ length: PHRASE_BIT * 2 }, (_, bits) => weightOf(bits) | (bits & PHRASE_BIT ? PHRASE_FLAG : 0));
/** Pairs handled in one turn while building in turns. */
const STEP = 1 << 18;

export const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** What the index keeps of its words: sorted, with postings and stems, in flat typed arrays. */
export interface Postings {
  /** Each distinct word, sorted: the words a query word starts are one contiguous run. */
  tokens: WordList;
  /** OWN_WORD | NAME_PART per token. */
  tokenKinds: Uint8Array;
  /**
   * Token t occurs in postingStart[t + 1] - postingStart[t] documents, ascending, with the weight of
   * the fields it is in (postingWeights[postingStart[t] ...]): the documents as gaps, read from
   * gaps[gapStart[t]] (posting-gaps.ts).
   */
  postingStart: Int32Array;
  gapStart: Int32Array;
  gaps: Uint8Array;
  postingWeights: Uint8Array;
  /** Each distinct stem, sorted; the tokens of stems[s] are stemTokens[stemStart[s] .. stemStart[s + 1]). */
  stems: WordList;
  stemStart: Int32Array;
  stemTokens: Int32Array;
}

/**
 * How another set's name for a concept is indexed: as a word of its own, which only a search
 * within some sets reads (search-index.ts), where the set's own name for it may differ; across
 * every set, the sets that use the word answer it themselves.
 */
export const otherSetsWord = (word: string) => `~${word}`;

export class PostingsBuilder {
  /**
   * `phrases`: an id or term of several words is also indexed joined ("paperplane"), which names
   * the icon: for a release, not for every open set (150k more words, for what matching each
   * word of the name finds already).
   */
  private readonly phrases: boolean;
  constructor(phrases = true) {
    this.phrases = phrases;
  }

  private readonly tokenIds = new Map<string, number>();
  private readonly kinds: number[] = [];
  private readonly pairToken = new Int32List();
  private readonly pairDoc = new Int32List();
  private readonly pairBits = new Int32List();

  private post(word: string, document: number, bits: number, kind: number): void {
    let id = this.tokenIds.get(word);
    if (id === undefined) {
      this.tokenIds.set(word, (id = this.tokenIds.size));
      this.kinds.push(0);
    }
    this.kinds[id] |= kind;
    this.pairToken.push(id);
    this.pairDoc.push(document);
    this.pairBits.push(bits);
  }

  /** Indexes `text`'s words as found in `field` of `document` (documents are added in order). */
  add(document: number, field: Field, text: string): void {
    this.addWords(document, field, words(text));
  }

  /**
   * The same for words split already (an icon name at its hyphens; a lent term, once for every icon
   * it is lent to); `kind` 0 for words no query reads as typed, the start of a word or a typo.
   */
  addWords(document: number, field: Field, parts: readonly string[], kind = field === 'id' || field === 'alias' ? OWN_WORD | NAME_PART : OWN_WORD): void {
    const bit = FIELD_BITS[field];
    for (const word of parts) this.post(word, document, bit, kind);
    // An id or term of several words is also one word, as people type it ("signout",
    // "paperplane"), and a query of those words names the icon ("send message": paper-plane).
    // Joined, a longer term's words are the whole term. (Not an alias's: an old id with "-alt"
    // or "-o" on it, typed as it is when typed at all, and named so already.)
    if (!this.phrases) return;
    if (parts.length > 1 && field === 'id') this.post(parts.join(''), document, bit | PHRASE_BIT, 0);
    if (parts.length > 1 && field === 'termWord') this.post(parts.join(''), document, FIELD_BITS.term | PHRASE_BIT, 0);
  }

  /** The postings, words sorted; a document's pairs of one word are merged (their fields or-ed). */
  build(): Postings {
    const steps = this.steps();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /** The same, yielding to waiting requests between steps of at most STEP pairs (every open set: 2M pairs, 0.3 s in one turn). */
  async buildInTurns(): Promise<Postings> {
    const steps = this.steps();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private *steps(): Generator<void, Postings> {
    const byId = [...this.tokenIds.keys()];
    const tokens = [...byId].sort();
    const rank = new Int32Array(byId.length);
    tokens.forEach((token, i) => (rank[this.tokenIds.get(token)!] = i));
    const pairs = this.pairToken.length;
    const pairToken = this.pairToken.values;
    const counts = new Int32Array(tokens.length + 1);
    yield;
    for (let i = 0; i < pairs; i++) {
      counts[rank[pairToken[i]] + 1]++;
      if (i % STEP === STEP - 1) yield;
    }
    for (let t = 0; t < tokens.length; t++) counts[t + 1] += counts[t];
    const fill = counts.slice(0, tokens.length);
    // A stable counting sort: within a word, pairs stay in document order (one document's adjacent).
    const order = new Int32Array(pairs);
    for (let i = 0; i < pairs; i++) {
      order[fill[rank[pairToken[i]]]++] = i;
      if (i % STEP === STEP - 1) yield;
    }
    const postingStart = new Int32Array(tokens.length + 1);
    const docs = new Int32Array(pairs);
    const bits = new Int32Array(pairs);
    let written = 0;
    for (let t = 0, since = 0; t < tokens.length; t++) {
      if ((since += counts[t + 1] - counts[t]) > STEP) {
        since = 0;
        yield;
      }
      postingStart[t] = written;
      for (let k = counts[t]; k < counts[t + 1]; k++) {
        const pair = order[k];
        const document = this.pairDoc.values[pair];
        if (written > postingStart[t] && docs[written - 1] === document) bits[written - 1] |= this.pairBits.values[pair];
        else {
          docs[written] = document;
          bits[written++] = this.pairBits.values[pair];
        }
      }
    }
    postingStart[tokens.length] = written;
    const postingWeights = new Uint8Array(written);
    for (let i = 0; i < written; i++) {
      postingWeights[i] = WEIGHT_OF_BITS[bits[i]];
      if (i % STEP === STEP - 1) yield;
    }
    yield;
    const tokenKinds = Uint8Array.from(tokens, (token) => this.kinds[this.tokenIds.get(token)!]);
    // Words joined are matched as typed only: they have no forms to find.
    const byStem = new Map<string, number[]>();
    let stemmed = 0;
    tokens.forEach((token, t) => {
      if (!(tokenKinds[t] & OWN_WORD)) return;
      stemmed++;
      const stem = stemmer(token);
      const list = byStem.get(stem);
      if (list) list.push(t);
      else byStem.set(stem, [t]);
    });
    yield;
    const stems = [...byStem.keys()].sort();
    const stemStart = new Int32Array(stems.length + 1);
    const stemTokens = new Int32Array(stemmed);
    let at = 0;
    stems.forEach((stem, s) => {
      stemStart[s] = at;
      for (const t of byStem.get(stem)!) stemTokens[at++] = t;
    });
    stemStart[stems.length] = at;
    yield;
    const { gapStart, gaps } = encodeGaps(docs, postingStart);
    return { tokens: WordList.of(tokens), tokenKinds, postingStart, gapStart, gaps, postingWeights, stems: WordList.of(stems), stemStart, stemTokens };
  }
}
