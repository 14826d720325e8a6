// The sorted words of an index (its tokens, its stems), packed: every word's UTF-16 code units one
// after another in one typed array, and where each begins. With every open set, 42k tokens and 33k
// stems held as strings cost ~3.5 MB of V8's heap (short strings, their arrays, and the two-byte
// texts they were split from, which the longer ones kept alive as slices): a heap V8 marks at every
// mark-compact and sizes its next limit from. Packed, ~1.3 MB outside it. Code units, not bytes:
// comparing one with a query word's charCodeAt is JavaScript's own order, which the words are
// sorted in, whatever the characters (a few are not Latin-1: "知乎", "ł").
export class WordList {
  /** The words' code units, one after another. */
  private readonly units: Uint16Array;
  /** Where each word begins in `units`, and the end last. */
  private readonly starts: Int32Array;

  private constructor(units: Uint16Array, starts: Int32Array) {
    this.units = units;
    this.starts = starts;
  }

  /** Packs `words` (sorted: lowerBound and indexOf search them). */
  static of(words: readonly string[]): WordList {
    const starts = new Int32Array(words.length + 1);
    for (let w = 0; w < words.length; w++) starts[w + 1] = starts[w] + words[w].length;
    const units = new Uint16Array(starts[words.length]);
    for (let w = 0; w < words.length; w++) {
      const word = words[w];
      for (let k = 0, at = starts[w]; k < word.length; k++) units[at + k] = word.charCodeAt(k);
    }
    return new WordList(units, starts);
  }

  /** The words of `text`, one a line (as the index file keeps them). */
  static ofLines(text: string): WordList {
    return WordList.of(text.length === 0 ? [] : text.split('\n'));
  }

  get length(): number {
    return this.starts.length - 1;
  }

  /** The heap and buffers it holds. */
  get bytes(): number {
    return this.units.byteLength + this.starts.byteLength;
  }

  /** Word `w` as a string (a new one: for answers and a word's few forms, not for scanning many). */
  at(w: number): string {
    return String.fromCharCode.apply(null, this.units.subarray(this.starts[w], this.starts[w + 1]) as unknown as number[]);
  }

  /** Every word, in order. */
  toArray(): string[] {
    return Array.from({ length: this.length }, (_, w) => this.at(w));
  }

  lengthOf(w: number): number {
    return this.starts[w + 1] - this.starts[w];
  }

  /** The code unit at `k` of word `w` (NaN past its end, as charCodeAt). */
  charCodeAt(w: number, k: number): number {
    return k >= 0 && k < this.lengthOf(w) ? this.units[this.starts[w] + k] : NaN;
  }

  /** Word `w` compared with `word` in JavaScript's order of strings: negative below, 0 equal, positive above. */
  compare(w: number, word: string): number {
    const start = this.starts[w];
    const length = this.starts[w + 1] - start;
    const common = Math.min(length, word.length);
    for (let k = 0; k < common; k++) {
      const difference = this.units[start + k] - word.charCodeAt(k);
      if (difference !== 0) return difference;
    }
    return length - word.length;
  }

  /** Whether word `w` is `word`. */
  is(w: number, word: string): boolean {
    return this.lengthOf(w) === word.length && this.compare(w, word) === 0;
  }

  /** The first word not below `word` (the words it starts begin there). */
  lowerBound(word: string): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(middle, word) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The number of `word`, or -1. */
  indexOf(word: string): number {
    const w = this.lowerBound(word);
    return w < this.length && this.is(w, word) ? w : -1;
  }

  /**
   * Whether `text` from its code unit `from` is in word `w` at `at`: String.prototype.startsWith
   * of `text.slice(from)` at `at`, clamped as it is (an empty text is in every word, wherever).
   */
  hasAt(w: number, text: string, from: number, at: number): boolean {
    const length = this.lengthOf(w);
    const start = Math.min(Math.max(at, 0), length);
    const count = Math.max(0, text.length - from);
    if (start + count > length) return false;
    for (let k = 0, unit = this.starts[w] + start; k < count; k++) if (this.units[unit + k] !== text.charCodeAt(from + k)) return false;
    return true;
  }

  startsWith(w: number, prefix: string): boolean {
    return this.hasAt(w, prefix, 0, 0);
  }

  endsWith(w: number, end: string): boolean {
    return end.length <= this.lengthOf(w) && this.hasAt(w, end, 0, this.lengthOf(w) - end.length);
  }
}
