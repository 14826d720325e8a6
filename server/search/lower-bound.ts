/** The first of `length` positions at which `below` turns false (it is true for a prefix of them, then false). */
export function lowerBoundBy(length: number, below: (at: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (below(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
