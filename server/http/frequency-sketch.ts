// How often each key was asked lately, approximately, in a fixed table: a count-min sketch of small
// counters (four per key, the least of them read), all halved once ten times as many askings as
// counters per row came, so that what was popular an hour ago fades. TinyLFU's admission
// (Einziger, Friedman, Manes, 2017): a full cache takes a new entry only when its key was asked
// more often than the one it would push out. A load of many keys each asked rarely (a picker's
// every typed start) then stops replacing entries with entries as rare, which only made garbage.
import { fnv1a } from '../fnv1a.ts';

const ROWS = 4;
/** A counter's ceiling: four bits' worth, enough to tell a popular key from a rare one. */
export const MAX_COUNT = 15;
/** Askings counted per counter of a row before all counters are halved. */
const SAMPLE_PER_COUNTER = 10;

export class FrequencySketch {
  private readonly counters: Uint8Array;
  private readonly mask: number;
  private readonly sampleSize: number;
  private counted = 0;

  /** `width`: counters per row (rounded up to a power of two), about ten times the keys kept. */
  constructor(width: number) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(width, 16)));
    this.mask = size - 1;
    this.counters = new Uint8Array(size * ROWS);
    this.sampleSize = size * SAMPLE_PER_COUNTER;
  }

  /** Counts one asking of `key`. */
  increment(key: string): void {
    this.incrementHashed(fnv1a(key));
  }

  /** Counts one asking of the key whose fnv1a hash is `hash` (kept by a caller that asks often). */
  incrementHashed(hash: number): void {
    const step = stepOf(hash);
    let added = false;
    for (let row = 0; row < ROWS; row++) {
      const at = row * (this.mask + 1) + ((hash + row * step) & this.mask);
      if (this.counters[at] < MAX_COUNT) {
        this.counters[at]++;
        added = true;
      }
    }
    if (added && ++this.counted >= this.sampleSize) this.age();
  }

  /** About how often `key` was asked lately (never fewer times than it was). */
  frequency(key: string): number {
    const hash = fnv1a(key);
    const step = stepOf(hash);
    let least = MAX_COUNT;
    for (let row = 0; row < ROWS; row++) least = Math.min(least, this.counters[row * (this.mask + 1) + ((hash + row * step) & this.mask)]);
    return least;
  }

  private age(): void {
    for (let i = 0; i < this.counters.length; i++) this.counters[i] >>= 1;
    this.counted = Math.floor(this.counted / 2);
  }
}

/** A second hash from the first, odd, so that each row's counter for a key differs (double hashing). */
const stepOf = (hash: number) => (Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) | 1) >>> 0;
