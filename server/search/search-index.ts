// An in-memory search index of one release. Measured against SQLite FTS5 for this job: FTS5 has
// no one-typo matching, and a release is small (2,000 icons, ~6,000 distinct words), so scanning
// the distinct words per query word takes well under a millisecond.
//
// Ranking by meaning, best first. Each query word matches an icon's words in one of four ways,
// from strongest to weakest: as typed, or in another form of the word (the same Porter stem: an
// inflection counts as the word a little below it, bookmarks ~ bookmark, uploading ~ upload; a
// derivation further below, important ~ import; the forms the stemmer cannot join are data,
// word-forms.ts: colours ~ color, sent ~ send); through a synonym (ui-synonyms.json: preferences ~
// gear, inbox ~ envelope); as the start of a word (a prefix, as people type); only when the word
// matches nothing any other way, as the word it undoes or repeats (unarchive ~ archive) or with one
// typo after its first letter. An id or term of several words is also one word (signout). Every
// query word must match, but for a word that matches nothing at all (it is left out: "dark mode");
// when no icon has every word, those with the most of them answer. Then, in order: the icon whose
// id is the query, then one with the query as an alias or a term of several words; an icon before a
// brand's logo; the weakest way any word matched; where the words matched (a word's best field:
// id 50, a search term of that one word 45, label 40, alias 35, a word of a longer term 30,
// category 10), with half the weight of a synonym that also matches; then the ties (byRank).
import semver from 'semver';
import { stemmer } from 'stemmer';
import synonymGroups from './ui-synonyms.json' with { type: 'json' };
import { iconNamesOf } from './class-names.ts';
import { inflects, otherFormsOf } from './word-forms.ts';
import { lowerBound } from './lower-bound.ts';

export const MAX_QUERY_LENGTH = 512;

// A search term of one word is the metadata saying "this icon is a <word>": as strong as a label
// word, nearly as an id word. A word inside a longer term or an alias (an old id) says less.
const FIELD_WEIGHT = { id: 50, term: 45, label: 40, alias: 35, termWord: 30, category: 10 } as const;
type Field = keyof typeof FIELD_WEIGHT;

/**
 * How a query word matched a word of the icon, weakest first (a larger number is a better match).
 * An inflection counts as the word: a metadata word is often the plural of the query's, or the
 * other way round. A derivation sharing the stem counts as a synonym: a related word, not the word.
 */
const MATCH = { typo: 0, prefix: 1, synonym: 2, exact: 3 } as const;
/**
 * Another form of a word counts this much below it in weight: an inflection, as the word
 * ("downloads" finds download as well as the word as typed), and further below, as a synonym, a
 * derivation that shares its Porter stem, often but not always its meaning (configuration ~
 * configure, but important ~ import, busy ~ business: busy finds the hourglass, a synonym, before
 * business-time). Two words listed in different synonym groups are different words whatever their
 * stems ("news" does not find "new").
 */
const INFLECTION_PENALTY = 5;
const DERIVATION_PENALTY = 15;
/**
 * An icon that matches a word as typed and also through a synonym (`mail`: envelope has the term
 * "mail" and is an envelope) is likelier what was meant: it gains this share of the synonym's weight.
 */
const SYNONYM_SUPPORT = 0.5;
/** A word that undoes or repeats another ("unsubscribe", "reupload"): the other word, of 3 letters or more. */
const UNDONE_OR_REPEATED = /^(?:un|re)([a-z]{3,})$/;
/** Query words read at most: past a phrase, more words only narrow an answer that is empty already. */
const MAX_QUERY_WORDS = 8;
/**
 * Words that join a query's words ("table of contents", "zoom in", "call me"): they rank the icons
 * that have them higher but need not match, unless the query is nothing else. Not "us": the
 * country ("us flag": flag-usa).
 */
const JOINING_WORDS = new Set(['a', 'an', 'the', 'of', 'and', 'or', 'for', 'to', 'in', 'on', 'at', 'with', 'by', 'my', 'me', 'our', 'your', 'you']);
/**
 * Words that say what kind of picture is wanted, not of what ("user icon", "close button",
 * "github logo"): optional as joining words are, and not part of the name a query gives.
 */
const DESCRIBING_WORDS = new Set(['icon', 'icons', 'symbol', 'symbols', 'button', 'buttons', 'glyph', 'glyphs', 'logo', 'logos']);
/** Words asking for a brand's logo: the logos are not put after the other icons then. */
const LOGO_WORDS = new Set(['logo', 'logos']);
const optionalWord = (word: string) => JOINING_WORDS.has(word) || DESCRIBING_WORDS.has(word);

export interface SearchDocument {
  rowId: number;
  name: string;
  label: string;
  aliases: string[];
  terms: string[];
  categories: string[];
  /** Family-styles the icon ships in (a tie-break: the more, the likelier the icon people mean). */
  styles?: number;
  /** Whether the icon is a logo (in the brands style only): it answers its own name, not a word of its metadata. */
  logo?: boolean;
  /** The versions that changed the icon ("1.0.0", "4.4", "6.0.0-beta1"): the earliest added it, and the older it is, the more releases carry it. */
  changes?: readonly string[];
}

const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * Whether `word` is within one edit (substitution, insertion, deletion, or two neighbours swapped,
 * the commonest slip in typing) of a prefix of `token`: `calender` ~ `calendar`, `hose` ~ `house`,
 * `uplaod` ~ `upload`. `suffixes[k]` is `word.slice(k)`, made once per word, so scanning thousands
 * of tokens allocates nothing.
 */
function withinOneEditOfPrefix(word: string, token: string, suffixes: string[]): boolean {
  let i = 0;
  while (i < word.length && i < token.length && word[i] === token[i]) i++;
  if (i === word.length) return true;
  return (
    token.startsWith(suffixes[i + 1], i + 1) || // one letter differs
    token.startsWith(suffixes[i + 1], i) || // one letter too many in the word
    token.startsWith(suffixes[i], i + 1) || // one letter missing from the word
    (word[i] === token[i + 1] && word[i + 1] === token[i] && token.startsWith(suffixes[i + 2], i + 2)) // two letters swapped
  );
}

/** A version as one number that orders versions ("4.4" is 4.4.0, as semver coerces it; a pre-release counts as its release); unknown: newest. */
function versionOrder(version: string): number {
  const coerced = semver.coerce(version);
  return coerced && coerced.major < 2000 ? coerced.major * 1_000_000 + coerced.minor * 1000 + coerced.patch : NEWEST;
}
const NEWEST = 2 ** 31 - 1;
const firstVersion = (changes: readonly string[] = []) => changes.reduce((first, version) => Math.min(first, versionOrder(version)), NEWEST);

/** How many words an id has ("arrow-down-1-9": 4). */
const partsOf = (name: string) => name.split('-').length;

/**
 * Best first: the icon the query names; an icon that is not a logo (a brand's logo answers its own
 * name, not the words of its metadata: "news" is newspaper before hacker-news); how well each word
 * matched; then ties as people break them: the shorter name in words, the icon named by the word
 * in another form ("highlight": highlighter before a star with the term), the icon in more
 * family-styles, the older icon (in more releases), the shorter name in letters, the id.
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
 * A query word's synonyms: the stems of the other words of its groups. A word listed in a group
 * means that group's idea ("news" is not "new"); another word reaches the groups of the words it
 * inflects ("notifications" those of notification; "important" none of import's).
 */
const synonymsByWord = new Map<string, string[]>();
const groupWordsByStem = new Map<string, string[]>();
/** The groups each listed word is in (their indices). */
const groupsByWord = new Map<string, number[]>();
synonymGroups.groups.forEach((group, index) => {
  const stems = [...new Set(group.map((word) => stemmer(word)))];
  for (const word of group) {
    groupsByWord.set(word, [...(groupsByWord.get(word) ?? []), index]);
    const own = stemmer(word);
    const others = synonymsByWord.get(word) ?? [];
    for (const other of stems) if (other !== own && !others.includes(other)) others.push(other);
    synonymsByWord.set(word, others);
    const sameStem = groupWordsByStem.get(own) ?? [];
    if (!sameStem.includes(word)) sameStem.push(word);
    groupWordsByStem.set(own, sameStem);
  }
});
/** Whether two words are listed in synonym groups, none the same: different ideas, whatever their stems ("news", "new"). */
function inOtherGroups(word: string, other: string): boolean {
  const own = groupsByWord.get(word);
  const others = groupsByWord.get(other);
  return own !== undefined && others !== undefined && !own.some((group) => others.includes(group));
}

function synonymsOf(word: string, stem: string): string[] | undefined {
  const own = synonymsByWord.get(word);
  if (own) return own;
  const inflected = groupWordsByStem.get(stem)?.filter((groupWord) => inflects(word, groupWord));
  return inflected?.length ? [...new Set(inflected.flatMap((groupWord) => synonymsByWord.get(groupWord)!))] : undefined;
}

/** The synonyms of a word's other forms (word-forms.json), for a word with none of its own. */
function synonymsOfForms(forms: readonly string[]): string[] | undefined {
  const found = forms.flatMap((form) => synonymsOf(form, stemmer(form)) ?? []);
  return found.length > 0 ? [...new Set(found)] : undefined;
}

const FIELDS = Object.keys(FIELD_WEIGHT) as Field[];
/**
 * The weight of a word found in the fields of `mask` (bit i: FIELDS[i]): its best field's. Not a
 * sum: an icon whose metadata repeats a word in every field is not the likelier for it, and among
 * icons alike the shorter id is.
 */
const weightOf = (mask: number) => Math.max(...FIELDS.filter((_, bit) => mask & (1 << bit)).map((field) => FIELD_WEIGHT[field]));
/** In an icon's field bits while indexing: the word is one of its names or terms of several words, joined. */
const PHRASE_BIT = 1 << FIELDS.length;
/** The same in a posting's weight byte (weights are below it). */
const PHRASE_FLAG = 128;

/** A word's match of one icon in one number: how it matched (MATCH), then its weight (< 1000). */
const pack = (match: number, weight: number) => match * 1000 + weight;

/**
 * How one query word matches icons: pack(match, weight) per document, in a flat array the size
 * of the release (a Map per word cost most of a search: a short prefix matches thousands of icons),
 * and the documents matched, in the order met. The arrays are reused from search to search
 * (`release`): allocating and zeroing one per word was a tenth of a search, and garbage (a list
 * of the documents met, grown as it filled, was a fifth of what a search allocated).
 */
class WordMatches {
  /** Released arrays (matches zeroed), at least as long as any release searched. */
  private static readonly free: { packed: Int32Array; met: Int32Array }[] = [];
  /** pack(...) + 1 per document; 0: not matched. */
  private readonly packed: Int32Array;
  /** The documents matched, in the order met: met[0 .. size). */
  private readonly met: Int32Array;
  size = 0;
  /** The metadata's words that are the query word inflected or in another form (an icon whose id or alias is one wins a tie). */
  readonly forms: string[] = [];
  /** A joining word's matches: they rank, but an icon need not have them. */
  optional = false;
  constructor(documentCount: number) {
    const reused = WordMatches.free.pop();
    const fits = reused !== undefined && reused.packed.length >= documentCount;
    this.packed = fits ? reused.packed : new Int32Array(documentCount);
    this.met = fits ? reused.met : new Int32Array(documentCount);
  }
  /** The i-th document matched (i < size). */
  document(i: number): number {
    return this.met[i];
  }
  get(document: number): number | undefined {
    const value = this.packed[document];
    return value === 0 ? undefined : value - 1;
  }
  set(document: number, packed: number): void {
    if (this.packed[document] === 0) this.met[this.size++] = document;
    this.packed[document] = packed + 1;
  }
  /** Gives the arrays back, zeroed, for the next search; these matches are not read after. */
  release(): void {
    for (let i = 0; i < this.size; i++) this.packed[this.met[i]] = 0;
    if (WordMatches.free.length < MAX_FREE_MATCHES) WordMatches.free.push({ packed: this.packed, met: this.met });
  }
}

/** Arrays kept for reuse: a search holds one per query word and one for synonyms. */
const MAX_FREE_MATCHES = MAX_QUERY_WORDS + 1;

/**
 * How a query names an icon, most first: its id is the query (words joined by hyphens, or into one
 * word: "paper plane", "paperplane"); an alias or a term of several words is (not a logo's term:
 * a logo answers its own name).
 */
const NAMED = { none: 0, byAliasOrTerm: 1, byId: 2 } as const;

/** What names icons for one query (see NAMED). */
interface Naming {
  /** The query's words joined by hyphens, as ids and aliases are written. */
  phrase: string;
  /** The icons with an id or term of several words that the query's words joined are, and how (NAMED). */
  byPhrase: Map<number, number> | undefined;
  /** For a query of one word, the metadata's words that are it in another form (a tie-break: see byRank). */
  forms: readonly string[];
  /** The query asks for a logo ("github logo"): logos rank as other icons do. */
  logosWanted: boolean;
}
const NO_FORMS: readonly string[] = [];

/** Two or three words in each order but the one given, joined by hyphens as ids are. */
function otherOrders(words: string[]): string[] {
  const [a, b, c] = words;
  const orders = c === undefined ? [[b, a]] : [[a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]];
  return orders.map((order) => order.join('-'));
}

/** An icon that matches the query (every word it needs, or the most of them), with what ranks it. */
interface Candidate {
  index: number;
  /** How the query names it (NAMED). */
  named: number;
  /** 1: its id or an alias is the query's one word in another form; 0: otherwise. */
  formNamed: number;
  /** 1: a logo not named by the query; 0: otherwise. */
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
 * Kept small, since one is built per release searched: after it is built, an index keeps only what
 * ranking reads (each icon's row id, id, alias names, and its count of id words, family-styles,
 * first version and whether it is a logo, in name order), the postings of every distinct word in
 * three flat typed arrays (not two typed arrays per word: ~200 B of headers each, more than most
 * words' postings), and the words grouped by stem.
 */
export class SearchIndex {
  private readonly rowIds: Int32Array;
  private readonly names: string[];
  private readonly aliases: (readonly string[])[];
  private readonly styles: Uint8Array;
  private readonly parts: Uint8Array;
  private readonly since: Int32Array;
  private readonly logos: Uint8Array;
  /** Each distinct word, sorted: the words a query word starts are one contiguous run. */
  private readonly tokens: string[];
  /** Token t occurs in documents postingDocs[postingStart[t] .. postingStart[t + 1]), with the weight of the fields it is in. */
  private readonly postingStart: Int32Array;
  private readonly postingDocs: Int32Array;
  private readonly postingWeights: Uint8Array;
  /** Each distinct stem, sorted; the tokens of stems[s] are stemTokens[stemStart[s] .. stemStart[s + 1]). */
  private readonly stems: string[];
  private readonly stemStart: Int32Array;
  private readonly stemTokens: Int32Array;
  /** 1 for a token that is only words joined ("signout"): matched as typed, not as the start of a longer word (it adds no icon there, only work). */
  private readonly joinedOnly: Uint8Array;
  /** The heap it holds, estimated once: what a cache of indexes counts against its budget. */
  readonly bytes: number;

  constructor(unsorted: SearchDocument[]) {
    const documents = [...unsorted].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // word -> document -> the fields it is in (a bit each)
    const postings = new Map<string, Map<number, number>>();
    const ownWords = new Set<string>();
    documents.forEach((doc, index) => {
      const post = (word: string, bits: number) => {
        const posting = postings.get(word) ?? new Map<number, number>();
        posting.set(index, (posting.get(index) ?? 0) | bits);
        postings.set(word, posting);
      };
      const add = (field: Field, text: string) => {
        const bit = 1 << FIELDS.indexOf(field);
        const parts = words(text);
        for (const word of parts) {
          post(word, bit);
          ownWords.add(word);
        }
        // An id or term of several words is also one word, as people type it ("signout",
        // "paperplane"), and a query of those words names the icon ("send message": paper-plane).
        // Joined, a longer term's words are the whole term. (Not an alias's: an old id with "-alt"
        // or "-o" on it, typed as it is when typed at all, and named so already.)
        if (parts.length > 1 && field === 'id') post(parts.join(''), bit | PHRASE_BIT);
        if (parts.length > 1 && field === 'termWord') post(parts.join(''), (1 << FIELDS.indexOf('term')) | PHRASE_BIT);
      };
      add('id', doc.name);
      doc.aliases.forEach((alias) => add('alias', alias));
      add('label', doc.label);
      doc.terms.forEach((term) => add(words(term).length === 1 ? 'term' : 'termWord', term));
      doc.categories.forEach((category) => add('category', category));
    });
    this.rowIds = Int32Array.from(documents, (doc) => doc.rowId);
    this.names = documents.map((doc) => doc.name);
    this.aliases = documents.map((doc) => (doc.aliases.length > 0 ? [...doc.aliases] : NO_ALIASES));
    this.styles = Uint8Array.from(documents, (doc) => Math.min(doc.styles ?? 0, 255));
    this.parts = Uint8Array.from(documents, (doc) => Math.min(partsOf(doc.name), 255));
    this.since = Int32Array.from(documents, (doc) => firstVersion(doc.changes));
    this.logos = Uint8Array.from(documents, (doc) => (doc.logo ? 1 : 0));
    this.tokens = [...postings.keys()].sort();
    let total = 0;
    for (const posting of postings.values()) total += posting.size;
    this.postingStart = new Int32Array(this.tokens.length + 1);
    this.postingDocs = new Int32Array(total);
    this.postingWeights = new Uint8Array(total);
    let at = 0;
    this.tokens.forEach((token, t) => {
      this.postingStart[t] = at;
      for (const [index, fields] of postings.get(token)!) {
        this.postingDocs[at] = index;
        this.postingWeights[at++] = weightOf(fields) | (fields & PHRASE_BIT ? PHRASE_FLAG : 0);
      }
    });
    this.postingStart[this.tokens.length] = at;
    this.joinedOnly = Uint8Array.from(this.tokens, (token) => (ownWords.has(token) ? 0 : 1));
    // Words joined are matched as typed only: they have no forms to find.
    const byStem = new Map<string, number[]>();
    let stemmed = 0;
    this.tokens.forEach((token, t) => {
      if (this.joinedOnly[t]) return;
      stemmed++;
      const stem = stemmer(token);
      const list = byStem.get(stem);
      if (list) list.push(t);
      else byStem.set(stem, [t]);
    });
    this.stems = [...byStem.keys()].sort();
    this.stemStart = new Int32Array(this.stems.length + 1);
    this.stemTokens = new Int32Array(stemmed);
    at = 0;
    this.stems.forEach((stem, s) => {
      this.stemStart[s] = at;
      for (const t of byStem.get(stem)!) this.stemTokens[at++] = t;
    });
    this.stemStart[this.stems.length] = at;
    this.bytes =
      stringsBytes(this.tokens) +
      stringsBytes(this.names) +
      stringsBytes(this.stems) +
      this.aliases.reduce((sum, list) => sum + (list === NO_ALIASES ? SLOT : stringsBytes(list) + SLOT), ARRAY_OVERHEAD) +
      this.rowIds.byteLength +
      this.styles.byteLength +
      this.parts.byteLength +
      this.since.byteLength +
      this.logos.byteLength +
      this.joinedOnly.byteLength +
      this.postingStart.byteLength +
      this.postingDocs.byteLength +
      this.postingWeights.byteLength +
      this.stemStart.byteLength +
      this.stemTokens.byteLength;
  }

  /** Row ids of the matching icons, best first. */
  search(query: string): number[] {
    const queryWords = words(iconNamesOf(query)).slice(0, MAX_QUERY_WORDS);
    const joined = !queryWords.every(optionalWord);
    const all = queryWords.map((word) => {
      const matches = this.matchWord(word);
      matches.optional = joined && optionalWord(word);
      return matches;
    });
    try {
      // The name the query gives: all its words when they are a name ("radio button", a term of
      // circle-dot), else those but the words saying what kind of picture ("user icon": user).
      const described = queryWords.filter((word) => !DESCRIBING_WORDS.has(word));
      const whole = this.namedByPhrase(queryWords.join(''));
      const subject = described.length > 0 && !whole && this.indexOfId(queryWords.join('-')) === -1 ? described : queryWords;
      const naming: Naming = {
        phrase: subject.join('-'),
        byPhrase: this.inOtherOrders(subject, subject === queryWords ? whole : this.namedByPhrase(subject.join(''))),
        forms: subject.length === 1 ? all[queryWords.indexOf(subject[0])].forms : NO_FORMS,
        logosWanted: described.length > 0 && queryWords.some((word) => LOGO_WORDS.has(word)),
      };
      return this.rank(all, naming);
    } finally {
      for (const matches of all) matches.release();
    }
  }

  private rank(all: WordMatches[], naming: Naming): number[] {
    // A word that matches nothing at all, in no way (a word the metadata never uses: "dark mode"),
    // is left out rather than emptying the answer; every other word must match.
    const perWord = all.filter((matches) => matches.size > 0);
    if (perWord.length === 0) return [];
    perWord.sort((a, b) => a.size - b.size);
    let required = perWord.filter((matches) => !matches.optional);
    if (required.length === 0) {
      // Only joining words matched ("the xyzzy"): they are the query.
      for (const matches of perWord) matches.optional = false;
      required = perWord;
    }
    const ranked: Candidate[] = [];
    // Intersected from the rarest word.
    const rarest = required[0];
    for (let i = 0; i < rarest.size; i++) {
      const candidate = this.candidate(rarest.document(i), perWord, naming, false);
      if (candidate) ranked.push(candidate);
    }
    // No icon has every word ("table of contents"): those with the most of them answer, ranked
    // on the words they have.
    if (ranked.length === 0) this.withMostWords(required, perWord, naming, ranked, false);
    ranked.sort(byRank);
    // Only logos have every word ("video call": skype and whatsapp, by their terms): the other icons
    // with the most of the words follow them. Not before: such a query is as often about brands
    // ("operating system", "package manager").
    if (ranked.length > 0 && ranked.every((candidate) => candidate.logo === 1)) {
      const others: Candidate[] = [];
      this.withMostWords(required, perWord, naming, others, true);
      ranked.push(...others.sort(byRank));
    }
    return ranked.map(({ index }) => this.rowIds[index]);
  }

  /**
   * How icon `index` ranks for the words of `perWord`; undefined when a word it needs does not
   * match it (`partial`: it needs none, it ranks on those it has).
   */
  private candidate(index: number, perWord: WordMatches[], naming: Naming, partial: boolean): Candidate | undefined {
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
    const name = this.names[index];
    const aliases = this.aliases[index];
    const named = name === naming.phrase ? NAMED.byId : aliases.includes(naming.phrase) ? NAMED.byAliasOrTerm : (naming.byPhrase?.get(index) ?? NAMED.none);
    const { forms } = naming;
    const formNamed = forms.length > 0 && (forms.includes(name) || aliases.some((alias) => forms.includes(alias))) ? 1 : 0;
    return { index, named, formNamed, logo: named === NAMED.none && !naming.logosWanted ? this.logos[index] : 0, weakest, score, length: name.length, parts: this.parts[index], styles: this.styles[index], since: this.since[index] };
  }

  /** Adds to `ranked` the icons with the most of the required words (`notLogos`: of the icons that are not logos). */
  private withMostWords(required: WordMatches[], perWord: WordMatches[], naming: Naming, ranked: Candidate[], notLogos: boolean): void {
    const found = new WordMatches(this.names.length); // how many words each icon has
    let most = 0;
    for (const matches of required) {
      for (let i = 0; i < matches.size; i++) {
        const index = matches.document(i);
        if (notLogos && this.logos[index]) continue;
        const count = (found.get(index) ?? 0) + 1;
        found.set(index, count);
        most = Math.max(most, count);
      }
    }
    for (let i = 0; i < found.size; i++) {
      const index = found.document(i);
      if (found.get(index) === most) ranked.push(this.candidate(index, perWord, naming, true)!);
    }
    found.release();
  }

  /** The icon with this id (its index), or -1. */
  private indexOfId(name: string): number {
    const index = lowerBound(this.names, name);
    return this.names[index] === name ? index : -1;
  }

  /**
   * The icons named by the query's words joined into one: the icons with an id or a term of
   * several words that are those words ("send message": paper-plane; "signout": a term "sign out");
   * a logo only by its id.
   */
  private namedByPhrase(joined: string): Map<number, number> | undefined {
    const t = lowerBound(this.tokens, joined);
    if (this.tokens[t] !== joined) return undefined;
    let named: Map<number, number> | undefined;
    for (let i = this.postingStart[t], end = this.postingStart[t + 1]; i < end; i++) {
      const weight = this.postingWeights[i];
      if (!(weight & PHRASE_FLAG)) continue;
      const document = this.postingDocs[i];
      const field = weight & ~PHRASE_FLAG;
      if (field === FIELD_WEIGHT.id) (named ??= new Map()).set(document, NAMED.byId);
      else if (!this.logos[document]) (named ??= new Map()).set(document, NAMED.byAliasOrTerm);
    }
    return named;
  }

  /**
   * `named`, with the icons whose id is the query's two or three words in another order ("left
   * arrow", "up arrow": arrow-left, arrow-up), named as an alias would.
   */
  private inOtherOrders(words: string[], named: Map<number, number> | undefined): Map<number, number> | undefined {
    if (words.length < 2 || words.length > 3) return named;
    for (const order of otherOrders(words)) {
      const index = this.indexOfId(order);
      if (index !== -1 && !named?.has(index)) (named ??= new Map()).set(index, NAMED.byAliasOrTerm);
    }
    return named;
  }

  /** How `word` matches each icon it matches: pack(match, weight), the best way it does. */
  private matchWord(word: string): WordMatches {
    const matches = new WordMatches(this.names.length);
    // As typed, and as the start of longer words: one run of the sorted tokens.
    for (let t = lowerBound(this.tokens, word); t < this.tokens.length && this.tokens[t].startsWith(word); t++) {
      if (this.tokens[t] === word) this.addPosting(matches, t, MATCH.exact);
      else if (!this.joinedOnly[t]) this.addPosting(matches, t, MATCH.prefix);
    }
    // Another form of the word, as the word (a little below it); then through a synonym, and an
    // icon matched as the word and also through a synonym gains support.
    const stem = stemmer(word);
    this.forEachTokenOfStem(stem, (t) => {
      const token = this.tokens[t];
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
        const token = this.tokens[t];
        if (token !== form && (token.length < form.length || !inflects(form, token))) return;
        matches.forms.push(token);
        this.addPosting(matches, t, MATCH.exact, -INFLECTION_PENALTY);
      });
    }
    const synonyms = synonymsOf(word, stem) ?? synonymsOfForms(otherForms);
    if (synonyms) {
      const bySynonym = new WordMatches(this.names.length);
      for (const synonym of synonyms) this.forEachTokenOfStem(synonym, (t) => this.addPosting(bySynonym, t, MATCH.synonym));
      for (let i = 0; i < bySynonym.size; i++) {
        const document = bySynonym.document(i);
        const packed = bySynonym.get(document)!;
        const found = matches.get(document);
        if (found === undefined || found < packed) matches.set(document, packed); // a prefix, or a weaker derivation
        else if (found >= pack(MATCH.exact, 0)) matches.set(document, found + Math.round((packed % 1000) * SYNONYM_SUPPORT));
      }
      bySynonym.release();
    }
    // A word the metadata never uses that undoes or repeats one it does ("unarchive", "resend")
    // finds what that word finds, as weakly as a typo: the icons of the act are the nearest.
    const undone = matches.size === 0 ? UNDONE_OR_REPEATED.exec(word) : null;
    if (undone) {
      const base = this.matchWord(undone[1]);
      for (let i = 0; i < base.size; i++) {
        const document = base.document(i);
        // Only where the other word is a word of the icon, or a synonym ("unicorn" is no "icorn").
        const packed = base.get(document)!;
        if (packed >= pack(MATCH.synonym, 0)) matches.set(document, pack(MATCH.typo, packed % 1000));
      }
      base.release();
    }
    // A typo is a fallback: a word is read as mistyped only when it matches nothing otherwise
    // ("coff" lists coffee, not confluence or power-off).
    if (matches.size === 0 && word.length >= 4) {
      // People rarely mistype a word's first letter ("flower" is not "lowercase"): only the words
      // that start as it does are read, one contiguous run of the sorted tokens.
      const suffixes = Array.from({ length: word.length + 2 }, (_, k) => word.slice(k));
      const mistyped: string[] = [];
      for (let t = lowerBound(this.tokens, word[0]); t < this.tokens.length && this.tokens[t][0] === word[0]; t++) {
        const token = this.tokens[t];
        if (token.length >= word.length - 1 && withinOneEditOfPrefix(word, token, suffixes)) {
          this.addPosting(matches, t, MATCH.typo);
          mistyped.push(token);
        }
      }
      // And the inflections of the words it was read as: "notifcations" is notifications, and so
      // also notification, the word most icons have.
      for (const token of mistyped) {
        this.forEachTokenOfStem(stemmer(token), (t) => {
          if (inflects(token, this.tokens[t])) this.addPosting(matches, t, MATCH.typo);
        });
      }
    }
    return matches;
  }

  private forEachTokenOfStem(stem: string, visit: (token: number) => void): void {
    const s = lowerBound(this.stems, stem);
    if (this.stems[s] !== stem) return;
    for (let i = this.stemStart[s], end = this.stemStart[s + 1]; i < end; i++) visit(this.stemTokens[i]);
  }

  /** Records each icon of `token`'s postings as matched by `match`, unless it matched better already. */
  private addPosting(matches: WordMatches, token: number, match: number, weightChange = 0): void {
    for (let i = this.postingStart[token], end = this.postingStart[token + 1]; i < end; i++) {
      const document = this.postingDocs[i];
      const packed = pack(match, Math.max(0, (this.postingWeights[i] & ~PHRASE_FLAG) + weightChange));
      if (packed > (matches.get(document) ?? -1)) matches.set(document, packed);
    }
  }
}
