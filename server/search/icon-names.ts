// The icon names of an index, packed: each distinct name's characters once in one byte buffer,
// and per document the number of its name. With every open set, 371k names (240k distinct) held
// as strings cost ~12 MiB of heap (and kept their file's 6 MB text alive as slices); packed, ~7
// MiB outside the heap, read back from the kept index without making a string each. Names are
// lowercase ASCII words joined by hyphens (validated at import), so a byte is a character.
import { FNV_OFFSET, FNV_PRIME } from '../fnv1a.ts';

export class IconNames {
  /** The distinct names' characters, one after another. */
  readonly text: Buffer;
  /** Where each distinct name begins in `text`, and the end last. */
  readonly starts: Int32Array;
  /** Per document, its name's number. */
  readonly ids: Int32Array;

  constructor(text: Uint8Array, starts: Int32Array, ids: Int32Array) {
    this.text = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
    this.starts = starts;
    this.ids = ids;
  }

  /** Packs a list of names, each distinct one once. */
  static of(names: readonly string[]): IconNames {
    const numbers = new Map<string, number>();
    const ids = new Int32Array(names.length);
    for (let d = 0; d < names.length; d++) {
      let id = numbers.get(names[d]);
      if (id === undefined) numbers.set(names[d], (id = numbers.size));
      ids[d] = id;
    }
    return IconNames.fromDistinct([...numbers.keys()], ids);
  }

  /** Packs the distinct names, given each document's number of its name. */
  static fromDistinct(distinct: readonly string[], ids: Int32Array): IconNames {
    const starts = new Int32Array(distinct.length + 1);
    for (let i = 0; i < distinct.length; i++) starts[i + 1] = starts[i] + distinct[i].length;
    const text = Buffer.alloc(starts[distinct.length]);
    for (let i = 0; i < distinct.length; i++) text.write(distinct[i], starts[i], 'latin1');
    return new IconNames(text, starts, ids);
  }

  get length(): number {
    return this.ids.length;
  }

  /** The heap and buffers it holds. */
  get bytes(): number {
    return this.text.byteLength + this.starts.byteLength + this.ids.byteLength;
  }

  /** The name of `document` (a new string: for answers, not for ranking's loops). */
  at(document: number): string {
    const id = this.ids[document];
    return this.text.toString('latin1', this.starts[id], this.starts[id + 1]);
  }

  lengthOf(document: number): number {
    const id = this.ids[document];
    return this.starts[id + 1] - this.starts[id];
  }

  /** fnv1a() of the name of `document`, without making its string (a byte is a character). */
  hashOf(document: number): number {
    const id = this.ids[document];
    let hash = FNV_OFFSET;
    for (let i = this.starts[id], end = this.starts[id + 1]; i < end; i++) hash = Math.imul(hash ^ this.text[i], FNV_PRIME);
    return hash | 0;
  }

  /** Whether the name of `document` is `name`, without making its string. */
  is(document: number, name: string): boolean {
    const id = this.ids[document];
    const start = this.starts[id];
    if (this.starts[id + 1] - start !== name.length) return false;
    for (let i = 0; i < name.length; i++) if (this.text[start + i] !== name.charCodeAt(i)) return false;
    return true;
  }
}
