// Buffers lent for one response's body and given back once it has been written: for answers sent
// once and dropped (an icon batch whose URL came for the first time). An own buffer each was
// malloc'd memory that lived until V8 swept it, and a buffer still being written at a minor
// collection lived on until the next major one: a load of new batches grew the RSS (measured in
// bench/README.md, 2026-11-26). A few slabs lent in turn allocate nothing.
import type { ServerResponse } from 'node:http';

/** Bytes a slab holds: a 20-name batch of most sets is 2-10 KB. Longer answers get a buffer of their own. */
const SLAB_BYTES = 16 * 1024;
/** Slabs kept for the next responses: as many as connections typically write at once. */
const SLABS_KEPT = 32;

/** `slabBytes`: the longest answer lent a slab (searches name dozens of sets' infos: 10-60 KB). */
export function createLentBuffers(slabBytes = SLAB_BYTES, slabsKept = SLABS_KEPT) {
  const free: Buffer[] = [];
  return {
    /**
     * `length` bytes for `res`'s body: a slab's, given back when `res` has written them (never
     * when the response fails: that slab is left to the collector), or a buffer of their own.
     */
    lend(length: number, res: ServerResponse): Buffer {
      if (length > slabBytes) return Buffer.allocUnsafeSlow(length);
      const slab = free.pop() ?? Buffer.allocUnsafeSlow(slabBytes);
      res.once('finish', () => {
        if (free.length < slabsKept) free.push(slab);
      });
      return slab.subarray(0, length);
    },
  };
}
