// Gives the heap a busy spell grew back to the system once the server is idle. Under load V8 sizes
// its heap by what was live at the last collection times a growing factor, keeps freed pages
// pooled for reuse and leaves pages half empty; its own memory reducer would shrink it when the
// process goes quiet, but it waits for a low allocation rate it does not see here (it traced "high
// alloc" every 8 s on an idle server). One memory-reducing collection (compacting, releasing pooled
// pages) after IDLE_GC_SECONDS without a request does it instead: with all 69 releases touched, heap
// 96 -> 57 MiB and RSS 237 -> 166 MiB for a 74 ms pause, taken only after seconds without a request
// (bench/README.md).
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Logger } from 'pino';

/** Only a heap grown by this much since the last collection here is worth a pause for. */
const MIN_GROWTH_BYTES = 8 * 1024 * 1024;
/**
 * An interval in which the process worked this share of the time at least was busy, requests or
 * not: building the search index after the sets changed took 245-365 ms pauses every 2 s, which
 * slowed the build the first searches wait for.
 */
const BUSY_CPU_SHARE = 0.25;

type Collect = () => void;

/**
 * V8's own gc(), from a context made after the flag is set: this process's global scope gets no
 * `gc` that any module could call. `last-resort` is the collection V8 runs before giving up for
 * lack of memory: it compacts and releases pooled pages, where a regular one keeps them.
 */
function memoryReducingCollection(): Collect {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: object) => void;
  // process.nextTick's tick objects keep their map through it: main.ts holds one (tick-shape.ts).
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

export interface IdleGcOptions {
  /** Seconds without a request after which the heap is collected; 0: never. */
  idleSeconds: number;
  logger: Logger;
  /** For tests: what collects, the heap's committed size, the process's CPU time and the clock (microseconds). */
  collect?: Collect;
  heapBytes?: () => number;
  cpuMicros?: () => number;
  nowMicros?: () => number;
}

const processCpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Call request() for each request; the timer never keeps the process alive. */
export function createIdleGc({
  idleSeconds,
  logger,
  collect,
  heapBytes = () => getHeapStatistics().total_heap_size,
  cpuMicros = processCpuMicros,
  nowMicros = () => performance.now() * 1000,
}: IdleGcOptions) {
  let collectHeap = collect; // V8's, made at the first collection
  let requests = 0;
  let seenAtLastTick = 0;
  let cpuAtLastTick = cpuMicros();
  let timeAtLastTick = nowMicros();
  // Zero: the first idle interval also collects what start-up left (migrations, seeding an empty database).
  let heapAfterCollection = 0;
  const tick = () => {
    // A tick that finds no request since the last one, and little work: idle for a whole interval at least.
    const [cpu, now] = [cpuMicros(), nowMicros()];
    const working = cpu - cpuAtLastTick >= BUSY_CPU_SHARE * (now - timeAtLastTick);
    const busy = requests !== seenAtLastTick || working;
    [seenAtLastTick, cpuAtLastTick, timeAtLastTick] = [requests, cpu, now];
    if (busy) return;
    const before = heapBytes();
    if (before - heapAfterCollection < MIN_GROWTH_BYTES) return;
    const started = performance.now();
    (collectHeap ??= memoryReducingCollection())();
    heapAfterCollection = heapBytes();
    logger.debug({ heapBefore: before, heapAfter: heapAfterCollection, ms: Math.round(performance.now() - started) }, 'idle: collected the heap');
  };
  const timer = idleSeconds > 0 ? setInterval(tick, idleSeconds * 1000).unref() : undefined;
  return {
    request(): void {
      requests++;
    },
    /** One interval's check, as the timer runs it (tests). */
    tick,
    stop(): void {
      clearInterval(timer);
    },
  };
}
