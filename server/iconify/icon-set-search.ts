// Search across every open icon set (the Iconify API's /search and /keywords). Icon names are the
// only words the sets carry: each name splits at its hyphens into keywords (arrow-left-bold:
// arrow, left, bold). A query's words must all match, each as typed, by its word form (houses ~
// house), through a synonym (ui-synonyms.json, as in Font Awesome search, and the spellings and
// irregular forms of word-forms.json), the last one also as a prefix of a keyword (typing "hoa"
// finds hoard), and a word that matches nothing that way by one typo. Ranked: how each word
// matched, then an icon named exactly what was typed, then shorter names, then the sets' order.
//
// The index (server/iconify/name-index.ts) is built from the sets' listings (their visible icons
// and aliases) at the first search, or after a start, and dropped when sets change. Per-entry
// state lives in typed arrays, so a search over 379k icons touches only the postings of its words.
import { stemmer } from 'stemmer';
import synonymGroups from '../search/ui-synonyms.json' with { type: 'json' };
import { wordFormGroups } from '../search/word-forms.ts';
import type { IconSetsRepo } from './icon-sets.repo.ts';
import type { IconSetsService } from './icon-sets.service.ts';
import { lowerBound } from '../search/lower-bound.ts';
import { aliasesOf, buildNameIndex, keywordIndex, nameOf, type NameIndex, type SetListing } from './name-index.ts';
import { inPrefixFilter, text } from './query-values.ts';
import { reloadable } from './reloadable.ts';

export interface SearchParams {
  /** Query words, lowercase; a word joined by hyphens must match as one name part sequence. */
  words: string[];
  /** Sets searched: exact prefixes and prefixes ending in "-" (every set starting so); all when absent. */
  prefixes?: string[];
  category?: string;
  limit: number;
  start: number;
  /** Whether the last word may match as the start or end of a keyword (`similar`, on by default). */
  partial: boolean;
  /** Only sets whose info says palette true (colours of their own) or false (currentColor). */
  palette?: boolean;
  /** The first word is a word of the names even when it is a set's prefix. */
  firstWordIsWord?: boolean;
}

export const MIN_LIMIT = 32;
export const MAX_LIMIT = 999;
export const DEFAULT_LIMIT = 64;
/** Longer queries are refused (400): no icon name is near this long. */
export const MAX_QUERY_LENGTH = 256;
const MAX_WORDS = 8;
const WORD = /^[a-z0-9]+$/;
const MIN_PARTIAL = 2;


/** The Iconify API's parameters, checked as it checks them (400 for what it refuses). */
export function parseSearchQuery(query: Record<string, unknown>): { ok: true; value: SearchParams } | { ok: false } {
  const keyword = text(query.query);
  if (!keyword || keyword.length > MAX_QUERY_LENGTH) return { ok: false };
  let limit = DEFAULT_LIMIT;
  for (const name of ['limit', 'min']) {
    const given = text(query[name]);
    if (given === undefined) continue;
    const parsed = parseInt(given, 10);
    if (!parsed) return { ok: false };
    limit = Math.max(MIN_LIMIT, Math.min(parsed, MAX_LIMIT));
  }
  let start = 0;
  const givenStart = text(query.start);
  if (givenStart !== undefined) {
    start = parseInt(givenStart, 10);
    if (Number.isNaN(start) || start < 0 || start >= limit) return { ok: false };
  }
  const prefixList = text(query.prefixes) ?? text(query.prefix) ?? text(query.collection);
  let prefixes = prefixList?.split(',').filter((p) => p.length > 0);
  // The query's own parameters, as Iconify's search reads them: "prefix:mdi", "palette=false",
  // "style:fill" (icon styles are not kept here: every icon passes), and "mdi:home" (a set and a word).
  const tokens = keyword.toLowerCase().trim().split(/[\s,]+/).filter((t) => t.length > 0);
  const words: string[] = [];
  let palette: boolean | undefined;
  let category = text(query.category);
  for (const token of tokens) {
    const param = /^(prefix|prefixes|palette|style|category)[:=](.*)$/.exec(token);
    if (param) {
      const [, key, value] = param;
      if (key === 'prefix' || key === 'prefixes') (prefixes ??= []).push(...value.split(',').filter((p) => p.length > 0));
      else if (key === 'palette') palette = value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : undefined;
      else if (key === 'category') category = value;
      continue;
    }
    const colon = token.indexOf(':');
    if (colon > 0) (prefixes ??= []).push(token.slice(0, colon));
    for (const word of token.slice(colon + 1).split('-')) if (word.length > 0) words.push(word);
  }
  const similar = text(query.similar);
  const partial = similar === 'false' || similar === '0' || similar === 'no' ? false : true;
  return { ok: true, value: { words: words.slice(0, MAX_WORDS), prefixes, category, limit, start, partial, palette } };
}

/** A word -> the other words of its synonym groups, and its other forms (colour: color). */
const synonymsOf = new Map<string, Set<string>>();
for (const group of [...synonymGroups.groups, ...wordFormGroups]) {
  for (const word of group) {
    const others = synonymsOf.get(word) ?? new Set<string>();
    for (const other of group) if (other !== word) others.add(other);
    synonymsOf.set(word, others);
  }
}

// How a query word matched a keyword: the ranking's first key, summed over the words.
const AS_TYPED = 8;
const WORD_FORM = 6;
const AS_PREFIX = 5;
const AS_SUFFIX = 4;
const SYNONYM = 4;
const TYPO = 2;
/** An icon named exactly what was typed (home in mdi is mdi:home). */
const EXACT_NAME = 3;
const OWN_NAME = 1;
/** Keywords of one word form looked at, at most (a short stem starts many). */
const MAX_FORM_SCAN = 400;

export function createIconSetSearch(repo: IconSetsRepo, sets: IconSetsService) {
  // Scratch arrays sized to the index, reused by every search (a search runs to its end
  // synchronously): each entry's score, its current word's best weight, the last word it matched,
  // the search that last touched it, and which words its own name (not an alias) matched.
  let score = new Float32Array(0);
  let wordScore = new Float32Array(0);
  let seenWord = new Int8Array(0);
  let seenSearch = new Int32Array(0);
  let ownWords = new Uint8Array(0);
  let searchId = 0;

  const index = reloadable(async () => {
    const searchable = (await sets.list()).filter((set) => set.info && !set.info.hidden);
    return buildNameIndex(searchable, async (set) => (await sets.listing(set)).listing as SetListing);
  });

  /** The index, with the scratch arrays sized to it. */
  async function current(): Promise<NameIndex> {
    const idx = await index.get();
    if (score.length !== idx.entryCount) {
      const size = idx.entryCount;
      score = new Float32Array(size);
      wordScore = new Float32Array(size);
      seenWord = new Int8Array(size);
      seenSearch = new Int32Array(size);
      ownWords = new Uint8Array(size);
    }
    return idx;
  }

  /** Keyword indexes starting with `start` and longer than it: [from, to). */
  function prefixRange(idx: NameIndex, start: string): [number, number] {
    let from = lowerBound(idx.keywords, start);
    if (idx.keywords[from] === start) from++;
    let to = from;
    while (to < idx.keywords.length && idx.keywords[to].startsWith(start)) to++;
    return [from, to];
  }

  /** Keywords of the word's form: same Porter stem (a stem is nearly always a keyword's start). */
  function sameForm(idx: NameIndex, word: string): number[] {
    const form = stemmer(word);
    if (form.length < 3) return [];
    const start = form.length >= 4 ? form.slice(0, -1) : form;
    const [from, to] = prefixRange(idx, start);
    const found: number[] = [];
    const at = keywordIndex(idx, start);
    if (at !== -1 && idx.stems[at] === form) found.push(at);
    for (let k = from; k < to && k - from < MAX_FORM_SCAN; k++) if (idx.stems[k] === form) found.push(k);
    return found;
  }

  /** The keywords a query word reaches (by index), each with how well it matches. */
  function variants(idx: NameIndex, word: string, last: boolean, partial: boolean): Map<number, number> {
    const reached = new Map<number, number>();
    const reach = (k: number, weight: number) => {
      if (k !== -1 && (reached.get(k) ?? 0) < weight) reached.set(k, weight);
    };
    reach(keywordIndex(idx, word), AS_TYPED);
    for (const k of sameForm(idx, word)) reach(k, WORD_FORM);
    if (last && partial && word.length >= MIN_PARTIAL) {
      const [from, to] = prefixRange(idx, word);
      for (let k = from; k < to; k++) reach(k, AS_PREFIX);
      for (const k of endingWith(idx, word)) reach(k, AS_SUFFIX);
    }
    for (const synonym of synonymsOf.get(word) ?? []) {
      reach(keywordIndex(idx, synonym), SYNONYM);
      for (const k of sameForm(idx, synonym)) reach(k, SYNONYM);
    }
    if (reached.size === 0 && word.length >= 4) for (const k of oneTypoAway(idx, word)) reach(k, TYPO);
    return reached;
  }

  /** Keyword indexes ending with `end` and longer than it (typing "cal" finds local too). */
  function endingWith(idx: NameIndex, end: string): number[] {
    const reversed = [...end].reverse().join('');
    const lo = lowerBound(idx.reversed, reversed);
    const found: number[] = [];
    for (let i = lo; i < idx.reversed.length && idx.reversed[i].startsWith(reversed); i++) if (idx.reversed[i] !== reversed) found.push(idx.reversedKeyword[i]);
    return found;
  }

  /** Keywords one edit (insert, delete, substitute, swap) from `word`, sharing its first letter. */
  function oneTypoAway(idx: NameIndex, word: string): number[] {
    const found: number[] = [];
    for (let k = lowerBound(idx.keywords, word[0]); k < idx.keywords.length && idx.keywords[k][0] === word[0]; k++) {
      const keyword = idx.keywords[k];
      if (Math.abs(keyword.length - word.length) <= 1 && withinOneEdit(word, keyword)) found.push(k);
    }
    return found;
  }

  return {
    /** Drops the index (sets changed): rebuilt at the next search. */
    drop(): void {
      index.drop();
    },
    /** Builds the index now (after a start, so that the first search finds it). */
    warm: async (): Promise<void> => void (await current()),

    async search(params: SearchParams): Promise<{ names: string[]; prefixes: string[] }> {
      const idx = await current();
      const words = params.words.filter((word) => WORD.test(word));
      if (words.length === 0 || words.length !== params.words.length) return { names: [], prefixes: [] };
      // "mdi home": a first word that is a set's prefix may name the set (as Iconify reads it) or
      // be a word of the names: icons of that set come first, then the rest.
      if (words.length > 1 && !params.prefixes && !params.firstWordIsWord && idx.sets.some((set) => set.prefix === words[0])) {
        const inSet = await this.search({ ...params, words: words.slice(1), prefixes: [words[0]] });
        const asWord = await this.search({ ...params, firstWordIsWord: true });
        const names = [...new Set([...inSet.names, ...asWord.names])].slice(0, params.limit);
        return { names, prefixes: [...new Set(names.map((name) => name.slice(0, name.indexOf(':'))))] };
      }
      const allowed = allowedSets(idx, params.prefixes, params.palette);
      const id = ++searchId;
      // Every word must match: an entry stays a candidate while it has matched each word so far.
      let candidates: number[] = [];
      const reachedByWord: Map<number, number>[] = [];
      for (let w = 0; w < words.length; w++) {
        const reached = variants(idx, words[w], w === words.length - 1, params.partial);
        reachedByWord.push(reached);
        if (reached.size === 0) return { names: [], prefixes: [] };
        const next: number[] = [];
        const bit = 1 << w;
        for (const [k, weight] of reached) {
          for (let i = idx.postingStart[k]; i < idx.postingStart[k + 1]; i++) {
            const value = idx.postings[i];
            const own = value >= 0;
            const entry = own ? value : ~value;
            if (w === 0) {
              if (seenSearch[entry] !== id) {
                if (allowed && !allowed.has(idx.entrySet[entry])) continue;
                seenSearch[entry] = id;
                seenWord[entry] = 0;
                wordScore[entry] = weight;
                score[entry] = weight;
                ownWords[entry] = own ? bit : 0;
                next.push(entry);
              } else {
                if (wordScore[entry] < weight) {
                  score[entry] += weight - wordScore[entry];
                  wordScore[entry] = weight;
                }
                if (own) ownWords[entry] |= bit;
              }
              continue;
            }
            if (seenSearch[entry] !== id) continue;
            if (seenWord[entry] === w - 1) {
              seenWord[entry] = w;
              wordScore[entry] = weight;
              score[entry] += weight;
              if (own) ownWords[entry] |= bit;
              next.push(entry);
            } else if (seenWord[entry] === w) {
              // A better keyword for this word: only the best one counts.
              if (wordScore[entry] < weight) {
                score[entry] += weight - wordScore[entry];
                wordScore[entry] = weight;
              }
              if (own) ownWords[entry] |= bit;
            }
          }
        }
        candidates = next;
        if (candidates.length === 0) return { names: [], prefixes: [] };
      }
      const allWords = (1 << words.length) - 1;
      // Named as typed (word forms and a typo count): as many name parts as words, each reached by its word.
      const namedAs = (name: string) => {
        const parts = name.split('-');
        return parts.length === words.length && parts.every((part, i) => reachedByWord[i].has(keywordIndex(idx, part)));
      };
      // One number per candidate orders it as the ranking does (score, then fewer name parts, then
      // a shorter name); the best `limit` are found on those numbers alone (a typed-array sort),
      // and only they are ordered in full: a two-letter prefix reaches tens of thousands of icons.
      const keys = new Float64Array(candidates.length);
      for (let i = 0; i < candidates.length; i++) {
        const entry = candidates[i];
        let bonus = 0;
        // An icon whose own name holds every word ranks above one found only through an alias.
        if (ownWords[entry] === allWords) bonus += OWN_NAME + (idx.entryParts[entry] === words.length && namedAs(nameOf(idx, entry)) ? EXACT_NAME : 0);
        else if (idx.aliasStart[entry + 1] > idx.aliasStart[entry] && aliasesOf(idx, entry).some(namedAs)) bonus += EXACT_NAME;
        keys[i] = (score[entry] + bonus) * 1e6 - idx.entryParts[entry] * 1e3 - Math.min(idx.nameStart[entry + 1] - idx.nameStart[entry], 999);
      }
      const wanted = params.category ? candidates.length : Math.min(params.limit, candidates.length);
      const threshold = wanted === candidates.length ? -Infinity : Float64Array.from(keys).sort()[candidates.length - wanted];
      const ranked: { entry: number; key: number }[] = [];
      for (let i = 0; i < candidates.length; i++) if (keys[i] >= threshold) ranked.push({ entry: candidates[i], key: keys[i] });
      ranked.sort((a, b) => b.key - a.key || a.entry - b.entry);
      const chosen = params.category ? await inCategory(idx, ranked, params.category, params.limit) : ranked.slice(0, params.limit);
      const prefixes = new Set<string>();
      const names = chosen.map(({ entry }) => {
        const prefix = idx.sets[idx.entrySet[entry]].prefix;
        prefixes.add(prefix);
        return `${prefix}:${nameMatching(idx, entry, words)}`;
      });
      return { names, prefixes: [...prefixes] };
    },

    /** /keywords: keywords starting with `test` (and, for `keyword`, ending with it). */
    async keywords(given: string, suffixes: boolean): Promise<{ invalid?: true; exists: boolean; matches: string[] }> {
      const idx = await current();
      let test = given.toLowerCase().trim();
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(test)) return { invalid: true, exists: false, matches: [] };
      const parts = test.split('-');
      if (parts.length > 1) {
        test = parts.pop()!;
        suffixes = false;
        if (parts.some((part) => keywordIndex(idx, part) === -1)) return { exists: false, matches: [] };
      }
      const exists = keywordIndex(idx, test) !== -1;
      if (test.length < MIN_PARTIAL) return { exists, matches: [] };
      const byLength = (a: string, b: string) => a.length - b.length || a.localeCompare(b);
      const [from, to] = prefixRange(idx, test);
      const starting = idx.keywords.slice(from, to).sort(byLength);
      const ending = suffixes ? idx.keywords.filter((k) => k.length > test.length && k.endsWith(test) && !k.startsWith(test)).sort(byLength) : [];
      return { exists, matches: [...starting, ...ending] };
    },
  };

  /** The entries of `category` among the ranked, up to `limit` (the sets' listings say which). */
  async function inCategory(idx: NameIndex, ranked: { entry: number }[], category: string, limit: number) {
    const members = new Map<number, Set<string>>();
    const chosen: { entry: number }[] = [];
    for (const item of ranked) {
      const setIndex = idx.entrySet[item.entry];
      let names = members.get(setIndex);
      if (!names) {
        const row = await repo.listing(idx.sets[setIndex].id);
        const listing = JSON.parse(row?.listing ?? '{}') as SetListing;
        members.set(setIndex, (names = new Set(listing.categories?.[category] ?? [])));
      }
      if (names.has(nameOf(idx, item.entry))) chosen.push(item);
      if (chosen.length >= limit) break;
    }
    return chosen;
  }
}

/** The set indexes a search may answer from; null for all. */
function allowedSets(idx: NameIndex, prefixes: string[] | undefined, palette: boolean | undefined): Set<number> | null {
  if (!prefixes && palette === undefined) return null;
  const allowed = new Set<number>();
  idx.sets.forEach((set, i) => {
    if (prefixes && !inPrefixFilter(set.prefix, prefixes)) return;
    if (palette !== undefined && set.palette !== palette) return;
    allowed.add(i);
  });
  return allowed;
}

/** The entry's name, or the alias's when only an alias holds every word as typed. */
function nameMatching(idx: NameIndex, entry: number, words: string[]): string {
  const name = nameOf(idx, entry);
  const holds = (candidate: string) => {
    const parts = candidate.split('-');
    return words.every((word) => parts.includes(word));
  };
  if (holds(name)) return name;
  return aliasesOf(idx, entry).find(holds) ?? name;
}

function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === b.length) {
    let first = -1;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      if (first === -1) first = i;
      else if (i === first + 1 && a[first] === b[i] && a[i] === b[first]) return a.slice(i + 1) === b.slice(i + 1);
      else return false;
    }
    return true;
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}

export type IconSetSearch = ReturnType<typeof createIconSetSearch>;
