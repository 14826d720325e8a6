// Many releases in a row (`seed add --all`, bench:import): while this thread writes one release to
// the database, a worker thread reads the next from its package (fetching, unpacking, parsing and
// building its document: most of an import's CPU time), so two cores work at once. A release
// without metadata borrows labels from the releases with metadata loaded before it, so it is read
// only once those are committed. Each release stays all-or-nothing; a failure is reported for its
// source and the others go on.
import { isSea } from 'node:sea';
import { Worker } from 'node:worker_threads';
import { addRelease, loadPrepared, type AddOptions, type AddResult, type PreparedRelease } from './add-release.ts';
import { asDatabase, type DatabaseHandle } from './database-handle.ts';
import { versionHasMetadata } from './import/labels.ts';
import type { PrepareRequest } from './prepare-worker.ts';
import { preparedFrom, type PreparedMessage } from './prepared-message.ts';

export interface ReleaseSource {
  /** What addRelease takes: a version, a package folder, a .tgz, a release document. */
  spec: string;
  /** The release's version when known before reading it: lets the next one be read meanwhile. */
  version?: string;
  options?: AddOptions;
}

export type AddOutcome = { source: ReleaseSource; result: AddResult } | { source: ReleaseSource; error: Error };

type Prepared = { prepared: PreparedRelease } | { error: Error };

/** Whether `next` can be read before `current` is committed: it borrows nothing from it. */
const independent = (current: ReleaseSource, next: ReleaseSource) =>
  current.version !== undefined && next.version !== undefined && (versionHasMetadata(next.version) || !versionHasMetadata(current.version));

/** Adds `sources` in order, yielding each one's outcome as it is committed. */
export async function* addReleases(handle: DatabaseHandle, sources: ReleaseSource[]): AsyncGenerator<AddOutcome> {
  const db = asDatabase(handle);
  const file = db.sqlite?.$client.name ?? '';
  // The worker reads the file over its own connection: not for a database in memory, nor in the
  // single executable (no worker script to start there), nor on PostgreSQL (its reads of earlier
  // releases' labels are SQLite's; one release at a time there).
  if (!db.sqlite || db.sqlite.$client.memory || file === '' || isSea()) {
    for (const source of sources) {
      try {
        yield { source, result: await addRelease(db, source.spec, source.options) };
      } catch (error) {
        yield { source, error: error as Error };
      }
    }
    return;
  }
  const worker = new Worker(new URL('./prepare-worker.ts', import.meta.url), { workerData: { databasePath: file } });
  const waiting = new Map<number, (prepared: Prepared) => void>();
  worker.on('message', (message: PreparedMessage | { id: number; error: string }) => {
    waiting.get(message.id)?.('error' in message ? { error: new Error(message.error) } : { prepared: preparedFrom(message) });
    waiting.delete(message.id);
  });
  // A worker that dies fails every release still asked for, rather than leaving them waiting.
  worker.on('error', (error) => {
    for (const settle of waiting.values()) settle({ error });
    waiting.clear();
  });
  // Never rejects: a read that fails while this thread is busy must not be an unhandled rejection.
  const read = (id: number) =>
    new Promise<Prepared>((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({ id, spec: sources[id].spec, options: sources[id].options ?? {} } satisfies PrepareRequest);
    });
  try {
    let next = sources.length > 0 ? read(0) : undefined;
    for (let i = 0; i < sources.length; i++) {
      const source = sources[i];
      const current = await next!;
      const ahead = i + 1 < sources.length && independent(source, sources[i + 1]);
      if (ahead) next = read(i + 1);
      let outcome: AddOutcome;
      if ('error' in current) outcome = { source, error: current.error };
      else {
        try {
          outcome = { source, result: await loadPrepared(db, current.prepared, source.options) };
        } catch (error) {
          outcome = { source, error: error as Error };
        }
      }
      if (!ahead && i + 1 < sources.length) next = read(i + 1);
      yield outcome;
    }
  } finally {
    await worker.terminate();
  }
}
