// The few documents found last, matched by comparing the text rather than hashing it. Every new
// body (a picker's keystroke, a new search) brings its document as a new string, and a map lookup
// hashes all of it first: ~300 ns for a picker's ~230-character search, twice a request (the
// compiled document, then the admission's check). Comparing it with a kept string of the same
// length is ~10 ns, and strings of another length are told apart at once.
// Holds only what the map it stands before still holds: that map forgets a value here as it drops it.

/** `slots`: documents remembered (a client sends few; they are compared in turn). */
export function createRecentDocuments<T>(slots = 4) {
  const sources: (string | null)[] = new Array(slots).fill(null);
  const names: (string | null)[] = new Array(slots).fill(null);
  const values: (T | undefined)[] = new Array(slots).fill(undefined);
  let next = 0;
  return {
    /** The value kept for this document and operation name, if one of the last few. */
    find(source: string, operationName: string | null | undefined): T | undefined {
      const name = operationName ?? null;
      for (let i = 0; i < slots; i++) if (sources[i] === source && names[i] === name) return values[i];
      return undefined;
    },
    /** Keeps `value` in place of the one kept longest. */
    remember(source: string, operationName: string | null | undefined, value: T): void {
      sources[next] = source;
      names[next] = operationName ?? null;
      values[next] = value;
      next = (next + 1) % slots;
    },
    /** Forgets `value` wherever it is kept (its map dropped it). */
    forget(value: T): void {
      for (let i = 0; i < slots; i++) {
        if (values[i] !== value) continue;
        sources[i] = names[i] = null;
        values[i] = undefined;
      }
    },
  };
}
