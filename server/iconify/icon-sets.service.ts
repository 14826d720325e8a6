// The open icon sets as the Iconify API needs them: the set list (read once, again when sets
// change), and icon data resolved through aliases, read per request from the database so that a
// server holding every set keeps only the list in memory.
import type { ExtendedIconifyIcon, IconifyInfo, IconifyJSON } from '@iconify/types';
import { getIconData } from '@iconify/utils/lib/icon-set/get-icon';
import { matchIconName } from '@iconify/utils/lib/icon/name';
import { LRUCache } from 'lru-cache';
import type { EntryRow, IconSetsRepo } from './icon-sets.repo.ts';
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

/** Alias chains longer than this are refused as broken (validation already drops loops). */
const MAX_ALIAS_DEPTH = 32;
/** Sets whose code point maps are kept parsed (mdi's is 217 KB of JSON: parsed once, not per request). */
const CHAR_MAPS_KEPT = 4;
/**
 * Bytes of entries (icons and aliases) kept after they were read: pages ask for the same popular
 * icons again and again, and a kept entry costs no database lookup (two B-tree descents, ~2 us
 * each). 2 MiB holds some 5,000 icons of a set like mdi.
 */
const ENTRY_CACHE_BYTES = 2 * 1024 * 1024;
/** What a kept entry costs besides its strings: the map's node, the row object, the key. */
const ENTRY_OVERHEAD = 120;

export function createIconSetsService(repo: IconSetsRepo) {
  const listeners: (() => void)[] = [];
  const charMaps = new LRUCache<number, Record<string, string>>({ max: CHAR_MAPS_KEPT });
  // Keyed by set id and name; a missing name is not kept (anyone could fill the cache with them).
  const entries = new LRUCache<string, EntryRow>({
    maxSize: ENTRY_CACHE_BYTES,
    sizeCalculation: (row, key) => key.length + row.data.length + (row.parent?.length ?? 0) + ENTRY_OVERHEAD,
  });

  /** The entries of `names` in the set: kept ones from memory, the others from the database. */
  async function readEntries(set: IconSet, names: string[]): Promise<EntryRow[]> {
    const rows: EntryRow[] = [];
    const unread: string[] = [];
    for (const name of names) {
      const kept = entries.get(`${set.id}:${name}`);
      if (kept) rows.push(kept);
      else unread.push(name);
    }
    for (const row of await repo.entries(set.id, unread)) {
      entries.set(`${set.id}:${row.name}`, row);
      rows.push(row);
    }
    return rows;
  }

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
   * Each name's entry and every parent its aliases lead to, by name; and the set's code points when
   * a name was not found otherwise (null when none was needed). Only well-formed names are looked
   * up: anything else is simply not found (PostgreSQL refuses some bytes, such as NUL, in text).
   */
  async function resolveEntries(set: IconSet, names: string[]) {
    const found = new Map<string, { parent: string | null; data: string }>();
    let chars: Record<string, string> | null = null;
    let wanted = [...new Set(names)].filter((name) => matchIconName.test(name));
    for (let depth = 0; wanted.length > 0 && depth <= MAX_ALIAS_DEPTH; depth++) {
      for (const row of await readEntries(set, wanted)) found.set(row.name, row);
      const next = new Set<string>();
      for (const name of wanted) {
        const row = found.get(name);
        if (!row && depth === 0) chars ??= await charsOf(set);
        const parent = row ? row.parent : chars?.[name];
        if (parent && !found.has(parent)) next.add(parent);
      }
      wanted = [...next];
    }
    return { found, chars };
  }

  /** The asked icons' stored JSON and their aliases' (each once, in the order met), and the names not found. */
  async function gather(set: IconSet, names: string[]) {
    const { found, chars } = await resolveEntries(set, names);
    const icons = new Map<string, string>();
    const aliases = new Map<string, string>();
    const missing = new Set<string>();
    for (const asked of names) {
      let name = asked;
      let row = found.get(name);
      if (!row && chars?.[name] && found.has(chars[name])) {
        if (!aliases.has(name)) aliases.set(name, JSON.stringify({ parent: chars[name] }));
        name = chars[name];
        row = found.get(name);
      }
      if (!row) {
        missing.add(asked);
        continue;
      }
      for (let depth = 0; row && depth <= MAX_ALIAS_DEPTH; depth++) {
        if (row.parent === null) {
          if (!icons.has(name)) icons.set(name, row.data);
          break;
        }
        if (!aliases.has(name)) aliases.set(name, row.data);
        name = row.parent;
        row = found.get(name);
      }
    }
    return { icons, aliases, missing: [...missing] };
  }

  return {
    list: async (): Promise<IconSet[]> => [...(await current()).values()],
    get: async (prefix: string): Promise<IconSet | undefined> => (await current()).get(prefix),

    /** Tells `listener` when the set list was dropped (sets added, replaced or removed). */
    onChange: (listener: () => void) => void listeners.push(listener),
    /** Drops the set list: read again at the next request. */
    changed(): void {
      setList.drop();
      charMaps.clear();
      entries.clear();
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
    async iconsData(set: IconSet, names: string[]): Promise<IconsData> {
      const { icons, aliases, missing } = await gather(set, names);
      const answer: IconsData = {
        prefix: set.prefix,
        lastModified: set.lastModified,
        aliases: Object.fromEntries([...aliases].map(([name, data]) => [name, JSON.parse(data)])),
        ...set.defaults,
        icons: Object.fromEntries([...icons].map(([name, data]) => [name, JSON.parse(data) as ExtendedIconifyIcon])),
      };
      if (missing.length > 0) answer.not_found = missing;
      return answer;
    },

    /**
     * The same answer as JSON text, written from the entries' stored JSON as it is: a batch costs
     * no parse and no serialisation of icon bodies.
     */
    async iconsDataText(set: IconSet, names: string[]): Promise<string> {
      const { icons, aliases, missing } = await gather(set, names);
      const members = (entries: Map<string, string>) => [...entries].map(([name, data]) => `${JSON.stringify(name)}:${data}`).join(',');
      let text = `{"prefix":${JSON.stringify(set.prefix)},"lastModified":${set.lastModified},"aliases":{${members(aliases)}}`;
      for (const [key, value] of Object.entries(set.defaults)) text += `,${JSON.stringify(key)}:${value}`;
      text += `,"icons":{${members(icons)}}`;
      if (missing.length > 0) text += `,"not_found":${JSON.stringify(missing)}`;
      return `${text}}`;
    },

    /** One icon's full data (aliases and set defaults applied), for SVG; null when absent. */
    async iconData(set: IconSet, name: string) {
      const { found, chars } = await resolveEntries(set, [name]);
      const partial: IconifyJSON = { prefix: set.prefix, icons: {}, aliases: {}, ...set.defaults };
      for (const [entryName, row] of found) {
        if (row.parent === null) partial.icons[entryName] = JSON.parse(row.data);
        else partial.aliases![entryName] = JSON.parse(row.data);
      }
      const own = found.has(name) ? name : chars?.[name];
      return own ? getIconData(partial, own) : null;
    },
  };
}

export type IconSetsService = ReturnType<typeof createIconSetsService>;
