// The Iconify API's /search and /keywords over the one search engine (server/search/icon-search.ts):
// the parameters read as the Iconify API reads them, the answer in its shape. Meaning is a
// superset of Iconify's: what its search finds by name parts, this finds too, ranked by meaning.
import type { IconHit, IconSearch } from '../search/icon-search.ts';
import { text } from './query-values.ts';

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
  // An empty parameter is none, as the Iconify API reads them (`prefixes=` searches every set).
  const prefixList = text(query.prefixes) || text(query.prefix) || text(query.collection);
  let prefixes = prefixList?.split(',').filter((p) => p.length > 0);
  // The query's own parameters, as Iconify's search reads them: "prefix:mdi", "palette=false",
  // "style:fill" (icon styles are not kept here: every icon passes), and "mdi:home" (a set and a word).
  const tokens = keyword.toLowerCase().trim().split(/[\s,]+/).filter((t) => t.length > 0);
  const words: string[] = [];
  let palette: boolean | undefined;
  let category = text(query.category) || undefined;
  for (const token of tokens) {
    const param = /^(prefix|prefixes|palette|style|category)[:=](.*)$/.exec(token);
    if (param) {
      const [, key, value] = param;
      if (key === 'prefix' || key === 'prefixes') (prefixes ??= []).push(...value.split(',').filter((p) => p.length > 0));
      else if (key === 'palette') palette = value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : undefined;
      else if (key === 'category') category = value || undefined;
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

export function createIconSetSearch(engine: IconSearch) {
  return {
    /** Drops the index (sets changed): rebuilt at the next search. */
    drop: (): void => engine.drop(),
    /** Builds the index now (after a start, so that the first search finds it). */
    warm: (): Promise<void> => engine.warm(),

    async search(params: SearchParams): Promise<{ names: string[]; prefixes: string[] }> {
      const { words } = params;
      if (words.length === 0) return { names: [], prefixes: [] };
      // "mdi home": a first word that is a set's prefix may name the set (as Iconify reads it) or
      // be a word of the names: icons of that set come first, then the rest.
      if (words.length > 1 && !params.prefixes && !params.firstWordIsWord && (await engine.isPrefix(words[0]))) {
        const inSet = await this.search({ ...params, words: words.slice(1), prefixes: [words[0]] });
        const asWord = await this.search({ ...params, firstWordIsWord: true });
        const names = [...new Set([...inSet.names, ...asWord.names])].slice(0, params.limit);
        return { names, prefixes: [...new Set(names.map((name) => name.slice(0, name.indexOf(':'))))] };
      }
      const found = await engine.find({ query: words.join(' '), prefixes: params.prefixes, category: params.category, palette: params.palette, limit: params.limit, endings: params.partial });
      // One loop, no callback a hit: this step was a fifth of what a search allocated.
      const names: string[] = new Array(found.icons.length);
      const prefixes = new Set<string>();
      for (let i = 0; i < found.icons.length; i++) {
        const icon = found.icons[i];
        names[i] = `${icon.prefix}:${nameMatching(icon, words)}`;
        prefixes.add(icon.prefix);
      }
      return { names, prefixes: [...prefixes] };
    },

    /** /keywords: words of icon names starting with `given` (and, for `keyword`, ending with it). */
    async keywords(given: string, suffixes: boolean): Promise<{ invalid?: true; exists: boolean; matches: string[] }> {
      let test = given.toLowerCase().trim();
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(test)) return { invalid: true, exists: false, matches: [] };
      const parts = test.split('-');
      if (parts.length > 1) {
        test = parts.pop()!;
        suffixes = false;
        for (const part of parts) if (!(await engine.isNameWord(part))) return { exists: false, matches: [] };
      }
      const { exists, starting, ending } = await engine.nameWords(test, suffixes);
      if (test.length < MIN_PARTIAL) return { exists, matches: [] };
      return { exists, matches: [...starting, ...ending] };
    },
  };
}

/** The icon's name, or an alias's when only an alias holds every word as typed (house: mdi:house, an alias of mdi:home). */
function nameMatching(icon: IconHit, words: string[]): string {
  if (holdsEvery(icon.name, words)) return icon.name;
  for (const alias of icon.aliases) if (holdsEvery(alias, words)) return alias;
  return icon.name;
}

function holdsEvery(candidate: string, words: string[]): boolean {
  for (const word of words) if (!hasPart(candidate, word)) return false;
  return true;
}

/**
 * Whether `part` (a word, without hyphens) is one of the hyphen-joined parts of `name`, without
 * splitting it: each answer's icons were split into arrays of strings, one of the larger parts of
 * what a search's answer allocated.
 */
function hasPart(name: string, part: string): boolean {
  if (part.length === 0) return false;
  for (let at = name.indexOf(part); at !== -1; at = name.indexOf(part, at + 1)) {
    const end = at + part.length;
    if ((at === 0 || name.charCodeAt(at - 1) === HYPHEN) && (end === name.length || name.charCodeAt(end) === HYPHEN)) return true;
  }
  return false;
}
const HYPHEN = 0x2d;

export type IconSetSearch = ReturnType<typeof createIconSetSearch>;
