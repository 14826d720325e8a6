// The name words ending with a given end ("cal": local, vertical), as the Iconify API's search
// finds them: the words sorted as if spelt backwards, so that those with one ending are one range.
// The order is kept in the index file, and compared in place (no reversed copy of each word).
import { lowerBoundBy } from './lower-bound.ts';
import type { WordList } from './word-list.ts';

/** Compares token `a` with token `b`, or with the string `b`, as if each were spelt backwards. */
function compareBackwards(tokens: WordList, a: number, b: number | string): number {
  const [lengthA, lengthB] = [tokens.lengthOf(a), typeof b === 'string' ? b.length : tokens.lengthOf(b)];
  for (let i = lengthA - 1, j = lengthB - 1; i >= 0 && j >= 0; i--, j--) {
    const difference = tokens.charCodeAt(a, i) - (typeof b === 'string' ? b.charCodeAt(j) : tokens.charCodeAt(b, j));
    if (difference !== 0) return difference;
  }
  return lengthA - lengthB;
}

/** The tokens that `include` keeps, by their number, in the order of their spelling backwards. */
export function backwardsOrder(tokens: WordList, include: (token: number) => boolean): Int32Array {
  const kept: number[] = [];
  for (let t = 0; t < tokens.length; t++) if (include(t)) kept.push(t);
  return Int32Array.from(kept.sort((a, b) => compareBackwards(tokens, a, b)));
}

/** The tokens of `order` (backwardsOrder) that end with `end` and are longer than it. */
export function tokensEnding(tokens: WordList, order: Int32Array, end: string): number[] {
  const found: number[] = [];
  for (let i = lowerBoundBy(order.length, (at) => compareBackwards(tokens, order[at], end) < 0); i < order.length && tokens.endsWith(order[i], end); i++) {
    if (tokens.lengthOf(order[i]) > end.length) found.push(order[i]);
  }
  return found;
}
