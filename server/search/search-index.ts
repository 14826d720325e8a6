// The one search engine: an in-memory index of icons, one Font Awesome release (2,000 icons) or
// every open icon set (380k), ranked by meaning. Measured against SQLite FTS5 for this job: FTS5
// has no one-typo matching, no word forms and no ranking by field.
//
// Each query word matches an icon's words in one of four ways, from strongest to weakest: as typed,
// or in another form of the word (the same Porter stem: an inflection counts as the word a little
// below it, bookmarks ~ bookmark, uploading ~ upload; a derivation further below, important ~
// import; the forms the stemmer cannot join are data, word-forms.ts: colours ~ color, sent ~ send);
// through a synonym (ui-synonyms.json: preferences ~ gear, dismiss ~ close); as the start of a word
// (a prefix, as people type); only when the word matches nothing any other way, as the word it
// undoes or repeats (unarchive ~ archive) or with one typo after its first letter. An id or term of
// several words is also one word (signout), and two query words that are one word of icon names
// are read as it ("log in": login). Then what matched is ranked: over every open set's names,
// words add up and the concept more sets draw ranks higher (coverage-ranking.ts); over a release's
// rich metadata, every word must match when some icon has them all as themselves, and words add up
// as for the open sets when none has (release-ranking.ts).
//
// Cost is bounded whatever the query: a word reads at most WORD_POSTINGS postings, a prefix
// PREFIX_POSTINGS (its commonest words first), and a query that matches many icons orders only the
// best `limit` of them in full (a numeric key per icon, then a selection).
import semver from 'semver';
import { stemmer } from 'stemmer';
import { FIELD_WEIGHT, NAME_PART, otherSetsWord, OWN_WORD, PHRASE_FLAG, PostingsBuilder, words, type Postings } from './index-builder.ts';
import { IconAliases } from './icon-aliases.ts';
import { IconNames } from './icon-names.ts';
import { backwardsOrder, tokensEnding } from './name-endings.ts';
import { DESCRIBING_WORDS, LOGO_WORDS, MAX_QUERY_WORDS, optionalWord, otherOrders, queryWordsOf, stateWord } from './query-words.ts';
import { inOtherGroups, synonymsOf, synonymsOfForms } from './synonyms.ts';
import { rankByCoverage } from './coverage-ranking.ts';
import { UnionScratch } from './union-scratch.ts';
import { NAMED, type DocumentColumns, type Naming, type SearchOptions } from './ranking-input.ts';
import { phraseOf, phrasesIn } from './phrase-intents.ts';
import { rankRelease } from './release-ranking.ts';
import { contextsByConcept, intentsByConcept } from './concept-intents.ts';
import { inflects, otherFormsOf } from './word-forms.ts';
import { EXPLAINS, MATCH, pack, WordMatches } from './word-matches.ts';
import type { WordList } from './word-list.ts';
import { documentsOf } from './posting-gaps.ts';

export const MAX_QUERY_LENGTH = 512;

/** Another form of a word counts this much below it in weight: an inflection, as the word; a derivation, as a synonym. */
const INFLECTION_PENALTY = 5;
const DERIVATION_PENALTY = 15;
/** An icon that matches a word as typed and also through a synonym (`mail`: envelope) gains this share of the synonym's weight. */
const SYNONYM_SUPPORT = 0.5;
/** A word that undoes or repeats another ("unsubscribe", "reupload"): the other word, of 3 letters or more. */
const UNDONE_OR_REPEATED = /^(?:un|re)([a-z]{3,})$/;
/**
 * Postings a query word reads as the start of longer words, at most: "a" starts words in every
 * other icon of 380k. Past it, the commonest words are read, the commonest at least, whatever its
 * count ("circ" is circle, in 11k icons, not only the rarer and shorter circa).
 */
const PREFIX_POSTINGS = 8_000;
/**
 * Postings a query word reads at most in all, over many sets: postings are in the sets' order
 * (interface sets first), so a word in 60,000 icons ("outline") reads the first sets' icons. Only
 * the icons a set filter lets answer count.
 */
const WORD_POSTINGS = 20_000;
/** Words this long or longer are found as the end of name words too (SearchOptions.endings). */
const MIN_ENDING = 2;
/** Words of the index a synonym reaches are this long at least. */
const MIN_SYNONYM_WORD = 3;
/** Two query words are read as one word of names ("log in": login) when one is this short at most ("credit card" stays two). */
const MAX_COMPOUND_PART = 3;
/**
 * ... and when the word they make names this many icons at least: "zoom out" is not the two icons
 * named zoomout, nor "to dark" an app's todark; "log in", "wi fi" and "to do" are words of many.
 */
const MIN_COMPOUND_ICONS = 20;
/** A word read as two joined ("logout") has parts this long at least. */
const MIN_COMPOUND_PART = 2;
/** The same for a word of a sentence (apartWhereUnknown): "en" and "rm" are name words too. */
const MIN_SENTENCE_COMPOUND_PART = 3;
/** What a word found in a field (by its weight) says of an icon's name: one word of it (id, alias), all of it (an intent, a lent meaning). */
const EXPLAINS_BY_WEIGHT = Uint8Array.from({ length: 128 }, (_, weight) =>
  weight === FIELD_WEIGHT.id || weight === FIELD_WEIGHT.alias ? EXPLAINS.word : weight === FIELD_WEIGHT.intent || weight === FIELD_WEIGHT.lent ? EXPLAINS.whole : EXPLAINS.nothing,
);

export interface SearchDocument {
  rowId: number;
  name: string;
  label: string;
  aliases: string[];
  terms: string[];
  categories: string[];
  /** Family-styles the icon ships in, or sets that have an icon of its name (a tie-break: the more, the likelier the icon people mean). */
  styles?: number;
  /** Whether the icon is a logo: it answers its own name, not a word of its metadata. */
  logo?: boolean;
  /** The versions that changed the icon ("1.0.0", "4.4"): the earliest added it, and the older it is, the more releases carry it. */
  changes?: readonly string[];
}

export interface SearchResult {
  /** Document indexes, best first, at most `limit`. */
  documents: number[];
  /** How many documents matched. */
  total: number;
  /** Per result: each query word and what it matched, when it matched another word ("settings → cog"). */
  why?: string[][];
  /** A word matched only as mistyped. */
  mistyped?: boolean;
}

/** A version as one number that orders versions ("4.4" is 4.4.0, as semver coerces it; a pre-release counts as its release); unknown: newest. */
function versionOrder(version: string): number {
  const coerced = semver.coerce(version);
  return coerced && coerced.major < 2000 ? coerced.major * 1_000_000 + coerced.minor * 1000 + coerced.patch : NEWEST;
}
const NEWEST = 2 ** 31 - 1;
const firstVersion = (changes: readonly string[] = []) => changes.reduce((first, version) => Math.min(first, versionOrder(version)), NEWEST);

/** How many words an id has ("arrow-down-1-9": 4). */
export const partsOf = (name: string) => name.split('-').length;

/**
 * Whether `word` is within one edit (substitution, insertion, deletion, or two neighbours swapped,
 * the commonest slip in typing) of a prefix of token `t`: `calender` ~ `calendar`, `uplaod` ~
 * `upload`. Read in place: a typo's scan meets thousands of tokens.
 */
function withinOneEditOfPrefix(word: string, tokens: WordList, t: number): boolean {
  const length = tokens.lengthOf(t);
  let i = 0;
  while (i < word.length && i < length && word.charCodeAt(i) === tokens.charCodeAt(t, i)) i++;
  if (i === word.length) return true;
  return (
    tokens.hasAt(t, word, i + 1, i + 1) || // one letter differs
    tokens.hasAt(t, word, i + 1, i) || // one letter too many in the word
    tokens.hasAt(t, word, i, i + 1) || // one letter missing from the word
    (word.charCodeAt(i) === tokens.charCodeAt(t, i + 1) && word.charCodeAt(i + 1) === tokens.charCodeAt(t, i) && tokens.hasAt(t, word, i + 2, i + 2)) // two letters swapped
  );
}

const NO_FORMS: readonly string[] = [];

/** A Font Awesome release's documents as columns and postings, in name order. */
function indexDocuments(unsorted: SearchDocument[]): { columns: DocumentColumns; postings: Postings } {
  const documents = [...unsorted].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const builder = new PostingsBuilder();
  documents.forEach((doc, index) => {
    builder.add(index, 'id', doc.name);
    for (const alias of doc.aliases) builder.add(index, 'alias', alias);
    builder.add(index, 'label', doc.label);
    for (const term of doc.terms) builder.add(index, words(term).length === 1 ? 'term' : 'termWord', term);
    for (const category of doc.categories) builder.add(index, 'category', category);
    // What interfaces draw the icon for, as the open sets' index lends it to fa7-solid's icon of
    // the same name: the words of the same request find the same icon in both.
    const intents = intentsByConcept.get(doc.name);
    if (intents) {
      builder.addWords(index, 'intent', intents.first);
      builder.addWords(index, 'lent', intents.other);
    }
    const contexts = contextsByConcept.get(doc.name);
    if (contexts) builder.addWords(index, 'lentWord', contexts);
  });
  const columns: DocumentColumns = {
    rowIds: Int32Array.from(documents, (doc) => doc.rowId),
    names: IconNames.of(documents.map((doc) => doc.name)),
    aliases: IconAliases.of(documents.map((doc) => doc.aliases)),
    styles: Uint8Array.from(documents, (doc) => Math.min(doc.styles ?? 0, 255)),
    parts: Uint8Array.from(documents, (doc) => Math.min(partsOf(doc.name), 255)),
    since: Int32Array.from(documents, (doc) => firstVersion(doc.changes)),
    logos: Uint8Array.from(documents, (doc) => (doc.logo ? 1 : 0)),
    // One set: each concept drawn once.
    prominence: new Uint8Array(documents.length).fill(1),
  };
  return { columns, postings: builder.build() };
}

/**
 * Kept small: after it is built, an index keeps only what ranking reads (per document: row id, id,
 * alias names, counts of id words and family-styles, first version, logo) and the postings of
 * every distinct word in flat typed arrays, with the words grouped by stem.
 */
export class SearchIndex {
  private readonly columns: DocumentColumns;
  private readonly postings: Postings;
  /** During a search: which documents may answer, and the postings the current word may still read. */
  private allowedNow: ((document: number) => boolean) | undefined;
  private budget = Infinity;
  private readonly scratch = new UnionScratch();
  /** A release's ranking (release-ranking.ts), or every open set's (coverage-ranking.ts). */
  private readonly rank: typeof rankByCoverage;
  /** The name words' numbers in the order of their spelling backwards (name-endings.ts). */
  private backwards: Int32Array | undefined;
  private heldBytes: number | undefined;
  /** Per word of the index, nameAloneShare() once read. */
  private nameAloneShares: Uint8Array | undefined;

  /** An index of a release's documents (sorted by name here), or of columns and postings built elsewhere (open-sets-index.ts). */
  constructor(source: SearchDocument[] | { columns: DocumentColumns; postings: Postings }) {
    const { columns, postings } = Array.isArray(source) ? indexDocuments(source) : source;
    this.rank = Array.isArray(source) ? rankRelease : rankByCoverage;
    this.columns = columns;
    this.postings = postings;
  }

  /** The heap it holds, estimated once (at first asked): what a cache of indexes counts against its budget. */
  get bytes(): number {
    if (this.heldBytes !== undefined) return this.heldBytes;
    const { columns, postings } = this;
    this.heldBytes =
      postings.tokens.bytes +
      columns.names.bytes +
      postings.stems.bytes +
      columns.aliases.bytes +
      [columns.rowIds, columns.styles, columns.parts, columns.since, columns.logos].reduce((sum, array) => sum + array.byteLength, 0) +
      [postings.tokenKinds, postings.postingStart, postings.gapStart, postings.gaps, postings.postingWeights, postings.stemStart, postings.stemTokens].reduce((sum, array) => sum + array.byteLength, 0);
    return this.heldBytes;
  }

  /** What the index is made of (to write it to a file: index-file.ts). */
  parts(): { columns: DocumentColumns; postings: Postings } {
    return { columns: this.columns, postings: this.postings };
  }

  get documentCount(): number {
    return this.columns.names.length;
  }

  /** Row ids of the matching icons, best first (every one: a release is small). */
  search(query: string): number[] {
    return this.find(query).documents.map((document) => this.columns.rowIds[document]);
  }

  /** The document's id (name), row id and aliases. */
  nameOf(document: number): string {
    return this.columns.names.at(document);
  }
  rowIdOf(document: number): number {
    return this.columns.rowIds[document];
  }
  aliasesOf(document: number): readonly string[] {
    return this.columns.aliases.of(document);
  }

  /** The distinct words of icon names starting with `start` (the Iconify API's /keywords). */
  nameWordsStarting(start: string): string[] {
    const { tokens, tokenKinds } = this.postings;
    const found: string[] = [];
    for (let t = tokens.lowerBound(start); t < tokens.length && tokens.startsWith(t, start); t++) if (tokenKinds[t] & NAME_PART) found.push(tokens.at(t));
    return found;
  }

  /** The distinct words of icon names ending with `end` (and longer than it). */
  nameWordsEnding(end: string): string[] {
    const { tokens, tokenKinds } = this.postings;
    const found: string[] = [];
    for (let t = 0; t < tokens.length; t++) if (tokenKinds[t] & NAME_PART && tokens.lengthOf(t) > end.length && tokens.endsWith(t, end)) found.push(tokens.at(t));
    return found;
  }

  /** Whether `word` is a word of some icon's name. */
  isNameWord(word: string): boolean {
    const t = this.tokenIndex(word);
    return t !== -1 && (this.postings.tokenKinds[t] & NAME_PART) !== 0;
  }

  /**
   * The matching documents, best first. A query that finds nothing with a word that is two words
   * of icon names written as one ("logout" where a set names it log-out) is read again with them
   * apart.
   */
  find(query: string, options: SearchOptions = {}): SearchResult {
    const found = this.findWords(this.apartWhereUnknown(this.joinCompounds(queryWordsOf(query))), options);
    if (found.total > 0 && !found.mistyped) return found;
    // Nothing, or only what a word read as mistyped finds: two words a set has ("pushpin" in
    // mdi, which has pin) say more than a typo's guess.
    const words = queryWordsOf(query);
    const apart = words.flatMap((word) => this.splitCompound(word) ?? [word]);
    if (apart.length === words.length) return found;
    const read = this.findWords(apart, options);
    return found.total === 0 || (read.total > 0 && !read.mistyped) ? read : found;
  }

  /**
   * A sentence's words, each the index has in no form read as the two name words it joins ("there
   * is a hailstorm right now": hail, storm), as long as each is a word of its own (three letters
   * or more). Not a query of one word, which is read apart only when it finds nothing (find()).
   */
  private apartWhereUnknown(queryWords: string[]): string[] {
    if (queryWords.length < 2) return queryWords;
    return queryWords.flatMap((word) => (this.knowsInSomeForm(word) ? undefined : this.splitCompound(word, MIN_SENTENCE_COMPOUND_PART)) ?? [word]);
  }

  /** Whether the index has `word` as a word, the start of one, a form of it, or a synonym's meaning. */
  private knowsInSomeForm(word: string): boolean {
    if (this.tokenIndex(word) !== -1 || this.prefixTokens(word).length > 0) return true;
    const stem = stemmer(word);
    let found = false;
    this.forEachTokenOfStem(stem, () => void (found = true));
    return found || otherFormsOf(word, stem).length > 0 || synonymsOf(word, stem) !== undefined;
  }

  /**
   * Of the icons with `word` (or else its first other form) in their name, the share named by it
   * alone, style parts aside: high for a thing drawn as itself (voicemail, ambulance, atm: most of
   * their icons are just that), low for a word most names combine with others (file, map, door:
   * file-x, map-search, door-open), and 0 for an intent's word (ui-intents.json). Read once per
   * word from its postings, then kept.
   */
  private nameAloneShare(word: string, forms: readonly string[]): number {
    let token = this.tokenIndex(word);
    if (token === -1 && forms.length > 0) token = this.tokenIndex(forms[0]);
    if (token === -1) return 0;
    this.nameAloneShares ??= new Uint8Array(this.postings.tokens.length);
    if (this.nameAloneShares[token] === 0) {
      const { postingStart, postingWeights } = this.postings;
      const documents = documentsOf(this.postings, token);
      let named = 0;
      let alone = 0;
      let intent = false;
      for (let i = postingStart[token], d = 0; i < postingStart[token + 1] && !intent; i++, d++) {
        const field = postingWeights[i] & ~PHRASE_FLAG;
        intent = field === FIELD_WEIGHT.intent;
        if (field !== FIELD_WEIGHT.id) continue;
        named++;
        if (this.columns.parts[documents[d]] === 1) alone++;
      }
      // An intent's word is an act or a state, drawn by what it means: "adjust the thermostat" is
      // no material-symbols:adjust.
      if (intent) named = 0;
      // 1 + the share in 254ths: 0 is "not read yet".
      this.nameAloneShares[token] = 1 + Math.round((named === 0 ? 0 : alone / named) * 254);
    }
    return (this.nameAloneShares[token] - 1) / 254;
  }

  /** A word that is two name words joined ("logout": log, out), longest first part first; undefined when none. */
  private splitCompound(word: string, shortest = MIN_COMPOUND_PART): string[] | undefined {
    for (let at = word.length - shortest; at >= shortest; at--) {
      const [head, tail] = [word.slice(0, at), word.slice(at)];
      if (this.isNameWord(head) && this.isNameWord(tail)) return [head, tail];
    }
    return undefined;
  }

  /**
   * The name words' numbers in the order of their spelling backwards, which a search for endings
   * reads (name-endings.ts): made when first asked (at build time, not by the first such search),
   * or `kept` with the index in its file.
   */
  endingsOrder(kept?: Int32Array): Int32Array {
    const { tokens, tokenKinds } = this.postings;
    this.backwards = kept ?? this.backwards ?? backwardsOrder(tokens, (t) => (tokenKinds[t] & NAME_PART) !== 0);
    return this.backwards;
  }

  private findWords(queryWords: string[], options: SearchOptions): SearchResult {
    this.allowedNow = options.allowed;
    const joined = !queryWords.every(optionalWord);
    const phrases = phrasesIn(queryWords, (word) => this.tokenIndex(word));
    const all = queryWords.map((word, i) => {
      const matches = this.matchWord(word, options.endings === true && i === queryWords.length - 1, options.explain === true);
      // Each word of a phrase ("voice message") finds what draws the phrase, as the word itself
      // (its postings are few: read past what the word read).
      const phrase = phrases.get(i);
      if (phrase !== undefined) {
        this.budget = WORD_POSTINGS;
        this.addPosting(matches, phrase, MATCH.exact);
      }
      // A light verb is a phrase's word too ("take a photo"), and then not optional.
      matches.optional = joined && optionalWord(word) && phrase === undefined;
      matches.state = queryWords.length > 1 && stateWord(word);
      matches.nameAloneShare = queryWords.length > 1 ? this.nameAloneShare(word, matches.forms) : 0;
      return matches;
    });
    try {
      // The name the query gives: all its words when they are a name ("radio button", a term of
      // circle-dot), else those but the words saying what kind of picture ("user icon": user).
      const described = queryWords.filter((word) => !DESCRIBING_WORDS.has(word));
      const whole = this.namedByPhrase(queryWords.join(''));
      const subject = described.length > 0 && !whole && !this.hasId(queryWords) ? described : queryWords;
      const naming: Naming = {
        phrase: subject.join('-'),
        byPhrase: this.inOtherOrders(subject, subject === queryWords ? whole : this.namedByPhrase(subject.join(''))),
        forms: subject.length === 1 ? all[queryWords.indexOf(subject[0])].forms : NO_FORMS,
        logosWanted: described.length > 0 && queryWords.some((word) => LOGO_WORDS.has(word)),
      };
      const input = { columns: this.columns, documentCount: this.documentCount, scratch: this.scratch };
      const { documents, total } = this.rank(input, all, naming, options);
      const why = options.explain ? documents.map((document) => this.explain(document, queryWords, all)) : undefined;
      return { documents, total, why, mistyped: all.some((matches) => matches.mistyped) };
    } finally {
      for (const matches of all) matches.release();
    }
  }

  /**
   * Two neighbouring words that are one word of icon names, as one, when one of them is short
   * ("log in": login, "wi fi": wifi, "e mail": email); words joined only in a longer name stay
   * two ("arrow left"), and so do two words of their own ("credit card").
   */
  private joinCompounds(queryWords: string[]): string[] {
    const out: string[] = [];
    for (let i = 0; i < queryWords.length; i++) {
      const next = queryWords[i + 1];
      if (next !== undefined && Math.min(queryWords[i].length, next.length) <= MAX_COMPOUND_PART) {
        const t = this.tokenIndex(queryWords[i] + next);
        if (t !== -1 && this.postings.tokenKinds[t] & NAME_PART && this.postings.postingStart[t + 1] - this.postings.postingStart[t] >= MIN_COMPOUND_ICONS) {
          out.push(queryWords[i] + next);
          i++;
          continue;
        }
      }
      out.push(queryWords[i]);
    }
    return out;
  }

  /** Why `document` matched: each query word, with the word it matched when another ("settings → cog"). */
  private explain(document: number, queryWords: string[], all: WordMatches[]): string[] {
    const name = this.columns.names.at(document);
    const why: string[] = [];
    all.forEach((matches, i) => {
      const packed = matches.get(document);
      // A joining word says something only where it is a word of the name ("zoom in").
      if (packed === undefined || (matches.optional && packed < pack(MATCH.exact, FIELD_WEIGHT.alias))) return;
      const token = this.postings.tokens.at(matches.token(document));
      const word = queryWords[i];
      const phrase = phraseOf(token);
      if (phrase !== undefined) {
        if (!why.includes(`${phrase} → ${name}`)) why.push(`${phrase} → ${name}`);
        return;
      }
      // A word found in the name says which; one found elsewhere (an alias, what Font Awesome's
      // icon of the same name lends, a category) says the icon is what it means.
      if (!name.split('-').includes(token)) why.push(`${word} → ${name}`);
      else if (token !== word) why.push(`${word} → ${token}`);
      else why.push(word);
    });
    return why;
  }

  private tokenIndex(word: string): number {
    return this.postings.tokens.indexOf(word);
  }

  /** Whether some icon's id is the words joined by hyphens. */
  private hasId(queryWords: string[]): boolean {
    return this.idsNamed(queryWords.join('-')).length > 0;
  }

  /** The documents whose id is `name` (one per set that has it). */
  private idsNamed(name: string): number[] {
    const t = this.tokenIndex(name.replaceAll('-', ''));
    if (t === -1) return [];
    const { postingStart, gapStart, gaps, postingWeights } = this.postings;
    const found: number[] = [];
    // Decoded in place, as addPosting does (posting-gaps.ts' documentsOf() builds an array): a typed
    // start that is a common word reads thousands of postings here, and that array cost typed
    // searches 6-15% of their CPU (2026-11-28).
    for (let i = postingStart[t], end = postingStart[t + 1], at = gapStart[t], document = 0; i < end; i++) {
      let byte = gaps[at++];
      let gap = byte & 127;
      for (let shift = 7; byte & 128; shift += 7) gap |= ((byte = gaps[at++]) & 127) << shift;
      document += gap;
      if ((postingWeights[i] & ~PHRASE_FLAG) === FIELD_WEIGHT.id && this.columns.names.is(document, name)) found.push(document);
    }
    return found;
  }

  /**
   * The icons named by the query's words joined into one: the icons with an id or a term of
   * several words that are those words ("send message": paper-plane; "signout": a term "sign out");
   * a logo only by its id.
   */
  private namedByPhrase(joined: string): Map<number, number> | undefined {
    const t = this.tokenIndex(joined);
    if (t === -1) return undefined;
    const { postingStart, gapStart, gaps, postingWeights } = this.postings;
    let named: Map<number, number> | undefined;
    for (let i = postingStart[t], end = postingStart[t + 1], at = gapStart[t], document = 0; i < end; i++) {
      let byte = gaps[at++];
      let gap = byte & 127;
      for (let shift = 7; byte & 128; shift += 7) gap |= ((byte = gaps[at++]) & 127) << shift;
      document += gap;
      const weight = postingWeights[i];
      if (!(weight & PHRASE_FLAG)) continue;
      const field = weight & ~PHRASE_FLAG;
      if (field === FIELD_WEIGHT.id) (named ??= new Map()).set(document, NAMED.byId);
      else if (!this.columns.logos[document]) (named ??= new Map()).set(document, NAMED.byAliasOrTerm);
    }
    return named;
  }

  /** `named`, with the icons whose id is the query's two or three words in another order ("left arrow": arrow-left). */
  private inOtherOrders(queryWords: string[], named: Map<number, number> | undefined): Map<number, number> | undefined {
    if (queryWords.length < 2 || queryWords.length > 3) return named;
    for (const order of otherOrders(queryWords)) {
      for (const index of this.idsNamed(order)) if (!named?.has(index)) (named ??= new Map()).set(index, NAMED.byAliasOrTerm);
    }
    return named;
  }

  /** How `word` matches each icon it matches: pack(match, weight), the best way it does. */
  private matchWord(word: string, endings = false, explain = false): WordMatches {
    const { tokens, tokenKinds } = this.postings;
    const matches = new WordMatches(this.documentCount, explain);
    this.budget = WORD_POSTINGS;
    // As typed, and as the start of longer words (at most PREFIX_POSTINGS of those), and where
    // asked, as the end of name words, as weakly as a typo.
    const exact = this.tokenIndex(word);
    if (exact !== -1) this.addPosting(matches, exact, MATCH.exact);
    for (const t of this.prefixTokens(word)) this.addPosting(matches, t, MATCH.prefix);
    if (endings && word.length >= MIN_ENDING) {
      let read = 0;
      for (const t of this.endingTokens(word)) if ((read += this.addPosting(matches, t, MATCH.typo)) > PREFIX_POSTINGS) break;
    }
    // Another form of the word, as the word (a little below it); then through a synonym, and an
    // icon matched as the word and also through a synonym gains support.
    const stem = stemmer(word);
    this.forEachTokenOfStem(stem, (t) => {
      const token = tokens.at(t);
      if (token === word || inOtherGroups(word, token)) return;
      if (inflects(word, token)) {
        matches.forms.push(token);
        this.addPosting(matches, t, MATCH.exact, -INFLECTION_PENALTY);
      } else this.addPosting(matches, t, MATCH.synonym, -DERIVATION_PENALTY);
    });
    // And the forms the stemmer does not join (colours ~ color, sent ~ send), as typed or
    // inflected further (sends), not reduced ("leaves", leaf's plural, is not leave's form here).
    const otherForms = otherFormsOf(word, stem);
    for (const form of otherForms) {
      this.forEachTokenOfStem(stemmer(form), (t) => {
        const token = tokens.at(t);
        if (token !== form && (token.length < form.length || !inflects(form, token))) return;
        matches.forms.push(token);
        this.addPosting(matches, t, MATCH.exact, -INFLECTION_PENALTY);
      });
    }
    // Within some sets, another set's name for a drawing names it too (Material's favorite is mdi's heart).
    const elsewhere = this.allowedNow ? this.tokenIndex(otherSetsWord(word)) : -1;
    if (elsewhere !== -1) this.addPosting(matches, elsewhere, MATCH.exact);
    const synonyms = synonymsOf(word, stem) ?? synonymsOfForms(otherForms);
    if (synonyms) {
      const bySynonym = new WordMatches(this.documentCount, explain);
      // Not a word of two letters that shares a synonym's stem ("sms": sm, a size in names).
      for (const synonym of synonyms) this.forEachTokenOfStem(synonym, (t) => void (tokens.lengthOf(t) >= MIN_SYNONYM_WORD && this.addPosting(bySynonym, t, MATCH.synonym)));
      for (let i = 0; i < bySynonym.size; i++) {
        const document = bySynonym.document(i);
        const packed = bySynonym.get(document)!;
        const found = matches.get(document);
        if (found === undefined || found < packed) matches.set(document, packed, bySynonym.token(document), bySynonym.explained(document)); // a prefix, or a weaker derivation
        else if (found >= pack(MATCH.exact, 0)) matches.set(document, found + Math.round((packed % 1000) * SYNONYM_SUPPORT), matches.token(document), matches.explained(document));
      }
      bySynonym.release();
    }
    // A word the metadata never uses that undoes or repeats one it does ("unarchive", "resend")
    // finds what that word finds, as weakly as a typo: the icons of the act are the nearest.
    const undone = matches.size === 0 ? UNDONE_OR_REPEATED.exec(word) : null;
    if (undone) {
      const base = this.matchWord(undone[1], false, explain);
      for (let i = 0; i < base.size; i++) {
        const document = base.document(i);
        // Only where the other word is a word of the icon, or a synonym ("unicorn" is no "icorn").
        const packed = base.get(document)!;
        if (packed >= pack(MATCH.synonym, 0)) matches.set(document, pack(MATCH.typo, packed % 1000), base.token(document), base.explained(document));
      }
      base.release();
    }
    // A typo is a fallback: a word is read as mistyped only when it matches nothing otherwise
    // ("coff" lists coffee, not confluence or power-off). People rarely mistype a word's first
    // letter: only the words that start as it does are read, one contiguous run.
    if (matches.size === 0 && word.length >= 4) {
      const mistyped: number[] = [];
      let read = 0;
      const first = word.charCodeAt(0);
      for (let t = tokens.lowerBound(word[0]); t < tokens.length && tokens.charCodeAt(t, 0) === first && read < PREFIX_POSTINGS; t++) {
        if (tokenKinds[t] & OWN_WORD && tokens.lengthOf(t) >= word.length - 1 && withinOneEditOfPrefix(word, tokens, t)) {
          matches.mistyped = true;
          read += this.addPosting(matches, t, MATCH.typo);
          mistyped.push(t);
        }
      }
      // And the inflections of the words it was read as: "notifcations" is notifications, and so
      // also notification, the word most icons have.
      for (const m of mistyped) {
        const read = tokens.at(m);
        this.forEachTokenOfStem(stemmer(read), (t) => {
          if (inflects(read, tokens.at(t))) this.addPosting(matches, t, MATCH.typo);
        });
      }
    }
    return matches;
  }

  /**
   * The own words that `word` starts (longer than it), as many as PREFIX_POSTINGS postings allow:
   * all when they fit, else the commonest first (the likeliest completion of what is typed).
   */
  private prefixTokens(word: string): number[] {
    const { tokens, tokenKinds, postingStart } = this.postings;
    let from = tokens.lowerBound(word);
    if (from < tokens.length && tokens.is(from, word)) from++;
    const to = tokens.lowerBound(word + '\uffff');
    const own: number[] = [];
    for (let t = from; t < to; t++) if (tokenKinds[t] & OWN_WORD) own.push(t);
    if (postingStart[to] - postingStart[from] <= PREFIX_POSTINGS) return own;
    const postingsOf = (t: number) => postingStart[t + 1] - postingStart[t];
    own.sort((a, b) => postingsOf(b) - postingsOf(a) || tokens.lengthOf(a) - tokens.lengthOf(b) || a - b);
    let read = 0;
    let taken = 0;
    while (taken < own.length && (taken === 0 || read + postingsOf(own[taken]) <= PREFIX_POSTINGS)) read += postingsOf(own[taken++]);
    return own.slice(0, taken);
  }

  /** The name words ending with `end` (longer than it). */
  private endingTokens(end: string): number[] {
    return tokensEnding(this.postings.tokens, this.endingsOrder(), end);
  }

  private forEachTokenOfStem(stem: string, visit: (token: number) => void): void {
    const { stems, stemStart, stemTokens } = this.postings;
    const s = stems.indexOf(stem);
    if (s === -1) return;
    for (let i = stemStart[s], end = stemStart[s + 1]; i < end; i++) visit(stemTokens[i]);
  }

  /** Records each icon of `token`'s postings as matched by `match`, unless it matched better already; answers how many postings it read. */
  private addPosting(matches: WordMatches, token: number, match: number, weightChange = 0): number {
    const { postingStart, gapStart, gaps, postingWeights } = this.postings;
    const allowed = this.allowedNow;
    const end = postingStart[token + 1];
    let read = 0;
    for (let i = postingStart[token], at = gapStart[token], document = 0; i < end && read < this.budget; i++) {
      // The next document, from its gap (posting-gaps.ts).
      let byte = gaps[at++];
      let gap = byte & 127;
      for (let shift = 7; byte & 128; shift += 7) gap |= ((byte = gaps[at++]) & 127) << shift;
      document += gap;
      if (allowed && !allowed(document)) continue;
      read++;
      const field = postingWeights[i] & ~PHRASE_FLAG;
      const packed = pack(match, Math.max(0, field + weightChange));
      if (packed > (matches.get(document) ?? -1)) matches.set(document, packed, token, EXPLAINS_BY_WEIGHT[field]);
    }
    this.budget -= read;
    return read;
  }


}

export { MAX_QUERY_WORDS };
export type { DocumentColumns, SearchOptions };
