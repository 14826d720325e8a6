// Strong compression of kept responses, off the request path: Node's asynchronous zlib runs on
// libuv's thread pool and the event loop only receives the result. At most one job per response
// and coding at a time, and a job that would exceed MAX_JOBS is dropped rather than queued: the
// next request for that response starts it again, so a burst of misses leaves no backlog behind.
import { availableParallelism } from 'node:os';
import { compressStrong, type Coding } from './compression.ts';

// The jobs share the cores with the event loop and the pool's 4 threads with file reads: leave a
// core to the event loop where there are several (availableParallelism counts the cores this
// process may run on), and a pool thread free.
const MAX_JOBS = Math.min(3, Math.max(1, availableParallelism() - 1));

interface Job {
  owner: object;
  coding: Coding;
  finished: Promise<void>;
}
const jobs = new Set<Job>();

const isRunning = (owner: object, coding: Coding) => {
  for (const job of jobs) if (job.owner === owner && job.coding === coding) return true;
  return false;
};

// setImmediate runs after the current turn's I/O callbacks: the request that asked is written
// before a pool thread starts competing with it for a busy core.
const afterThisTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Compresses `bytes` for `owner` in the background and hands the result to `done`, unless that job is running already or too many are. */
export function compressInBackground(owner: object, coding: Coding, bytes: Buffer, done: (compressed: Buffer) => void): void {
  if (jobs.size >= MAX_JOBS || isRunning(owner, coding)) return;
  const job: Job = { owner, coding, finished: Promise.resolve() };
  job.finished = afterThisTurn()
    .then(() => compressStrong(bytes, coding))
    .then(done, () => {
      // Compressing bytes in memory fails only when memory runs out: the response is still served
      // as it is, and a later request tries again.
    })
    .finally(() => jobs.delete(job));
  jobs.add(job);
}

/** Resolves once no compression job is running: for tests, which then see every strong form in place. */
export async function compressionsIdle(): Promise<void> {
  while (jobs.size > 0) await Promise.all([...jobs].map((job) => job.finished));
}
