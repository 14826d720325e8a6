// Ranking every open set's icons, which carry names and little else, for queries people write as
// sentences: an icon need not have every word. Each word adds what it found; each word of the
// icon's name no query word explains costs; the concept more sets draw ranks higher.
import { FIELD_WEIGHT } from './index-builder.ts';
import { fnv1a } from '../fnv1a.ts';
import type { Int32List } from './int32-list.ts';
import type { TopKeys } from './top-k.ts';
import { FACT, type UnionScratch } from './union-scratch.ts';
import { EXPLAINS, explainsOfRaw, MATCH, pack, packedOfRaw, RAW_VALUES, type WordMatches } from './word-matches.ts';
import type { DocumentColumns, Naming, Ranked, RankingInput, SearchOptions } from './ranking-input.ts';

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
/**
 * What a word's weight counts for by how it matched (MATCH: typo, prefix, synonym, exact). A
 * synonym, just above a prefix: measured with every set, 0.65 instead of 0.9 gained a description
 * on dev3 and a within-set query at 5 on judge-dev5 and lost none on a development set (0.75 and
 * 0.7 the latter alone).
 */
const MATCH_FACTOR = [0.5, 0.6, 0.65, 1];
/**
 * What a word's match, as WordMatches keeps it (raw()), adds and what it says of the name (RAW_KIND),
 * read from a table: a common word's icons are thousands, and unpacking each was a fifth of a search.
 */
const RAW_KIND = { none: 0, nothing: 1, word: 2, whole: 3, wholeLent: 4 } as const;
const RAW_GAINED = new Float64Array(RAW_VALUES);
const RAW_KINDS = new Uint8Array(RAW_VALUES);
for (let raw = 1; raw < RAW_VALUES; raw++) {
  const packed = packedOfRaw(raw);
  const match = Math.floor(packed / 1000);
  if (packed < 0 || match >= MATCH_FACTOR.length) continue;
  RAW_GAINED[raw] = (packed % 1000) * MATCH_FACTOR[match];
  // A word of its name or an alias explains that word; an intent the icon draws, or what Font
  // Awesome's icon of the whole name lends, explains all of it (mdi:map-marker is Font Awesome's
  // location-dot).
  const explains = match < MATCH.synonym ? EXPLAINS.nothing : explainsOfRaw(raw);
  RAW_KINDS[raw] =
    explains === EXPLAINS.whole ? (packed % 1000 === FIELD_WEIGHT.lent ? RAW_KIND.wholeLent : RAW_KIND.whole) : explains === EXPLAINS.word ? RAW_KIND.word : RAW_KIND.nothing;
}
/** Scores: a joining word the icon has ("zoom in"), a word of the icon's name no query word explains, a name the query gives, a logo. */
const OPTIONAL_WORD = 8;
/**
 * Within a few sets, a name with the word typed and more ("desktop" within mdi: desktop-classic)
 * is what that set calls it more often than the icon a synonym finds (laptop). Measured on the
 * judged within-set queries with every set: 6 instead of 18 gained 1 on dev2 and 2 on judge-dev5
 * and lost none; 3 lost on dev2 and dev3.
 */
const UNEXPLAINED_PART = { everySet: 18, someSets: 6 };
const NAMED_BONUS = 12;
/**
 * In a sentence, an icon named by one of its words alone where that word is a thing drawn as
 * itself (WordMatches.nameAloneShare at least `leastShare`): "listen to my voicemail" is the
 * voicemail, not the headphones of listening; "catch the next bus downtown" the bus. Not a word most
 * names combine with others ("unlock the door" is no door, "zoom into the map" no map: shares of
 * 0.11-0.16, against 0.3-0.8 for voicemail, ambulance, atm and bus). Measured on the judged sets
 * with every set: 0.25 and 16 gained 2 descriptions at 1 and at 5 on judge-dev5 and on
 * judge-dev6 and lost none on any judged set (12 gained 1 fewer; 20 lost one on dev; a share of
 * 0.15 lost on dev2 and dev3); without the share, 8 lost 2 on the in-repo set and 1 on dev3.
 */
const NAMED_BY_A_WORD = { leastShare: 0.25, bonus: 16 };
/**
 * A state the query says ("the file upload failed") that the icon does not draw: file-upload draws
 * the rest, not what is meant. Measured on the judged sets with every set: 40 gained a description
 * at 1 and at 5 on judge-dev5 and lost none on any judged set; 20 gained nothing.
 */
const STATE_NOT_DRAWN = 40;
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
 * Per doubling of the sets that draw an icon's concept: across every set, the concept most sets
 * draw is the one people mean; within a few sets, their own words count more. A sentence's words
 * say more of which concept than one word does: measured with every set, 6 instead of 7 for
 * queries of several words gained 2 descriptions on judge-dev5 and lost none on another
 * development set; 5 lost on dev and dev3; below 7 for one word lost words on four sets.
 */
const PROMINENCE = { everySet: 7, everySetSentence: 6, someSets: 3 };
/**
 * Across every set of many, a concept one or two sets draw is a set's own name for a picture: its
 * words cover a sentence exactly (iconmind's unlock-door, foundation's rewind-ten, nrk's
 * bulleted-list), where people mean the concept many sets draw (lock-open, rewind-10,
 * format-list-bulleted). Its cost, measured on the judged sets with every set: two sets or fewer
 * and 25-35 the same; three sets took an in-repo query's icon too. With a few sets (mdi and Font
 * Awesome's), most concepts are one set's and this says nothing: only among `amongAtLeast`.
 */
const FEW_SETS = { most: 2, cost: 25, amongAtLeast: 40 };

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
  withEveryWord(byRarity, allowed, every);
  const met = (every.length >= ENOUGH_WITH_EVERY_WORD || perWord.length === 1 ? every : union(input, perWord, allowed)).used;
  const facts = scratch.facts(input.columns);
  const prominenceWeight = options.allowed ? PROMINENCE.someSets : perWord.length > 1 ? PROMINENCE.everySetSentence : PROMINENCE.everySet;
  const fewSetsCost = !options.allowed && (options.setCount ?? 0) >= FEW_SETS.amongAtLeast ? FEW_SETS.cost : 0;
  const unexplainedCost = options.allowed ? UNEXPLAINED_PART.someSets : UNEXPLAINED_PART.everySet;
  // A power of two above every document's number: a score's key holds the number below its score.
  const order = 2 ** Math.ceil(Math.log2(input.documentCount + 1));
  // Every key differs (its last bits are the document's number, order - 1 - document): exactly `limit` are kept.
  const best = scratch.best.reset(Math.max(limit, 1));
  const rarity = rarityFactors(perWord, input.documentCount);
  const roles = wordRoles(perWord);
  scoreEach(met, perWord, rarity, roles, optional, input.columns, facts, naming, scratch.mayBeAlias(naming.phrase), { prominenceWeight, fewSetsCost, unexplainedCost }, order, best);
  // A loop, not Array.from over the keys: its iterator boxed each key (a double), a tenth of what a
  // never-seen pair of words allocated.
  const keys = best.sorted();
  const documents: number[] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) documents[i] = order - 1 - (keys[i] - Math.floor(keys[i] / order) * order);
  return { documents, total: met.length };
}

/** What a query's words say besides what they find (ROLE), in a sentence. */
const ROLE = { state: 1, thing: 2 } as const;
function wordRoles(perWord: readonly WordMatches[]): Uint8Array {
  return Uint8Array.from(perWord, (matches) => (matches.state ? ROLE.state : 0) | (perWord.length > 1 && matches.nameAloneShare >= NAMED_BY_A_WORD.leastShare ? ROLE.thing : 0));
}

/**
 * What each word's gain counts for: a word fewer icons have says more of what is meant ("view your
 * order history": the history, not the sorting that "order" is a synonym of, which more sets draw).
 * Its rarity, log2(1 + icons / icons it found), against the query's mean, for this share of its
 * gain. Measured with every set: 0.2 gained 1 description on dev2 and 1 (4 at 5) on judge-dev5 and
 * lost none on any judged set; 0.4 gained one more on judge-dev5 but lost on another.
 */
const RARITY_SHARE = 0.2;
function rarityFactors(perWord: readonly WordMatches[], documentCount: number): Float64Array {
  const rarity = perWord.map((matches) => Math.log2(1 + documentCount / Math.max(1, matches.size)));
  const mean = rarity.reduce((sum, value) => sum + value, 0) / rarity.length;
  return Float64Array.from(rarity, (value) => 1 - RARITY_SHARE + (RARITY_SHARE * value) / mean);
}

/** The icons that `every` word matched as itself, the rarest word's first (`byRarity`: the words, rarest first). */
function withEveryWord(byRarity: WordMatches[], allowed: (document: number) => boolean, every: Int32List): void {
  const rarest = byRarity[0];
  for (let i = 0; i < rarest.size; i++) {
    const document = rarest.document(i);
    let hasEvery = allowed(document) && (byRarity.length === 1 || rarest.get(document)! >= AS_ITSELF);
    for (let w = 1; w < byRarity.length && hasEvery; w++) hasEvery = (byRarity[w].get(document) ?? -1) >= AS_ITSELF;
    if (hasEvery) every.push(document);
  }
}

/**
 * Each icon met, scored into its key, kept in `best` when among the best so far. Its own function,
 * called once a search: as part of rankByCoverage, whose other paths some searches never take, V8
 * ran this loop compiled on its own from the interpreter and left it at each search's end
 * (thousands of deoptimizations, 30-70 KB of boxed numbers a search).
 */
function scoreEach(
  met: Int32Array,
  perWord: readonly WordMatches[],
  rarity: Float64Array,
  roles: Uint8Array,
  optional: readonly WordMatches[],
  columns: DocumentColumns,
  facts: Uint32Array,
  naming: Naming,
  mayBeAlias: boolean,
  { prominenceWeight, fewSetsCost, unexplainedCost }: { prominenceWeight: number; fewSetsCost: number; unexplainedCost: number },
  order: number,
  best: TopKeys,
): void {
  const { names, aliases, parts } = columns;
  const { phrase } = naming;
  // The phrase as a name: its length and hash bits, as facts() keeps them; as an alias: its bit, when some alias may be it.
  const phraseHash = fnv1a(phrase);
  const phraseName = (Math.min(phrase.length, FACT.longName) << FACT.lengthShift) | ((phraseHash & FACT.hashMask) << FACT.hashShift);
  const nameBits = (FACT.longName << FACT.lengthShift) | (FACT.hashMask << FACT.hashShift);
  const saysState = roles.some((role) => (role & ROLE.state) !== 0);
  const phraseAliasBit = mayBeAlias ? (1 << (phraseHash & 7)) << FACT.aliasShift : 0;
  for (let m = 0; m < met.length; m++) {
    const document = met[m];
    let score = 0;
    let covered = 0;
    let wholeName = false;
    let wholeBest = 0;
    let wholeSum = 0;
    let namedByAThing = false;
    for (let w = 0; w < perWord.length; w++) {
      const raw = perWord[w].raw(document);
      const kind = RAW_KINDS[raw];
      if (saysState && roles[w] & ROLE.state && kind <= RAW_KIND.nothing) score -= STATE_NOT_DRAWN;
      if (kind === RAW_KIND.none) continue;
      const gained = RAW_GAINED[raw] * rarity[w];
      if (kind === RAW_KIND.wholeLent) {
        wholeName = true;
        wholeSum += gained;
        if (gained > wholeBest) wholeBest = gained;
        continue;
      }
      if (kind === RAW_KIND.whole) wholeName = true;
      score += gained;
      if (kind === RAW_KIND.word) {
        covered++;
        if (roles[w] & ROLE.thing && packedOfRaw(raw) >= AS_ITSELF) namedByAThing = true;
      }
    }
    score += wholeBest + SAME_MEANING_AGAIN * (wholeSum - wholeBest);
    for (const matches of optional) {
      const packed = matches.get(document);
      if (packed !== undefined && packed >= pack(MATCH.exact, FIELD_WEIGHT.alias)) score += OPTIONAL_WORD;
    }
    const fact = facts[document];
    const nameLength = (fact >>> FACT.lengthShift) & FACT.longName;
    const partCount = (fact >>> FACT.partsShift) & FACT.manyParts;
    const named =
      ((fact & nameBits) === phraseName && names.is(document, phrase)) ||
      ((fact & phraseAliasBit) !== 0 && aliases.has(document, phrase)) ||
      naming.byPhrase?.has(document) === true;
    if (named) score += NAMED_BONUS;
    else if (namedByAThing && covered === 1 && partCount === 1 && !wholeName) score += NAMED_BY_A_WORD.bonus;
    if (!wholeName) score -= unexplainedCost * Math.max(0, (partCount === FACT.manyParts ? parts[document] : partCount) - covered);
    score += prominenceWeight * LOG2_1P[fact & 0xff];
    if ((fact & 0xff) <= FEW_SETS.most) score -= fewSetsCost;
    if ((fact >>> FACT.logoShift) & 1 && !named && !naming.logosWanted) score -= LOGO_PENALTY;
    // Ties: fewer name parts, then the shorter name, then the sets' order (the document's
    // number, last: every key differs, so that exactly `limit` are above the k-th).
    const rounded = Math.round(score * 16) * 2 ** 14 + (15 - partCount) * 2 ** 10 + (63 - nameLength) * 2 ** 4;
    best.add(rounded * order + (order - 1 - document));
  }
}

/**
 * The documents any of the words matched, each once, that may answer; when they are many (the
 * words of a long query each in thousands of icons), only those with the most words or one
 * fewer: an icon with two of five words does not answer before one with four.
 */
function union(input: RankingInput & { scratch: UnionScratch }, perWord: WordMatches[], allowed: (document: number) => boolean): Int32List {
  if (perWord.length === 2) return unionOfTwo(input.scratch.met, perWord[0], perWord[1], allowed);
  const counts = input.scratch.wordCounts(input.documentCount);
  const met = input.scratch.met;
  met.length = 0;
  let most = 0;
  for (const matches of perWord) {
    for (let i = 0; i < matches.size; i++) {
      const document = matches.document(i);
      const count = counts[document];
      if (count === 0) {
        if (!allowed(document)) continue;
        met.push(document);
      }
      counts[document] = count + 1;
      if (count + 1 > most) most = count + 1;
    }
  }
  // In place when they are many: the documents with the most words or one fewer, in the order
  // met. Each count is zeroed for the next search.
  const least = met.length > LARGE_UNION ? most - 1 : 0;
  let kept = 0;
  for (let i = 0; i < met.length; i++) {
    const document = met.values[i];
    if (counts[document] >= least) met.values[kept++] = document;
    counts[document] = 0;
  }
  met.length = kept;
  return met;
}

/**
 * union() of two words, without counting: the first's documents, then the second's that the
 * first did not match. With two words every document met is kept (the most words or one fewer),
 * and a count read, written and zeroed for each icon met cost a fifth more (never-seen pairs of
 * common words meet 20-35k icons).
 */
function unionOfTwo(met: Int32List, first: WordMatches, second: WordMatches, allowed: (document: number) => boolean): Int32List {
  met.length = 0;
  for (let i = 0; i < first.size; i++) {
    const document = first.document(i);
    if (allowed(document)) met.push(document);
  }
  for (let i = 0; i < second.size; i++) {
    const document = second.document(i);
    if (first.raw(document) === 0 && allowed(document)) met.push(document);
  }
  return met;
}
