// Ranking every open set's icons, which carry names and little else, for queries people write as
// sentences: an icon need not have every word. Each word adds what it found; each word of the
// icon's name no query word explains costs; the concept more sets draw ranks higher.
import { FIELD_WEIGHT } from './index-builder.ts';
import { Int32List } from './int32-list.ts';
import { kthLargest } from './top-k.ts';
import { EXPLAINS, MATCH, pack, type WordMatches } from './word-matches.ts';
import type { Naming, Ranked, RankingInput, SearchOptions } from './ranking-input.ts';

/** Icons with every word that are enough to answer from, whatever the limit (the first answers do not depend on it). */
const ENOUGH_WITH_EVERY_WORD = 200;
/**
 * A word found as itself (as typed, in another form, or as what the icon is drawn for or lent), not
 * through a synonym, a prefix or a typo: only icons with every word so are enough to answer from
 * ("refresh the page" has hundreds through page's synonym file, none of them the refresh icon).
 */
const AS_ITSELF = pack(MATCH.exact, 0);
/** Icons any word matched, past which only those with the most words (or one fewer) are ranked. */
const LARGE_UNION = 20_000;
/** log2(1 + n) for a count of sets (0-255). */
const LOG2_1P = Float64Array.from({ length: 256 }, (_, n) => Math.log2(1 + n));
/** What a word's weight counts for by how it matched (MATCH: typo, prefix, synonym, exact). */
const MATCH_FACTOR = [0.5, 0.6, 0.9, 1];
/** Scores: a joining word the icon has ("zoom in"), a word of the icon's name no query word explains, a name the query gives, a logo. */
const OPTIONAL_WORD = 8;
const UNEXPLAINED_PART = 18;
const NAMED_BONUS = 12;
const LOGO_PENALTY = 40;
/**
 * What a further query word adds that finds the meaning Font Awesome lends an icon as another word
 * did: its terms are broad ("mode" and "dark" are both terms of adjust's), and several of a
 * query's words found there say one thing, not several. The best such word counts in full, the
 * others this part of theirs. An intent's word counts in full (measured: "copy this text to the
 * clipboard" is copy by both words, "hang up the phone call" phone-hangup by both).
 */
const SAME_MEANING_AGAIN = 0.4;
/**
 * Per doubling of the sets that draw an icon's concept: across every set, the
 * concept most sets draw is the one people mean; within a few sets, their own words count more.
 */
const PROMINENCE = { everySet: 7, someSets: 3 };

/**
 * Arrays a ranking reuses from search to search: per document, the union that last met it and how
 * many words it has (no set, no zeroing per search); the documents met and their scores. A search
 * of two common words meets 10-40k icons, and allocating these per search was a sixth of the
 * server's time in the collector under a load of such searches.
 */
export class UnionScratch {
  marks = new Int32Array(0);
  wordCounts = new Uint8Array(0);
  generation = 0;
  readonly every = new Int32List();
  readonly met = new Int32List();
  scores = new Float64Array(1024);
  selection = new Float64Array(1024);
  /** aliasLengths(): per document, a bit for each of its aliases' lengths (modulo 8). */
  private aliasLengthBits: Uint8Array | undefined;

  /**
   * Per document, bit `n % 8` set when it has an alias `n` characters long: whether an icon's
   * aliases may hold the name a query gives is one byte read, where reading each icon's list (a
   * pointer's chase per icon met) was a quarter of a search over every set.
   */
  aliasLengths(aliases: readonly (readonly string[])[]): Uint8Array {
    return (this.aliasLengthBits ??= Uint8Array.from(aliases, (list) => list.reduce((bits, alias) => bits | (1 << (alias.length % 8)), 0)));
  }

  /** `scores` and `selection` with room for `count`. */
  roomFor(count: number): void {
    if (this.scores.length >= count) return;
    const size = 2 ** Math.ceil(Math.log2(count));
    this.scores = new Float64Array(size);
    this.selection = new Float64Array(size);
  }
}

/**
 * Ranking over many sets, whose icons carry names and little else, for queries people write as
 * sentences ("print the invoice", "show the password"): an icon need not have every word. Each
 * word adds what it found (its field's weight, less for a synonym, a prefix or a typo); each
 * word of the icon's name that no query word explains costs (receipt-cash-register-print is not
 * what "print the invoice" means: printer is); the concept drawn by more sets ranks higher (eye,
 * drawn by 150 sets, before the one set's "visible"); a name the query gives exactly gains.
 */
export function rankByCoverage(input: RankingInput & { scratch: UnionScratch }, all: WordMatches[], naming: Naming, options: SearchOptions): Ranked {
  const perWord = all.filter((matches) => matches.size > 0 && !matches.optional);
  const optional = all.filter((matches) => matches.size > 0 && matches.optional);
  if (perWord.length === 0) perWord.push(...optional.splice(0));
  if (perWord.length === 0) return { documents: [], total: 0 };
  const allowed = options.allowed ?? (() => true);
  const limit = options.limit ?? Infinity;
  // The icons with every word first: when they are enough for the answer, only they are ranked
  // (an icon with fewer words ranks above them only when far more sets draw it: 128 times), and a
  // search of two common words ("arrow circle") reads thousands of icons, not every one of either.
  const byRarity = [...perWord].sort((a, b) => a.size - b.size);
  const { scratch } = input;
  const every = scratch.every;
  every.length = 0;
  const rarest = byRarity[0];
  for (let i = 0; i < rarest.size; i++) {
    const document = rarest.document(i);
    let hasEvery = allowed(document) && (byRarity.length === 1 || rarest.get(document)! >= AS_ITSELF);
    for (let w = 1; w < byRarity.length && hasEvery; w++) hasEvery = (byRarity[w].get(document) ?? -1) >= AS_ITSELF;
    if (hasEvery) every.push(document);
  }
  const met = (every.length >= ENOUGH_WITH_EVERY_WORD || perWord.length === 1 ? every : union(input, perWord, allowed)).used;
  const { names, aliases, parts, logos } = input.columns;
  const prominence = input.columns.prominence!;
  const prominenceWeight = options.allowed ? PROMINENCE.someSets : PROMINENCE.everySet;
  const { phrase } = naming;
  const aliasLengths = scratch.aliasLengths(aliases);
  const phraseLengthBit = 1 << (phrase.length % 8);
  scratch.roomFor(met.length);
  const scores = scratch.scores;
  // A power of two above every document's number: a score's key holds the number below its score.
  const order = 2 ** Math.ceil(Math.log2(input.documentCount + 1));
  for (let m = 0; m < met.length; m++) {
    const document = met[m];
    let score = 0;
    let covered = 0;
    let wholeName = false;
    let wholeBest = 0;
    let wholeSum = 0;
    for (const matches of perWord) {
      const packed = matches.get(document);
      if (packed === undefined) continue;
      const match = Math.floor(packed / 1000);
      const gained = (packed % 1000) * MATCH_FACTOR[match];
      // A word of its name or an alias explains that word; an intent the icon draws, or what
      // Font Awesome's icon of the whole name lends, explains all of it (mdi:map-marker is Font
      // Awesome's location-dot).
      const explains = match < MATCH.synonym ? EXPLAINS.nothing : matches.explained(document);
      if (explains === EXPLAINS.whole && packed % 1000 === FIELD_WEIGHT.lent) {
        wholeName = true;
        wholeSum += gained;
        if (gained > wholeBest) wholeBest = gained;
        continue;
      }
      if (explains === EXPLAINS.whole) wholeName = true;
      score += gained;
      if (explains === EXPLAINS.word) covered++;
    }
    score += wholeBest + SAME_MEANING_AGAIN * (wholeSum - wholeBest);
    for (const matches of optional) {
      const packed = matches.get(document);
      if (packed !== undefined && packed >= pack(MATCH.exact, FIELD_WEIGHT.alias)) score += OPTIONAL_WORD;
    }
    const named = names.is(document, phrase) || ((aliasLengths[document] & phraseLengthBit) !== 0 && aliases[document].includes(phrase)) || naming.byPhrase?.has(document) === true;
    if (named) score += NAMED_BONUS;
    if (!wholeName) score -= UNEXPLAINED_PART * Math.max(0, parts[document] - covered);
    score += prominenceWeight * LOG2_1P[prominence[document]];
    if (logos[document] && !named && !naming.logosWanted) score -= LOGO_PENALTY;
    // Ties: fewer name parts, then the shorter name, then the sets' order (the document's
    // number, last: every key differs, so that exactly `limit` are above the k-th).
    const rounded = Math.round(score * 16) * 2 ** 14 + (15 - Math.min(parts[document], 15)) * 2 ** 10 + (63 - Math.min(names.lengthOf(document), 63)) * 2 ** 4;
    scores[m] = rounded * order + (order - 1 - document);
  }
  const wanted = Math.min(limit, met.length);
  let threshold = -Infinity;
  if (wanted < met.length) {
    const selection = scratch.selection.subarray(0, met.length);
    selection.set(scores.subarray(0, met.length));
    threshold = kthLargest(selection, wanted);
  }
  const chosen: number[] = [];
  for (let m = 0; m < met.length; m++) if (scores[m] >= threshold) chosen.push(m);
  chosen.sort((a, b) => scores[b] - scores[a]);
  return { documents: chosen.map((m) => met[m]), total: met.length };
}

/**
 * The documents any of the words matched, each once, that may answer; when they are many (the
 * words of a long query each in thousands of icons), only those with the most words or one
 * fewer: an icon with two of five words does not answer before one with four.
 */
function union(input: RankingInput & { scratch: UnionScratch }, perWord: WordMatches[], allowed: (document: number) => boolean): Int32List {
  const scratch = input.scratch;
  if (scratch.marks.length !== input.documentCount) {
    scratch.marks = new Int32Array(input.documentCount);
    scratch.wordCounts = new Uint8Array(input.documentCount);
  }
  const mark = ++scratch.generation;
  const met = scratch.met;
  met.length = 0;
  let most = 0;
  for (const matches of perWord) {
    for (let i = 0; i < matches.size; i++) {
      const document = matches.document(i);
      if (scratch.marks[document] !== mark) {
        if (!allowed(document)) continue;
        scratch.marks[document] = mark;
        scratch.wordCounts[document] = 0;
        met.push(document);
      }
      most = Math.max(most, ++scratch.wordCounts[document]);
    }
  }
  if (met.length <= LARGE_UNION) return met;
  // In place: the documents with the most words or one fewer, in the order met.
  let kept = 0;
  for (let i = 0; i < met.length; i++) if (scratch.wordCounts[met.values[i]] >= most - 1) met.values[kept++] = met.values[i];
  met.length = kept;
  return met;
}

