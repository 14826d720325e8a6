// SQL for the open icon sets (db/tables.ts: iconify_sets, iconify_icons). Every function answers
// with a promise (see auth.repo.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';

export interface EntryRow {
  name: string;
  parent: string | null;
  data: string;
}

export function createIconSetsRepo(database: Database) {
  const { db, t } = database;
  const s = t.iconifySets;
  // SQLite: all of a batch's names in one statement, prepared once, the list passed as JSON (a
  // batch of 20 is one call into SQLite instead of 20 through the query builder).
  const entriesByJson = database.sqlite?.$client.prepare<[number, string], EntryRow>(
    'select name, parent, data from iconify_icons where set_id = ? and name in (select value from json_each(?))',
  );
  const allEntries = database.sqlite?.$client.prepare<[number], EntryRow>('select name, parent, data from iconify_icons where set_id = ?');
  const entriesBytes = sql<number>`coalesce(sum(length(${t.iconifyIcons.name}) + length(${t.iconifyIcons.data}) + coalesce(length(${t.iconifyIcons.parent}), 0)), 0)`;
  return {
    /** Every set, without its bulky parts (listing, chars). */
    sets: async () =>
      db
        .select({
          id: s.id,
          prefix: s.prefix,
          version: s.version,
          source: s.source,
          lastModified: s.lastModified,
          info: s.info,
          defaults: s.defaults,
          hasChars: sql<number>`case when ${s.chars} is null then 0 else 1 end`,
        })
        .from(s)
        .orderBy(s.id),

    /** The id of the set with this prefix now (null: none): a replaced set has a new one. */
    setId: async (prefix: string): Promise<number | null> => (await db.select({ id: s.id }).from(s).where(eq(s.prefix, prefix)))[0]?.id ?? null,

    /** A set's code points -> icon names (sets made from fonts), as JSON text. */
    chars: async (setId: number) => (await db.select({ chars: s.chars }).from(s).where(eq(s.id, setId)))[0]?.chars ?? null,

    /** The /collection answer's parts of one set. */
    listing: async (setId: number) => (await db.select({ listing: s.listing, chars: s.chars }).from(s).where(eq(s.id, setId)))[0],

    /** Entries (icons and aliases) of a set by name; names absent are absent from the answer. */
    entries: async (setId: number, names: string[]): Promise<EntryRow[]> => {
      if (names.length === 0) return [];
      if (entriesByJson) return entriesByJson.all(setId, JSON.stringify(names));
      // PostgreSQL: one round trip for all of them.
      return db
        .select({ name: t.iconifyIcons.name, parent: t.iconifyIcons.parent, data: t.iconifyIcons.data })
        .from(t.iconifyIcons)
        .where(and(eq(t.iconifyIcons.setId, setId), inArray(t.iconifyIcons.name, names)));
    },

    /**
     * Every entry of a set, or null when their names, data and parents come to more than
     * `maxChars` characters (the set is not read whole: SQLite stops reading there).
     */
    allEntries: async (setId: number, maxChars: number): Promise<EntryRow[] | null> => {
      if (allEntries) {
        const rows: EntryRow[] = [];
        let chars = 0;
        for (const row of allEntries.iterate(setId)) {
          chars += row.name.length + row.data.length + (row.parent?.length ?? 0);
          if (chars > maxChars) return null;
          rows.push(row);
        }
        return rows;
      }
      // PostgreSQL: the size first (the server sums it), so that a large set never crosses the wire.
      const [{ bytes }] = await db.select({ bytes: entriesBytes }).from(t.iconifyIcons).where(eq(t.iconifyIcons.setId, setId));
      if (Number(bytes) > maxChars) return null;
      return db
        .select({ name: t.iconifyIcons.name, parent: t.iconifyIcons.parent, data: t.iconifyIcons.data })
        .from(t.iconifyIcons)
        .where(eq(t.iconifyIcons.setId, setId));
    },

  };
}

export type IconSetsRepo = ReturnType<typeof createIconSetsRepo>;
