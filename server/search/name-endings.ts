// The name words ending with a given end ("cal": local, vertical), as the Iconify API's search
// finds them: the words sorted as if spelt backwards, so that those with one ending are one range.
// The order is kept in the index file, and compared in place (no reversed copy of each word).
import { lowerBoundBy } from './lower-bound.ts';

/** Compares `a` and `b` as if each were spelt backwards. */
function compareBackwards(a: string, b: string): number {
  for (let i = a.length - 1, j = b.length - 1; i >= 0 && j >= 0; i--, j--) {
    const difference = a.charCodeAt(i) - b.charCodeAt(j);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/** The tokens that `include` keeps, by their number, in the order of their spelling backwards. */
export function backwardsOrder(tokens: readonly string[], include: (token: number) => boolean): Int32Array {
  const kept: number[] = [];
  for (let t = 0; t < tokens.length; t++) if (include(t)) kept.push(t);
  return Int32Array.from(kept.sort((a, b) => compareBackwards(tokens[a], tokens[b])));
}

/** The tokens of `order` (backwardsOrder) that end with `end` and are longer than it. */
export function tokensEnding(tokens: readonly string[], order: Int32Array, end: string): number[] {
  const found: number[] = [];
  for (let i = lowerBoundBy(order.length, (at) => compareBackwards(tokens[order[at]], end) < 0); i < order.length && tokens[order[i]].endsWith(end); i++) {
    if (tokens[order[i]].length > end.length) found.push(order[i]);
  }
  return found;
}
