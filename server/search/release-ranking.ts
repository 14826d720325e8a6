// Ranking a release's icons: when some icon has every query word as itself, every word must match
// (a release's metadata has labels, terms and aliases for the words people use), the icon the
// query names first, then how well each word matched, then the ties as people break them (byRank).
// A request no icon has every word of ("dismiss the notification") is ranked as every open set's
// icons are, words adding up (coverage-ranking.ts): what it asks for, not the icon with most words.
import { rankByCoverage } from './coverage-ranking.ts';
import { kthLargest } from './top-k.ts';
import type { UnionScratch } from './union-scratch.ts';
import { MATCH, pack, WordMatches } from './word-matches.ts';
import { NAMED, type Naming, type Ranked, type RankingInput, type SearchOptions } from './ranking-input.ts';

/** Matches up to this many are ordered in full; more are selected on a numeric key first. */
const FULL_SORT = 2_000;

/** An icon that matches the query (every word it needs, or the most of them), with what ranks it. */
interface Candidate {
  index: number;
  named: number;
  /** 1: its id or an alias is the query's one word in another form. */
  formNamed: number;
  /** 1: a logo not named by the query. */
  logo: number;
  /** The weakest MATCH among its words. */
  weakest: number;
  score: number;
  length: number;
  parts: number;
  styles: number;
  since: number;
}

/**
 * Best first: the icon the query names; an icon that is not a logo; how well each word matched;
 * then ties as people break them: the shorter name in words, the icon named by the word in another
 * form ("highlight": highlighter before a star with the term), the icon in more family-styles (or
 * sets), the older icon, the shorter name in letters, the document order.
 */
const byRank = (a: Candidate, b: Candidate) =>
  b.named - a.named ||
  a.logo - b.logo ||
  b.weakest - a.weakest ||
  b.score - a.score ||
  a.parts - b.parts ||
  b.formNamed - a.formNamed ||
  b.styles - a.styles ||
  a.since - b.since ||
  a.length - b.length ||
  a.index - b.index;

/** The same order as one number, for all but `since` and the document order (for selecting the best of many). */
const keyOf = (c: Candidate) =>
  c.named * 2 ** 46 +
  (1 - c.logo) * 2 ** 45 +
  c.weakest * 2 ** 43 +
  Math.min(c.score, 4095) * 2 ** 31 +
  (31 - Math.min(c.parts, 31)) * 2 ** 26 +
  c.formNamed * 2 ** 25 +
  c.styles * 2 ** 17 +
  (255 - Math.min(c.length, 255)) * 2 ** 9;

/** A word found as itself: as typed, in another form, or as what the icon is drawn for; not through a synonym, a prefix or a typo. */
const AS_ITSELF = pack(MATCH.exact, 0);

/**
 * A release's ranking: rankEveryWord when some icon has every word the query needs as itself, or
 * the query has one such word; else rankByCoverage. Measured on the judged release sets (Font
 * Awesome 7.3.1, with the intents its index reads): every word's rule alone, 207/222 and 158/190
 * first, 221 and 187 in the first five; with coverage where no icon has every word, 207 and 158
 * first, 221 and 186; coverage alone, 196 and 146 first, 217 and 185. "Skip to the next song",
 * "dismiss the notification", "light mode" and "signal lost" then find what fa7-solid's search
 * finds (forward-step, x, sun, signal), not the bell-slash that has both words of the second.
 */
export function rankRelease(input: RankingInput & { scratch: UnionScratch }, all: WordMatches[], naming: Naming, options: SearchOptions): Ranked {
  return someHasEveryWord(all, options) ? rankEveryWord(input, all, naming, options) : rankByCoverage(input, all, naming, options);
}

/**
 * Whether some icon has every word the query needs (not a joining word) as itself, the last also as
 * the start of a word: a query being typed ("arrow ci") is the icons with both, not a request;
 * true for fewer than two such words.
 */
function someHasEveryWord(all: WordMatches[], options: SearchOptions): boolean {
  const needed = all.filter((matches) => matches.size > 0 && !matches.optional);
  if (needed.length < 2) return true;
  const typing = all.at(-1)!;
  const asItself = (matches: WordMatches, document: number) => {
    const packed = matches.get(document) ?? -1;
    return packed >= AS_ITSELF || (matches === typing && Math.floor(packed / 1000) === MATCH.prefix);
  };
  let rarest = needed[0];
  for (const matches of needed) if (matches.size < rarest.size) rarest = matches;
  for (let i = 0; i < rarest.size; i++) {
    const document = rarest.document(i);
    if ((!options.allowed || options.allowed(document)) && needed.every((matches) => asItself(matches, document))) return true;
  }
  return false;
}

/** Every word's rule: the icons with every word (or, when none has them all, the most of them), best first. */
function rankEveryWord(input: RankingInput, all: WordMatches[], naming: Naming, options: SearchOptions): Ranked {
  // A word that matches nothing at all, in no way (a word the metadata never uses: "dark mode"),
  // is left out rather than emptying the answer; every other word must match.
  const perWord = all.filter((matches) => matches.size > 0);
  if (perWord.length === 0) return { documents: [], total: 0 };
  perWord.sort((a, b) => a.size - b.size);
  let required = perWord.filter((matches) => !matches.optional);
  if (required.length === 0) {
    // Only joining words matched ("the xyzzy"): they are the query.
    for (const matches of perWord) matches.optional = false;
    required = perWord;
  }
  const allowed = options.allowed ?? (() => true);
  let ranked: Candidate[] = [];
  // Intersected from the rarest word.
  const rarest = required[0];
  for (let i = 0; i < rarest.size; i++) {
    const document = rarest.document(i);
    if (!allowed(document)) continue;
    const found = candidate(input, document, perWord, naming, false);
    if (found) ranked.push(found);
  }
  // No icon has every word ("table of contents"): those with the most of them answer, ranked
  // on the words they have.
  if (ranked.length === 0) withMostWords(input, required, perWord, naming, ranked, false, allowed);
  const total = ranked.length;
  ranked = best(ranked, options.limit ?? Infinity);
  // Only logos have every word ("video call": skype and whatsapp, by their terms): the other icons
  // with the most of the words follow them.
  if (ranked.length > 0 && ranked.every((candidate) => candidate.logo === 1)) {
    const others: Candidate[] = [];
    withMostWords(input, required, perWord, naming, others, true, allowed);
    ranked.push(...best(others, (options.limit ?? Infinity) - ranked.length));
  }
  return { documents: ranked.map(({ index }) => index), total: Math.max(total, ranked.length) };
}

/** The best `limit` candidates in order: all sorted when few, else selected on their keys first. */
function best(candidates: Candidate[], limit: number): Candidate[] {
  if (candidates.length > FULL_SORT && limit < candidates.length) {
    const keys = Float64Array.from(candidates, keyOf);
    const threshold = kthLargest(Float64Array.from(keys), limit);
    candidates = candidates.filter((_, i) => keys[i] >= threshold);
  }
  candidates.sort(byRank);
  return candidates.length > limit ? candidates.slice(0, limit) : candidates;
}

/**
 * How icon `index` ranks for the words of `perWord`; undefined when a word it needs does not
 * match it (`partial`: it needs none, it ranks on those it has).
 */
function candidate(input: RankingInput, index: number, perWord: WordMatches[], naming: Naming, partial: boolean): Candidate | undefined {
  let weakest: number = MATCH.exact;
  let score = 0;
  for (const matches of perWord) {
    const packed = matches.get(index);
    // A joining word counts where it is a word of the icon, not the start of one ("of": office)
    // nor a synonym or a typo ("with": width).
    if (packed === undefined || (matches.optional && packed < pack(MATCH.exact, 0))) {
      if (partial || matches.optional) continue;
      return undefined;
    }
    weakest = Math.min(weakest, Math.floor(packed / 1000));
    score += packed % 1000;
  }
  const { names, aliases, logos, parts, styles, since } = input.columns;
  const named = names.is(index, naming.phrase) ? NAMED.byId : aliases.has(index, naming.phrase) ? NAMED.byAliasOrTerm : (naming.byPhrase?.get(index) ?? NAMED.none);
  const { forms } = naming;
  const formNamed = forms.length > 0 && (forms.some((form) => names.is(index, form)) || forms.some((form) => aliases.has(index, form))) ? 1 : 0;
  return { index, named, formNamed, logo: named === NAMED.none && !naming.logosWanted ? logos[index] : 0, weakest, score, length: names.lengthOf(index), parts: parts[index], styles: styles[index], since: since[index] };
}

/** Adds to `ranked` the icons with the most of the required words (`notLogos`: of the icons that are not logos). */
function withMostWords(input: RankingInput, required: WordMatches[], perWord: WordMatches[], naming: Naming, ranked: Candidate[], notLogos: boolean, allowed: (document: number) => boolean): void {
  const found = new WordMatches(input.documentCount); // how many words each icon has
  let most = 0;
  for (const matches of required) {
    for (let i = 0; i < matches.size; i++) {
      const index = matches.document(i);
      if ((notLogos && input.columns.logos[index]) || !allowed(index)) continue;
      const count = (found.get(index) ?? 0) + 1;
      found.set(index, count, 0);
      most = Math.max(most, count);
    }
  }
  for (let i = 0; i < found.size; i++) {
    const index = found.document(i);
    if (found.get(index) === most) ranked.push(candidate(input, index, perWord, naming, true)!);
  }
  found.release();
}
