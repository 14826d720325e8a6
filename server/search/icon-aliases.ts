// The alias names of an index's documents, packed as the kept index file holds them: every
// alias's characters in one buffer, joined by newlines, and per document where its aliases begin.
// With every open set, an array of aliases per document (371k, most of them empty) and 34k alias
// strings sliced from the file's text were ~5 MiB of heap and ~60k objects that every major
// collection marked; packed, ~2 MiB outside the heap. Strings are made only for answers.

const NEWLINE = 0x0a;
const NONE: readonly string[] = [];

export class IconAliases {
  /** Every alias, joined by newlines (no alias has one), as UTF-8. */
  readonly text: Buffer;
  /** Where alias a begins in `text` (it ends at `starts[a + 1] - 1`); one past the text last. */
  private readonly starts: Int32Array;
  /** Per document, the number of its first alias (the count of aliases, last). */
  private readonly firsts: Int32Array;
  /** Whether every byte is ASCII: then an alias compares with a string byte for character. */
  private readonly ascii: boolean;

  /** `counts`: per document, how many aliases it has, in the order `text` holds them. */
  constructor(text: Uint8Array, counts: ArrayLike<number>) {
    this.text = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
    this.firsts = new Int32Array(counts.length + 1);
    for (let d = 0; d < counts.length; d++) this.firsts[d + 1] = this.firsts[d] + counts[d];
    const total = this.firsts[counts.length];
    this.starts = new Int32Array(total + 1);
    let a = 1;
    let ascii = true;
    for (let i = 0; i < this.text.length; i++) {
      const byte = this.text[i];
      if (byte === NEWLINE && a < total) this.starts[a++] = i + 1;
      else if (byte > 0x7f) ascii = false;
    }
    this.starts[total] = total === 0 ? 0 : this.text.length + 1;
    this.ascii = ascii;
  }

  /** Packs each document's list of aliases. */
  static of(lists: readonly (readonly string[])[]): IconAliases {
    const counts = Uint16Array.from(lists, (list) => list.length);
    return new IconAliases(Buffer.from(lists.flat().join('\n')), counts);
  }

  /** Per document, how many aliases it has (what the kept file stores beside `text`). */
  counts(): Uint16Array {
    const { firsts } = this;
    return Uint16Array.from({ length: firsts.length - 1 }, (_, d) => firsts[d + 1] - firsts[d]);
  }

  /** The heap and buffers it holds. */
  get bytes(): number {
    return this.text.byteLength + this.starts.byteLength + this.firsts.byteLength;
  }

  /** The aliases of `document`, as new strings (for answers, not for ranking's loops). */
  of(document: number): readonly string[] {
    const first = this.firsts[document];
    const end = this.firsts[document + 1];
    if (first === end) return NONE;
    const found: string[] = new Array(end - first);
    for (let a = first; a < end; a++) {
      found[a - first] = this.text.toString('utf8', this.starts[a], this.starts[a + 1] - 1);
    }
    return found;
  }

  /** Whether `name` is an alias of `document`, without making a string. */
  has(document: number, name: string): boolean {
    const first = this.firsts[document];
    const end = this.firsts[document + 1];
    if (first === end) return false;
    if (!this.ascii) return this.of(document).includes(name);
    for (let a = first; a < end; a++) {
      const start = this.starts[a];
      if (this.starts[a + 1] - 1 - start !== name.length) continue;
      let i = 0;
      while (i < name.length && this.text[start + i] === name.charCodeAt(i)) i++;
      if (i === name.length) return true;
    }
    return false;
  }
}
