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
  /** When it was last asked for, on the tables' own clock: the least recent goes first. */
  usedAt: number;
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
  // Every table, changed only when one is made or dropped. Not kept in order of use by deleting and
  // adding the table asked for (the order a Set keeps): a long-lived Set rehashed by that churn
  // allocates its new backing store in the old generation, ~40 bytes a request there under a load of
  // new searches, and so the mark-compacts that hold the p99 (bench/README.md, issue 46).
  const live = new Set<JsonTable>();
  let clock = 0;
  let bytes = 0;

  const drop = (table: JsonTable) => {
    live.delete(table);
    byPlan.get(table.plan)?.delete(table.release);
    bytes -= table.bytes;
  };
  /** The least recently used table, if used before `table`: there are a few (plans times releases), so a scan. */
  const oldestBefore = (table: JsonTable): JsonTable | undefined => {
    let oldest: JsonTable | undefined;
    for (const other of live) if (other.usedAt < (oldest ?? table).usedAt) oldest = other;
    return oldest;
  };

  return {
    /** The table of a plan's icons of `release`, marked as used now. */
    of(plan: object, release: Release): JsonTable {
      let ofPlan = byPlan.get(plan);
      if (!ofPlan) byPlan.set(plan, (ofPlan = new Map()));
      let table = ofPlan.get(release);
      if (!table) {
        table = { plan, release, json: new Map(), bytes: 0, arena: null, arenaUsed: 0, usedAt: 0 };
        ofPlan.set(release, table);
        live.add(table);
      }
      table.usedAt = ++clock;
      return table;
    },

    /**
     * Keeps an icon's JSON (ASCII only) in its table, if the budget allows once older tables made
     * room.
     */
    keep(table: JsonTable, iconId: number, json: string): void {
      if (!live.has(table)) return; // dropped while its request waited
      const size = json.length + BYTES_PER_ENTRY;
      while (bytes + size > maxBytes) {
        const oldest = oldestBefore(table);
        if (!oldest) break;
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
