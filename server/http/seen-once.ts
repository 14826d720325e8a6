// Which keys came once already, remembered as 32-bit hashes in a fixed table rather than as the
// keys: 10,000 remembered URLs as strings were ~3.5 MB that lived long enough to reach V8's old
// generation, and a load of new icon batches then made a major collection every two seconds (a
// pause of 6-10 ms, the p99 of that load). A collision (one hash for two keys) only makes a key
// look seen: the cost is one kept answer.
// The table is in buckets of WAYS hashes, the newest first. With one hash a slot, two keys that
// shared a slot and came in turns overwrote each other for ever and were never seen twice: of the
// 944 searches of bench:graphql-peer's new pairs, 108 were never kept (1 in 9 requests ran the
// whole search every time). A bucket forgets a key only when WAYS newer ones came to it.
import { fnv1a } from '../fnv1a.ts';

const WAYS = 4;

/** Returns a check that answers true when `key` came before (and forgets it), else remembers it. */
export function createSeenOnce(slots: number): (key: string) => boolean {
  const buckets = Math.max(1, Math.floor(slots / WAYS));
  const table = new Int32Array(buckets * WAYS);
  return (key) => {
    const hash = fnv1a(key) | 1; // never 0: 0 marks an empty slot
    const start = ((hash >>> 1) % buckets) * WAYS;
    for (let i = start; i < start + WAYS; i++) {
      if (table[i] !== hash) continue;
      table[i] = 0;
      return true;
    }
    // Newest first: the ones before the first empty slot (else all but the oldest) move down one.
    let at = start;
    while (at < start + WAYS - 1 && table[at] !== 0) at++;
    for (; at > start; at--) table[at] = table[at - 1];
    table[start] = hash;
    return false;
  };
}
