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

/**
 * The largest `k` of the keys added (all when `k` is Infinity), in a heap of `k`: a search of a
 * common word meets 20k icons and wants 64; each is compared with the smallest kept, and few are
 * kept. Keys must differ (a ranking's hold the document's number in their last bits).
 */
export class TopKeys {
  private heap = new Float64Array(64);
  private size = 0;
  private k = 0;

  /** Empties it, for the best `k` of the next search. */
  reset(k: number): this {
    this.k = k;
    this.size = 0;
    return this;
  }

  add(key: number): void {
    const heap = this.heap;
    if (this.size < this.k) {
      if (this.size === heap.length) {
        this.heap = new Float64Array(heap.length * 2);
        this.heap.set(heap);
      }
      if (this.k === Infinity) {
        this.heap[this.size++] = key;
        return;
      }
      // Up from the last leaf.
      let at = this.size++;
      while (at > 0) {
        const parent = (at - 1) >>> 1;
        if (this.heap[parent] <= key) break;
        this.heap[at] = this.heap[parent];
        at = parent;
      }
      this.heap[at] = key;
      return;
    }
    if (key <= heap[0]) return;
    // Down from the root, in place of the smallest.
    const size = this.size;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && heap[child + 1] < heap[child]) child++;
      if (heap[child] >= key) break;
      heap[at] = heap[child];
      at = child;
    }
    heap[at] = key;
  }

  /** The keys kept, largest first (a new array). */
  sorted(): Float64Array {
    return this.heap.slice(0, this.size).sort().reverse();
  }
}
