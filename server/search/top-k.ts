/**
 * The k-th largest of `values` (1-based; reorders them), by quickselect: linear on average, where
 * sorting 100k keys to take the best 64 was most of a broad search.
 */
export function kthLargest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  const target = Math.min(Math.max(k, 1), values.length) - 1; // index in descending order
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i] > pivot) i++;
      while (values[j] < pivot) j--;
      if (i <= j) {
        const swap = values[i];
        values[i++] = values[j];
        values[j--] = swap;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  return values[target];
}
