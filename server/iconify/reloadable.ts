// A value read on first use and read again after drop(): the set list, the search index. Callers
// arriving while it is read wait for the same read; a read under way when drop() is called is
// never kept (it may have read the state before the change).
export function reloadable<T>(load: () => Promise<T>) {
  let value: T | undefined;
  let pending: Promise<T> | null = null;
  let generation = 0;
  return {
    /** The value when it is read already (no promise: a caller may answer at once). */
    peek(): T | undefined {
      return value;
    },
    get(): Promise<T> {
      if (value !== undefined) return Promise.resolve(value);
      if (pending) return pending;
      const mine = generation;
      pending = load().then(
        (loaded) => {
          if (mine === generation) [value, pending] = [loaded, null];
          return loaded;
        },
        (error: unknown) => {
          if (mine === generation) pending = null;
          throw error;
        },
      );
      return pending;
    },
    drop(): void {
      generation++;
      value = undefined;
      pending = null;
    },
  };
}
