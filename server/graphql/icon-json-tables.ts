// The kept JSON of icons (kept-icon-json.ts): one table per plan and release object, by icon row
// id, all in one byte budget; the tables least recently used go first. The release list is read
// anew when releases change (releases.service.ts), so a replaced release's table is never asked
// for again, only left for the budget to drop.
import type { Release } from '../releases/releases.service.ts';

// Kept JSON beyond its bytes: its view (a Uint8Array object) and its entry in the table.
export const BYTES_PER_ENTRY = 96;

// Each icon's JSON is kept as bytes in the table's arenas of this size (one buffer a table, not one
// an icon): an answer copies them with TypedArray#set, where writing a string to the answer was a
// call into C++ a part (~0.5 us of a 15-icon answer, bench/README.md).
const ARENA_BYTES = 8 * 1024;

export interface JsonTable {
  plan: object;
  release: Release;
  /** Each kept icon's JSON (ASCII, one byte a character), by icon row id. */
  json: Map<number, Uint8Array>;
  bytes: number;
  arena: Buffer | null;
  /** Bytes of `arena` taken. */
  arenaUsed: number;
}

/** `json` (ASCII) copied into the table's arena, or into a buffer of its own past a quarter of one. */
function bytesIn(table: JsonTable, json: string): Uint8Array {
  if (json.length > ARENA_BYTES / 4) {
    const own = Buffer.allocUnsafeSlow(json.length);
    own.write(json, 'latin1');
    return own;
  }
  if (!table.arena || table.arena.length - table.arenaUsed < json.length) {
    table.arena = Buffer.allocUnsafeSlow(ARENA_BYTES);
    table.arenaUsed = 0;
  }
  const start = table.arenaUsed;
  table.arenaUsed += table.arena.write(json, start, 'latin1');
  return table.arena.subarray(start, table.arenaUsed);
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
      if (!table) {
        table = { plan, release, json: new Map(), bytes: 0, arena: null, arenaUsed: 0 };
        ofPlan.set(release, table);
      }
      used.delete(table);
      used.add(table);
      return table;
    },

    /**
     * Keeps an icon's JSON (ASCII only) in its table, if the budget allows once older tables made
     * room.
     */
    keep(table: JsonTable, iconId: number, json: string): void {
      if (!used.has(table)) return; // dropped while its request waited
      const size = json.length + BYTES_PER_ENTRY;
      for (const oldest of used) {
        if (bytes + size <= maxBytes || oldest === table) break;
        drop(oldest);
      }
      if (bytes + size > maxBytes) return;
      table.json.set(iconId, bytesIn(table, json));
      table.bytes += size;
      bytes += size;
    },

    get bytes() {
      return bytes;
    },
  };
}
