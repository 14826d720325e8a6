// The open icon sets as the Iconify API needs them: the set list (read once, again when sets
// change), and icon data resolved through aliases, from memory for the popular sets (kept whole
// in one budget) and from the database for the others, so that a server holding every set keeps
// only the list and a few sets in memory.
import type { IconifyInfo, IconifyJSON } from '@iconify/types';
import { getIconData } from '@iconify/utils/lib/icon-set/get-icon';
import { matchIconName } from '@iconify/utils/lib/icon/name';
import { LRUCache } from 'lru-cache';
import type { EntryRow, IconSetsRepo } from './icon-sets.repo.ts';
import { tagOf } from '../http/response-cache.ts';
import { ANSWER_LAYOUT, answerBytes, answerObject, answerText, CodePointAlias, type Allocate, gather, MAX_ALIAS_DEPTH, type EntrySource, type Gathered } from './icons-answer.ts';
import { createKeptSets, type KeptSet } from './kept-sets.ts';
import { reloadable } from './reloadable.ts';

export interface IconSet {
  id: number;
  prefix: string;
  version: string;
  source: string;
  lastModified: number;
  info: IconifyInfo | null;
  /** The same info as JSON text, as stored (answers that list sets write it as it is). */
  infoText: string | null;
  /** Set-wide left, top, width, height: every icon answer carries them. */
  defaults: Record<string, number>;
  /** Whether the set maps code points to icons (made from a font). */
  hasChars: boolean;
}

/** What /{prefix}.json answers: IconifyJSON with the icons asked for, and the names not found. */
export type IconsData = IconifyJSON & { not_found?: string[] };

/** How many icons the sets hold, as their info counts them (aliases and hidden icons aside). */
export const iconCount = (sets: IconSet[]): number => sets.reduce((sum, set) => sum + (set.info?.total ?? 0), 0);

/** A font-made set's code points -> icon names. */
type CharMap = Record<string, string>;

/** A set's entries as one answer reads them (chars undefined: not read yet). */
type Entries = { set: IconSet; source: EntrySource<unknown>; chars: CharMap | null | undefined; kept?: KeptSet };

/** Sets whose code point maps are kept parsed (mdi's is 217 KB of JSON: parsed once, not per request). */
const CHAR_MAPS_KEPT = 4;

/** Rows read from the database, by name, as an answer reads entries. */
const rowSource = (found: Map<string, EntryRow>): EntrySource<EntryRow> => ({
  find: (name) => found.get(name),
  parentOf: (row) => (row.parent === null ? null : found.get(row.parent)),
  nameOf: (row) => row.name,
  dataOf: (row) => row.data,
});

export function createIconSetsService(repo: IconSetsRepo, keptSetsBytes: number) {
  const listeners: (() => void)[] = [];
  const charMaps = new LRUCache<number, Record<string, string>>({ max: CHAR_MAPS_KEPT });
  const keptSets = createKeptSets(repo, keptSetsBytes);

  /** The set's code points -> icon names, read when a name is not found otherwise. */
  async function charsOf(set: IconSet): Promise<Record<string, string> | null> {
    if (!set.hasChars) return null;
    let chars = charMaps.get(set.id);
    if (!chars) {
      const text = await repo.chars(set.id);
      if (!text) return null;
      charMaps.set(set.id, (chars = JSON.parse(text) as Record<string, string>));
    }
    return chars;
  }

  async function load(): Promise<Map<string, IconSet>> {
    const rows = await repo.sets();
    return new Map(
      rows.map((row) => [
        row.prefix,
        {
          ...row,
          hasChars: Number(row.hasChars) === 1,
          info: row.info ? (JSON.parse(row.info) as IconifyInfo) : null,
          infoText: row.info,
          defaults: JSON.parse(row.defaults) as Record<string, number>,
        },
      ]),
    );
  }

  /** The set list, read on first use and after every change. */
  const setList = reloadable(load);
  const current = () => setList.get();

  /**
   * Each name's entry and every parent its aliases lead to, read from the database; and the set's
   * code points when a name was not found otherwise (null when none was needed). Only well-formed
   * names are looked up: anything else is simply not found (PostgreSQL refuses some bytes, such as
   * NUL, in text).
   */
  async function readEntries(set: IconSet, names: string[]) {
    const found = new Map<string, EntryRow>();
    let chars: Record<string, string> | null = null;
    let wanted = [...new Set(names)].filter((name) => matchIconName.test(name));
    for (let depth = 0; wanted.length > 0 && depth <= MAX_ALIAS_DEPTH; depth++) {
      for (const row of await repo.entries(set.id, wanted)) found.set(row.name, row);
      const next = new Set<string>();
      for (const name of wanted) {
        const row = found.get(name);
        if (!row && depth === 0) chars ??= await charsOf(set);
        const parent = row ? row.parent : chars?.[name];
        if (parent && !found.has(parent)) next.add(parent);
      }
      wanted = [...next];
    }
    return { source: rowSource(found), chars };
  }

  /** Forgets what was read of the sets (the list, code points, kept sets). */
  function forget(): void {
    setList.drop();
    charMaps.clear();
    keptSets.clear();
  }

  /**
   * The set's entries: kept in memory, or those `names` lead to read from the database with code
   * points when needed (a kept set's are read by `gathered`, when a name is not found otherwise);
   * and the set they are of. A name missing from a set read from the database may mean another
   * process replaced or removed the set a moment ago, before this one heard of it (PostgreSQL's
   * NOTIFY takes a moment; SQLite's check before each request sees it at once): then the set list
   * is read again, and the entries with it, so that an answer shows the old set or the new one,
   * never the rows of neither.
   */
  async function entriesFor(set: IconSet, names: string[]): Promise<Entries> {
    const kept = keptSets.get(set.id);
    if (kept) return { set, source: kept, chars: undefined, kept };
    const read = await readEntries(set, names);
    if (names.every((name) => read.source.find(name) !== undefined) || (await repo.setId(set.prefix)) === set.id) return { set, ...read };
    forget();
    const now = (await current()).get(set.prefix);
    return now ? { set: now, ...(await readEntries(now, names)) } : { set, ...read };
  }

  type GatherFrom<E> = { set: IconSet; source: EntrySource<E>; chars: CharMap | null | undefined };

  /**
   * What `names` lead to in the entries, with the set's code points when a name is not found
   * otherwise (`chars` undefined: not read with the entries): undefined when those code points
   * are not in memory yet.
   */
  function gatheredNow<E>({ set, source, chars }: GatherFrom<E>, names: string[]): Gathered<E> | undefined {
    const first = gather(source, chars ?? null, names);
    if (chars !== undefined || first.missing.length === 0 || !set.hasChars) return first;
    const held = charMaps.get(set.id);
    return held && gather(source, held, names);
  }

  /**
   * The ETag of every answer written from `kept` for `set`. A URL's answer follows from the set's
   * content, the set's own fields and the layout, so a tag of those changes whenever any URL's
   * answer would; an ETag tells apart the answers of one URL only (RFC 9110 8.8.3). Hashing each
   * answer's bytes instead cost ~10 us of a new 20-name batch's ~88 (bench/README.md).
   */
  const answerTags = new WeakMap<KeptSet, { set: IconSet; tag: string }>();
  function keptAnswerTag(set: IconSet, kept: KeptSet): string {
    const known = answerTags.get(kept);
    if (known?.set === set) return known.tag;
    const tag = tagOf(JSON.stringify([ANSWER_LAYOUT, set.id, set.prefix, set.version, set.lastModified, set.defaults, kept.contentHash]));
    answerTags.set(kept, { set, tag });
    return tag;
  }

  /** The same, the code points read first when they must be. */
  async function gathered<E>(from: GatherFrom<E>, names: string[]): Promise<Gathered<E>> {
    const now = gatheredNow(from, names);
    if (now) return now;
    return gather(from.source, await charsOf(from.set), names);
  }

  return {
    list: async (): Promise<IconSet[]> => [...(await current()).values()],
    get: async (prefix: string): Promise<IconSet | undefined> => (await current()).get(prefix),
    /** The set when the list is read already; undefined when it is not, or has no such set. */
    peek: (prefix: string): IconSet | undefined => setList.peek()?.get(prefix),

    /** Tells `listener` when the set list was dropped (sets added, replaced or removed). */
    onChange: (listener: () => void) => void listeners.push(listener),
    /** Drops the set list: read again at the next request. */
    changed(): void {
      forget();
      listeners.forEach((listener) => listener());
    },

    /** The /collection answer's parts: the listing, and chars. */
    listing: async (set: IconSet) => {
      const row = await repo.listing(set.id);
      return { listing: JSON.parse(row!.listing) as Record<string, unknown>, chars: row?.chars ? (JSON.parse(row.chars) as Record<string, string>) : null };
    },

    /**
     * IconifyJSON with `names`' icons, the aliases that lead to them (with their parents), and the
     * names not found: what clients load icons with. A code point of a font-made set is answered
     * as an alias of its icon. Keys in the order the Iconify API gives them.
     */
    async iconsData(asked: IconSet, names: string[]): Promise<IconsData> {
      const entries = await entriesFor(asked, names);
      return answerObject(entries.set, await gathered(entries, names), entries.source);
    },

    /** The same answer as JSON, written from the entries' stored JSON as it is: bytes from a kept set, else text. */
    async iconsDataJson(asked: IconSet, names: string[]): Promise<string | Buffer> {
      const entries = await entriesFor(asked, names);
      if (entries.kept) return answerBytes(entries.set, await gathered({ ...entries, source: entries.kept }, names), entries.kept);
      return answerText(entries.set, await gathered(entries, names), entries.source);
    },

    /**
     * iconsDataJson's answer at once, when all it needs is in memory: the set kept whole, and the
     * code points parsed if a name is not found otherwise. Most batches are answered so, with no
     * promise and no turn of the event loop; undefined when something must be read first. The
     * bytes go where `allocate` puts them (a buffer of their own by default). Their ETag is the
     * set's (keptAnswerTag): one hash a set, not one an answer.
     */
    iconsDataJsonNow(set: IconSet, names: string[], allocate?: Allocate): { bytes: Buffer; etag: string } | undefined {
      const kept = keptSets.held(set.id);
      if (!kept) return undefined;
      const found = gatheredNow({ set, source: kept, chars: undefined }, names);
      return found && { bytes: answerBytes(set, found, kept, allocate), etag: keptAnswerTag(set, kept) };
    },

    /** Bytes of the icon sets kept whole in memory, and their budget. */
    keptBytes: (): number => keptSets.bytes,
    keptSettled: (): Promise<void> => keptSets.settled(),
    keptBudget: keptSets.maxBytes,

    /** One icon's full data (aliases and set defaults applied), for SVG; null when absent. */
    async iconData(asked: IconSet, name: string) {
      const entries = await entriesFor(asked, [name]);
      const { set, source } = entries;
      const { icons, aliases, missing } = await gathered(entries, [name]);
      if (missing.length > 0) return null;
      const partial: IconifyJSON = { prefix: set.prefix, icons: {}, aliases: {}, ...set.defaults };
      for (const icon of icons) partial.icons[source.nameOf(icon)] = JSON.parse(source.dataOf(icon));
      let drawn = name; // a code point draws its icon
      for (const alias of aliases) {
        if (alias instanceof CodePointAlias) drawn = alias.icon;
        else partial.aliases![source.nameOf(alias)] = JSON.parse(source.dataOf(alias));
      }
      return getIconData(partial, drawn);
    },
  };
}

export type IconSetsService = ReturnType<typeof createIconSetsService>;
