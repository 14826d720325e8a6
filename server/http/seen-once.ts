// Which keys came once already, remembered as 32-bit hashes in a fixed table rather than as the
// keys: 10,000 remembered URLs as strings were ~3.5 MB that lived long enough to reach V8's old
// generation, and a load of new icon batches then made a major collection every two seconds (a
// pause of 6-10 ms, the p99 of that load). A collision (two keys in one slot, or one hash for two
// keys) only makes a key look new again or seen: the cost is one more build, or one kept answer.
import { fnv1a } from '../fnv1a.ts';

/** Returns a check that answers true when `key` came before (and forgets it), else remembers it. */
export function createSeenOnce(slots: number): (key: string) => boolean {
  const table = new Int32Array(slots);
  return (key) => {
    const hash = fnv1a(key) | 1; // never 0: 0 marks an empty slot
    const slot = (hash >>> 1) % slots;
    if (table[slot] === hash) {
      table[slot] = 0;
      return true;
    }
    table[slot] = hash;
    return false;
  };
}
