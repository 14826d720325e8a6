// Search across every open icon set (the Iconify API's /search and /keywords). Icon names are the
// only words the sets carry: each name splits at its hyphens into keywords (arrow-left-bold:
// arrow, left, bold). A query's words must all match, each as typed, by its word form (houses ~
// house), through a synonym (ui-synonyms.json, as in Font Awesome search), the last one also as a
// prefix of a keyword (typing "hoa" finds hoard), and a word that matches nothing that way by one
// typo. Ranked: how each word matched, then an icon named exactly what was typed, then shorter
// names, then the sets' order.
//
// The index is built from the sets' listings (their visible icons and aliases) at the first search
// and dropped when sets change. Per-entry state lives in typed arrays, so a search over 379k icons
// touches only the postings of its words.
import { stemmer } from 'stemmer';
import synonymGroups from '../search/ui-synonyms.json' with { type: 'json' };
import type { IconSetsRepo } from './icon-sets.repo.ts';
import type { IconSetsService } from './icon-sets.service.ts';

export interface SearchParams {
  /** Query words, lowercase; a word joined by hyphens must match as one name part sequence. */
  words: string[];
  /** Sets searched: exact prefixes and prefixes ending in "-" (every set starting so); all when absent. */
  prefixes?: string[];
  category?: string;
  limit: number;
  start: number;
  /** Whether the last word may match as the start of a keyword (`similar`, on by default). */
  partial: boolean;
}

export const MIN_LIMIT = 32;
export const MAX_LIMIT = 999;
export const DEFAULT_LIMIT = 64;
/** Longer queries are refused (400): no icon name is near this long. */
export const MAX_QUERY_LENGTH = 256;
const MAX_WORDS = 8;
const WORD = /^[a-z0-9]+$/;
const MIN_PARTIAL = 2;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined);

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
  // "mdi:home": a set and a word.
  const tokens = keyword.toLowerCase().trim().split(/[\s,]+/).filter((t) => t.length > 0);
  const words: string[] = [];
  for (const token of tokens) {
    const colon = token.indexOf(':');
    if (colon > 0) (prefixes ??= []).push(token.slice(0, colon));
    for (const word of token.slice(colon + 1).split('-')) if (word.length > 0) words.push(word);
  }
  const similar = text(query.similar);
  const partial = similar === 'false' || similar === '0' || similar === 'no' ? false : true;
  return { ok: true, value: { words: words.slice(0, MAX_WORDS), prefixes, category: text(query.category), limit, start, partial } };
}

/** A word -> the other words of its synonym groups. */
const synonymsOf = new Map<string, Set<string>>();
for (const group of synonymGroups.groups) {
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
const SYNONYM = 4;
const TYPO = 2;
/** An icon named exactly what was typed (home in mdi is mdi:home). */
const EXACT_NAME = 3;
const OWN_NAME = 1;

interface Index {
  sets: { prefix: string; id: number }[];
  /** Per entry: its set (index into `sets`), its name, how many keywords its name has. */
  entrySet: Uint16Array;
  entryName: string[];
  entryParts: Uint8Array;
  /** Keyword -> the entries whose names (or aliases) hold it, ascending. */
  postings: Map<string, Int32Array>;
  /** Every keyword, sorted: prefix matches are a range. */
  sorted: string[];
  /** Word form (Porter stem) -> keywords of that form. */
  forms: Map<string, string[]>;
  /** Aliases of entries, by entry: a search may match the alias's words and answer its name. */
  aliases: Map<number, string[]>;
}

export function createIconSetSearch(repo: IconSetsRepo, sets: IconSetsService) {
  let index: Index | null = null;
  let building: Promise<Index> | null = null;
  // Scratch arrays sized to the index, reused by every search (a search runs to its end synchronously).
  let score = new Float64Array(0);
  let wordScore = new Float64Array(0);
  let seenWord = new Int16Array(0);
  let searchId = 0;
  let seenSearch = new Int32Array(0);

  async function build(): Promise<Index> {
    const all = (await sets.list()).filter((set) => set.info && !set.info.hidden);
    const listings = new Map((await repo.listings()).map((row) => [row.id, row.listing]));
    const entrySet: number[] = [];
    const entryName: string[] = [];
    const entryParts: number[] = [];
    const lists = new Map<string, number[]>();
    const aliases = new Map<number, string[]>();
    const add = (keyword: string, entry: number) => {
      const list = lists.get(keyword);
      if (!list) lists.set(keyword, [entry]);
      else if (list[list.length - 1] !== entry) list.push(entry);
    };
    all.forEach((set, setIndex) => {
      const listing = JSON.parse(listings.get(set.id) ?? '{}') as { uncategorized?: string[]; categories?: Record<string, string[]>; aliases?: Record<string, string> };
      const entryOf = new Map<string, number>();
      for (const name of [...(listing.uncategorized ?? []), ...Object.values(listing.categories ?? {}).flat()]) {
        if (entryOf.has(name)) continue;
        const entry = entryName.length;
        entryOf.set(name, entry);
        entrySet.push(setIndex);
        entryName.push(name);
        const parts = name.split('-');
        entryParts.push(Math.min(parts.length, 255));
        for (const part of parts) add(part, entry);
      }
      for (const [alias, target] of Object.entries(listing.aliases ?? {})) {
        const entry = entryOf.get(target);
        if (entry === undefined) continue; // an alias of a hidden icon
        (aliases.get(entry) ?? aliases.set(entry, []).get(entry)!).push(alias);
        for (const part of alias.split('-')) add(part, entry);
      }
    });
    const postings = new Map<string, Int32Array>();
    const forms = new Map<string, string[]>();
    for (const [keyword, list] of lists) {
      // Aliases add their entries out of order: postings are kept ascending.
      postings.set(keyword, Int32Array.from(new Set(list)).sort());
      const form = stemmer(keyword);
      (forms.get(form) ?? forms.set(form, []).get(form)!).push(keyword);
    }
    const sorted = [...postings.keys()].sort();
    const size = entryName.length;
    score = new Float64Array(size);
    wordScore = new Float64Array(size);
    seenWord = new Int16Array(size);
    seenSearch = new Int32Array(size);
    return { sets: all.map((set) => ({ prefix: set.prefix, id: set.id })), entrySet: Uint16Array.from(entrySet), entryName, entryParts: Uint8Array.from(entryParts), postings, sorted, forms, aliases };
  }

  async function current(): Promise<Index> {
    if (index) return index;
    building ??= build().then(
      (built) => ((index = built), (building = null), built),
      (error: unknown) => {
        building = null;
        throw error;
      },
    );
    return building;
  }

  /** Keywords starting with `start`, longer than it. */
  function withPrefix(idx: Index, start: string): string[] {
    let lo = 0;
    let hi = idx.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (idx.sorted[mid] < start) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < idx.sorted.length && idx.sorted[i].startsWith(start); i++) if (idx.sorted[i] !== start) found.push(idx.sorted[i]);
    return found;
  }

  /** The keywords a query word reaches, each with how well it matches. */
  function variants(idx: Index, word: string, last: boolean, partial: boolean): Map<string, number> {
    const reached = new Map<string, number>();
    const reach = (keyword: string, weight: number) => {
      if (idx.postings.has(keyword) && (reached.get(keyword) ?? 0) < weight) reached.set(keyword, weight);
    };
    reach(word, AS_TYPED);
    for (const keyword of idx.forms.get(stemmer(word)) ?? []) reach(keyword, WORD_FORM);
    if (last && partial && word.length >= MIN_PARTIAL) for (const keyword of withPrefix(idx, word)) reach(keyword, AS_PREFIX);
    for (const synonym of synonymsOf.get(word) ?? []) {
      reach(synonym, SYNONYM);
      for (const keyword of idx.forms.get(stemmer(synonym)) ?? []) reach(keyword, SYNONYM);
    }
    if (reached.size === 0 && word.length >= 4) for (const keyword of oneTypoAway(idx, word)) reach(keyword, TYPO);
    return reached;
  }

  /** Keywords one edit (insert, delete, substitute, swap) from `word`, sharing its first letter. */
  function oneTypoAway(idx: Index, word: string): string[] {
    const found: string[] = [];
    let lo = 0;
    let hi = idx.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (idx.sorted[mid] < word[0]) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < idx.sorted.length && idx.sorted[i][0] === word[0]; i++) {
      const keyword = idx.sorted[i];
      if (Math.abs(keyword.length - word.length) <= 1 && withinOneEdit(word, keyword)) found.push(keyword);
    }
    return found;
  }

  return {
    /** Drops the index (sets changed): rebuilt at the next search. */
    drop(): void {
      index = null;
    },
    /** Builds the index now (after a start, so that the first search finds it). */
    warm: async (): Promise<void> => void (await current()),

    async search(params: SearchParams): Promise<{ names: string[]; prefixes: string[] }> {
      const idx = await current();
      const words = params.words.filter((word) => WORD.test(word));
      if (words.length === 0 || words.length !== params.words.length) return { names: [], prefixes: [] };
      const allowed = allowedSets(idx, params.prefixes);
      const id = ++searchId;
      // Every word must match: an entry stays a candidate while it has matched each word so far.
      let candidates: number[] = [];
      const reachedByWord: Map<string, number>[] = [];
      for (let w = 0; w < words.length; w++) {
        const reached = variants(idx, words[w], w === words.length - 1, params.partial);
        reachedByWord.push(reached);
        if (reached.size === 0) return { names: [], prefixes: [] };
        const next: number[] = [];
        for (const [keyword, weight] of reached) {
          const list = idx.postings.get(keyword)!;
          for (let i = 0; i < list.length; i++) {
            const entry = list[i];
            if (w === 0) {
              if (seenSearch[entry] !== id) {
                if (allowed && !allowed.has(idx.entrySet[entry])) continue;
                seenSearch[entry] = id;
                seenWord[entry] = 0;
                wordScore[entry] = weight;
                score[entry] = weight;
                next.push(entry);
              } else if (wordScore[entry] < weight) {
                score[entry] += weight - wordScore[entry];
                wordScore[entry] = weight;
              }
              continue;
            }
            if (seenSearch[entry] !== id) continue;
            if (seenWord[entry] === w - 1) {
              seenWord[entry] = w;
              wordScore[entry] = weight;
              score[entry] += weight;
              next.push(entry);
            } else if (seenWord[entry] === w && wordScore[entry] < weight) {
              // A better keyword for this word: only the best one counts.
              score[entry] += weight - wordScore[entry];
              wordScore[entry] = weight;
            }
          }
        }
        candidates = next;
        if (candidates.length === 0) return { names: [], prefixes: [] };
      }
      // Named as typed (word forms and a typo count): as many name parts as words, each reached by its word.
      const namedAs = (name: string) => {
        const parts = name.split('-');
        return parts.length === words.length && parts.every((part, i) => reachedByWord[i].has(part));
      };
      // An icon whose own name holds every word ranks above one found only through an alias.
      const ownName = (entry: number) => {
        const parts = idx.entryName[entry].split('-');
        return reachedByWord.every((reached) => parts.some((part) => reached.has(part))) ? OWN_NAME : 0;
      };
      const ranked = candidates.map((entry) => ({
        entry,
        score: score[entry] + ownName(entry) + (namedAs(idx.entryName[entry]) || idx.aliases.get(entry)?.some(namedAs) ? EXACT_NAME : 0),
      }));
      ranked.sort(
        (a, b) =>
          b.score - a.score ||
          idx.entryParts[a.entry] - idx.entryParts[b.entry] ||
          idx.entryName[a.entry].length - idx.entryName[b.entry].length ||
          a.entry - b.entry,
      );
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
      let failed = false;
      const parts = test.split('-');
      if (parts.length > 1) {
        test = parts.pop()!;
        suffixes = false;
        failed = parts.some((part) => !idx.postings.has(part));
      }
      if (failed) return { exists: false, matches: [] };
      const exists = idx.postings.has(test);
      if (test.length < MIN_PARTIAL) return { exists, matches: [] };
      const byLength = (a: string, b: string) => a.length - b.length || a.localeCompare(b);
      const starting = withPrefix(idx, test).sort(byLength);
      const ending = suffixes ? idx.sorted.filter((k) => k.length > test.length && k.endsWith(test) && !k.startsWith(test)).sort(byLength) : [];
      return { exists, matches: [...starting, ...ending] };
    },
  };

  /** The entries of `category` among the ranked, up to `limit` (the sets' listings say which). */
  async function inCategory(idx: Index, ranked: { entry: number }[], category: string, limit: number) {
    const members = new Map<number, Set<string>>();
    const chosen: { entry: number }[] = [];
    for (const item of ranked) {
      const setIndex = idx.entrySet[item.entry];
      let names = members.get(setIndex);
      if (!names) {
        const row = await repo.listing(idx.sets[setIndex].id);
        const listing = JSON.parse(row?.listing ?? '{}') as { categories?: Record<string, string[]> };
        members.set(setIndex, (names = new Set(listing.categories?.[category] ?? [])));
      }
      if (names.has(idx.entryName[item.entry])) chosen.push(item);
      if (chosen.length >= limit) break;
    }
    return chosen;
  }
}

/** The set indexes a search may answer from; null for all. */
function allowedSets(idx: Index, prefixes: string[] | undefined): Set<number> | null {
  if (!prefixes) return null;
  const allowed = new Set<number>();
  idx.sets.forEach((set, i) => {
    if (prefixes.some((p) => (p.endsWith('-') ? set.prefix.startsWith(p) : set.prefix === p))) allowed.add(i);
  });
  return allowed;
}

/** The entry's name, or the alias's when only an alias holds every word as typed. */
function nameMatching(idx: Index, entry: number, words: string[]): string {
  const name = idx.entryName[entry];
  const holds = (candidate: string) => {
    const parts = candidate.split('-');
    return words.every((word) => parts.includes(word));
  };
  if (holds(name)) return name;
  return idx.aliases.get(entry)?.find(holds) ?? name;
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
