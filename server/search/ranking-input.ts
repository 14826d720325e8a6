// What a ranking reads of an index and of a query: search-index.ts matches a query's words, and
// a ranking orders what matched (coverage-ranking.ts: words add up, over every open set's names
// and over a release's icons when none has every word; release-ranking.ts: every word must match,
// over a release's rich metadata when some icon has them all).
import type { IconAliases } from './icon-aliases.ts';
import type { IconNames } from './icon-names.ts';
import type { WordMatches } from './word-matches.ts';

/** What an index keeps per document, in document order (the final tie-break). */
export interface DocumentColumns {
  rowIds: Int32Array;
  names: IconNames;
  aliases: IconAliases;
  styles: Uint8Array;
  parts: Uint8Array;
  since: Int32Array;
  logos: Uint8Array;
  /**
   * How many sets draw each icon's concept (its name without style parts): the concept people
   * mean, first among equals (rankByCoverage). A release is one set: 1 for each icon.
   */
  prominence: Uint8Array;
}

/** A search's options: how many results are wanted (ordered), and which documents may answer. */
export interface SearchOptions {
  limit?: number;
  /** Whether document `d` may answer (a set filter); all when absent. */
  allowed?: (document: number) => boolean;
  /** Explain each result: why it matched ("settings → cog"). */
  explain?: boolean;
  /** The last word also finds the name words it ends ("cal": local), as the Iconify API's search does. */
  endings?: boolean;
  /** How many icon sets the index holds (the open sets' index): how rare one set's own name is. */
  setCount?: number;
}

/**
 * How a query names an icon, most first: its id is the query (words joined by hyphens, or into one
 * word: "paper plane", "paperplane"); an alias or a term of several words is (not a logo's term).
 */
export const NAMED = { none: 0, byAliasOrTerm: 1, byId: 2 } as const;

export interface Naming {
  /** The query's words joined by hyphens, as ids and aliases are written. */
  phrase: string;
  /** The icons with an id or term of several words that the query's words joined are, and how (NAMED). */
  byPhrase: Map<number, number> | undefined;
  /** For a query of one word, the metadata's words that are it in another form (a tie-break: see byRank). */
  forms: readonly string[];
  /** The query asks for a logo ("github logo"): logos rank as other icons do. */
  logosWanted: boolean;
}

/** What a ranking is given of the index. */
export interface RankingInput {
  columns: DocumentColumns;
  documentCount: number;
}

/** What a ranking answers: document indexes, best first, and how many matched. */
export interface Ranked {
  documents: number[];
  total: number;
}

/** What a ranking is asked: the matches of each query word, how the query names icons, the options. */
export type Ranking = (input: RankingInput, all: WordMatches[], naming: Naming, options: SearchOptions) => Ranked;
