// The documents of an index's postings, kept as the gaps between them: within a word the documents
// ascend, so each is written as its distance from the one before (the first from 0), seven bits a
// byte, the high bit saying another byte follows. With every open set, 2.7M postings take 3.4 MB
// this way (1.3 bytes each) against 10.8 MB as 32-bit numbers, read in the same single pass.
// Readers decode in their own loops (search-index.ts), a byte or two a posting:
//   let byte = gaps[at++], gap = byte & 127;
//   for (let shift = 7; byte & 128; shift += 7) gap |= ((byte = gaps[at++]) & 127) << shift;

/** Where each word's gaps begin in the bytes (and the end last), and the bytes. */
export interface PostingGaps {
  gapStart: Int32Array;
  gaps: Uint8Array;
}

/** Bytes of one gap (documents are below 2^28: four at most). */
const bytesOf = (gap: number) => (gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : 4);

/** The gaps of `docs`, whose word t has docs[postingStart[t] .. postingStart[t + 1]), ascending. */
export function encodeGaps(docs: Int32Array, postingStart: Int32Array): PostingGaps {
  const words = postingStart.length - 1;
  const gapStart = new Int32Array(words + 1);
  let size = 0;
  for (let t = 0; t < words; t++) {
    gapStart[t] = size;
    for (let i = postingStart[t], previous = 0; i < postingStart[t + 1]; previous = docs[i++]) size += bytesOf(docs[i] - previous);
  }
  gapStart[words] = size;
  const gaps = new Uint8Array(size);
  let at = 0;
  for (let t = 0; t < words; t++) {
    for (let i = postingStart[t], previous = 0; i < postingStart[t + 1]; previous = docs[i++]) {
      let gap = docs[i] - previous;
      if (gap < 0) throw new Error('postings out of order');
      while (gap >= 0x80) {
        gaps[at++] = (gap & 0x7f) | 0x80;
        gap >>>= 7;
      }
      gaps[at++] = gap;
    }
  }
  return { gapStart, gaps };
}

/** The documents of word `t`, in order (for tests and the few readers that are not a search's loop). */
export function documentsOf({ gapStart, gaps }: PostingGaps, t: number): number[] {
  const documents: number[] = [];
  let document = 0;
  for (let at = gapStart[t]; at < gapStart[t + 1]; ) {
    let byte = gaps[at++];
    let gap = byte & 127;
    for (let shift = 7; byte & 128; shift += 7) gap |= ((byte = gaps[at++]) & 127) << shift;
    documents.push((document += gap));
  }
  return documents;
}
