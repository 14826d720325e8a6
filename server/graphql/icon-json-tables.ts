// The kept JSON of icons (kept-icon-json.ts): one table per plan and release object, by icon row
// id, all in one byte budget; the tables least recently used go first. The release list is read
// anew when releases change (releases.service.ts), so a replaced release's table is never asked
// for again, only left for the budget to drop.
import type { Release } from '../releases/releases.service.ts';

// A kept string beyond its characters: its header and its entry in the table.
const BYTES_PER_ENTRY = 48;

export interface JsonTable {
  plan: object;
  release: Release;
  json: Map<number, string>;
  bytes: number;
}

export function createJsonTables(maxBytes: number) {
  const byPlan = new WeakMap<object, Map<Release, JsonTable>>();
  // Every table, in order of use, the most recent last (a Map keeps insertion order).
  const used = new Set<JsonTable>();
  let bytes = 0;

  const drop = (table: JsonTable) => {
    used.delete(table);
    byPlan.get(table.plan)?.delete(table.release);
    bytes -= table.bytes;
  };

  return {
    /** The table of a plan's icons of `release`, marked as used now. */
    of(plan: object, release: Release): JsonTable {
      let ofPlan = byPlan.get(plan);
      if (!ofPlan) byPlan.set(plan, (ofPlan = new Map()));
      let table = ofPlan.get(release);
      if (!table) ofPlan.set(release, (table = { plan, release, json: new Map(), bytes: 0 }));
      used.delete(table);
      used.add(table);
      return table;
    },

    /** Keeps an icon's JSON in its table, if the budget allows once older tables made room. */
    keep(table: JsonTable, iconId: number, json: string): void {
      if (!used.has(table)) return; // dropped while its request waited
      const size = json.length + BYTES_PER_ENTRY;
      for (const oldest of used) {
        if (bytes + size <= maxBytes || oldest === table) break;
        drop(oldest);
      }
      if (bytes + size > maxBytes) return;
      table.json.set(iconId, json);
      table.bytes += size;
      bytes += size;
    },

    get bytes() {
      return bytes;
    },
  };
}
