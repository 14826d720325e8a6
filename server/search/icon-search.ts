// Search over every icon: the open sets and Font Awesome's (fa7-solid ...), in one index of the one
// engine (open-sets-index.ts, search-index.ts). The Iconify API's /search and /keywords, the icon
// browser and the MCP server's search tool all ask it. The index is built after a start (and at the
// first search before that), and dropped when sets or releases change.
import { LRUCache } from 'lru-cache';
import { createSeenOnce } from '../http/seen-once.ts';
import { inPrefixFilter } from '../iconify/query-values.ts';
import { reloadable } from '../iconify/reloadable.ts';
import type { IconSetsService } from '../iconify/icon-sets.service.ts';
import type { ReleasesService } from '../releases/releases.service.ts';
import { fontAwesomeMeanings } from './font-awesome-meanings.ts';
import { indexKey, isIndexFileOf, readIndexFile, writeIndexFile } from './index-file.ts';
import { buildOpenSetsIndex, type Meaning, type OpenSetsIndex, type SetListing } from './open-sets-index.ts';
import type { SearchRepo } from './search.repo.ts';
import { readSetWords } from './set-words.ts';
import type { Logger } from 'pino';

export interface IconQuery {
  query: string;
  /** Sets searched: exact prefixes, and prefixes ending in "-" (every set starting so); all when absent. */
  prefixes?: readonly string[];
  /**
   * As the Iconify API reads it, a set's category (its info's: "Material", "UI 24px"): only those
   * sets. Else a category of the sets' own listings (mdi's "Home"): only icons it lists.
   */
  category?: string;
  /** Only sets whose info says palette true (colours of their own) or false (currentColor). */
  palette?: boolean;
  limit: number;
  /** Say why each icon matched ("settings → cog"). */
  explain?: boolean;
  /** The last word also finds the name words it ends ("cal": local), as the Iconify API's search does. */
  endings?: boolean;
}

export interface IconHit {
  /** The Iconify id, prefix:name. */
  id: string;
  prefix: string;
  name: string;
  /** Other names of the same icon in its set. */
  aliases: readonly string[];
  why?: string[];
}

export interface IconSearchDeps {
  sets: IconSetsService;
  repo: SearchRepo;
  releases: ReleasesService;
  logger?: Logger;
  /** Where the index is kept between starts (beside a SQLite file); none: built at every start. */
  indexFile?: string;
  /** Bytes of ranked results kept (SEARCH_CACHE_MB). */
  resultsBytes?: number;
}

/** A search's ranked icons as kept: the index's documents, and how many matched. */
interface Kept {
  built: OpenSetsIndex;
  documents: Int32Array;
  total: number;
}

/** Answers remembered as asked once (a hash each: 64 KB). */
const SEEN_ONCE_SLOTS = 16_384;

export function createIconSearch({ sets, repo, releases, logger, indexFile, resultsBytes = 2 * 1024 * 1024 }: IconSearchDeps) {
  // A picker's box sends what people type, and people type the same starts ("acco", "arro"): the
  // ranked documents of a query are kept from the second time it is asked (a query asked once, as
  // most sentences are, would only push out the others), for the index they were ranked in.
  const results = new LRUCache<string, Kept>({ maxSize: resultsBytes, sizeCalculation: (kept, key) => 64 + key.length * 2 + kept.documents.byteLength });
  const secondTime = createSeenOnce(SEEN_ONCE_SLOTS);
  /** The ranked documents of `query`, kept or found now. */
  const rank = (built: OpenSetsIndex, query: IconQuery): { documents: ArrayLike<number>; total: number; why?: string[][] } => {
    if (query.explain) return built.index.find(query.query, { limit: query.limit, allowed: filterOf(built, query), explain: true, endings: query.endings, setCount: built.sets.length });
    // Every filter as given: an empty list of sets (or an empty category) finds nothing, and must
    // not be kept where the same query without it would read it.
    const key = JSON.stringify([query.limit, query.endings === true, query.palette, query.category, query.prefixes, query.query]);
    const kept = results.get(key);
    if (kept?.built === built) return kept;
    const found = built.index.find(query.query, { limit: query.limit, allowed: filterOf(built, query), endings: query.endings, setCount: built.sets.length });
    if (secondTime(key)) results.set(key, { built, documents: Int32Array.from(found.documents), total: found.total });
    return found;
  };
  /** The sets searched, the release lending meanings, and the key of an index built from them. */
  const sources = async () => {
    const searchable = (await sets.list()).filter((set) => set.info && !set.info.hidden);
    if (!releases.loaded()) await releases.refresh();
    const latest = releases.list().find((release) => release.isLatest);
    return { searchable, latest, key: indexKey(searchable, latest && `${latest.id} ${latest.version}`) };
  };
  /** The kept file's writing, when the index was built (seed add waits for it). */
  let written: Promise<void> | undefined;
  const index = reloadable(async (): Promise<OpenSetsIndex> => {
    const started = performance.now();
    const { searchable, latest, key } = await sources();
    const byPrefix = new Map(searchable.map((set) => [set.prefix, set]));
    const kept = indexFile ? await readIndexFile(indexFile, key).catch((error: unknown) => void logger?.warn({ err: error, file: indexFile }, 'the kept search index could not be read: building it')) : undefined;
    if (kept) {
      logger?.info({ icons: kept.index.documentCount, sets: kept.sets.length, ms: Math.round(performance.now() - started), file: indexFile }, 'search index of every icon read');
      return kept;
    }
    const meanings = latest ? await fontAwesomeMeanings(repo, latest.id) : new Map<string, Meaning>();
    const indexed = searchable.map((set) => ({
      prefix: set.prefix,
      category: set.info?.category,
      palette: set.info?.palette === true,
      logos: set.info?.category === 'Logos' || set.prefix.endsWith('-brands'),
    }));
    const built = await buildOpenSetsIndex(indexed, async (set) => (await sets.listing(byPrefix.get(set.prefix)!)).listing as SetListing, meanings, readSetWords(indexed.map((set) => set.prefix)));
    logger?.info({ icons: built.index.documentCount, sets: built.sets.length, ms: Math.round(performance.now() - started) }, 'search index of every icon built');
    if (indexFile) written = writeIndexFile(indexFile, key, built).catch((error: unknown) => void logger?.warn({ err: error, file: indexFile }, 'the search index could not be kept for the next start'));
    return built;
  });

  /** Which documents a query's filters let answer; undefined: all. */
  function filterOf(built: OpenSetsIndex, query: IconQuery): ((document: number) => boolean) | undefined {
    const { prefixes, palette, category } = query;
    if (!prefixes && palette === undefined && category === undefined) return undefined;
    const ofSets = category !== undefined && built.sets.some((set) => set.category === category);
    const setAllowed = Uint8Array.from(built.sets, (set) =>
      (!prefixes || inPrefixFilter(set.prefix, prefixes)) && (palette === undefined || set.palette === palette) && (!ofSets || set.category === category) ? 1 : 0,
    );
    if (category === undefined || ofSets) return (document) => setAllowed[built.documentSet[document]] === 1;
    // A category neither a set nor a listing has finds nothing, as the Iconify API answers it.
    const categoryId = built.categories.indexOf(category);
    if (categoryId === -1) return () => false;
    return (document) => setAllowed[built.documentSet[document]] === 1 && built.documentCategory[document] === categoryId;
  }

  return {
    /** Drops the index (sets or releases changed): rebuilt at the next search. */
    drop: (): void => {
      index.drop();
      results.clear();
    },
    /** Bytes of kept results, counted against their budget. */
    resultsBytes: (): number => results.calculatedSize,
    /** Builds the index now (after a start, so that the first search finds it). */
    warm: async (): Promise<void> => void (await index.get()),
    /** Whether the index is kept in its file for what is loaded now: then reading it is quick (before listening). */
    isKept: async (): Promise<boolean> => indexFile !== undefined && (await isIndexFileOf(indexFile, (await sources()).key)),
    /** Builds the index and keeps it in its file (seed add: the next start reads it). */
    async keep(): Promise<void> {
      await index.get();
      await written;
    },
    /** Whether `word` is the prefix of a set searched (without a list of them all each time). */
    isPrefix: async (word: string): Promise<boolean> => (await index.get()).sets.some((set) => set.prefix === word),

    /** The icons matching `query`, best first, and how many matched. */
    async find(query: IconQuery): Promise<{ total: number; icons: IconHit[] }> {
      const built = await index.get();
      const found = rank(built, query);
      // A loop, and `why` set only when asked: a spread of an empty object a hit, and Array.from's
      // callback, were half of what a search of 64 icons allocated here.
      const icons: IconHit[] = new Array(found.documents.length);
      for (let i = 0; i < found.documents.length; i++) {
        const document = found.documents[i];
        const prefix = built.sets[built.documentSet[document]].prefix;
        const name = built.index.nameOf(document);
        const hit: IconHit = { id: `${prefix}:${name}`, prefix, name, aliases: built.index.aliasesOf(document) };
        if (found.why) hit.why = found.why[i];
        icons[i] = hit;
      }
      return { total: found.total, icons };
    },

    /** Words of icon names starting with `start` (and, with `endings`, ending with it), shortest first; and whether it is one. */
    async nameWords(start: string, endings: boolean): Promise<{ exists: boolean; starting: string[]; ending: string[] }> {
      const { index: engine } = await index.get();
      const byLength = (a: string, b: string) => a.length - b.length || a.localeCompare(b);
      const starting = engine.nameWordsStarting(start).filter((word) => word !== start).sort(byLength);
      const ending = endings ? engine.nameWordsEnding(start).filter((word) => !word.startsWith(start)).sort(byLength) : [];
      return { exists: engine.isNameWord(start), starting, ending };
    },

    /** Whether `word` is a word of some icon's name. */
    isNameWord: async (word: string): Promise<boolean> => (await index.get()).index.isNameWord(word),
  };
}

export type IconSearch = ReturnType<typeof createIconSearch>;
