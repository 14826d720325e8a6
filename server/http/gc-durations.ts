// `nodejs_gc_duration_seconds` as prom-client's default metrics write it (same name, help, label
// and buckets), without a 'gc' PerformanceObserver. With one, every collection makes objects
// (node's entry, then prom-client's labels) that live into the old generation: 2.5 KB a
// collection for node's alone, 6.5 KB with prom-client's observer (a scratch loop); under a
// cached answer's load (~70 scavenges a second) that was 10 of its 11 bytes a request promoted,
// and so the mark-compact pauses (bench/README.md, issue 46). V8's GCProfiler records each
// collection on its own side instead; its records are turned into the histogram's counts once a
// second and at each scrape.
import { GCProfiler } from 'node:v8';
import { Histogram, type Registry } from 'prom-client';

const KINDS: Record<string, string> = {
  Scavenge: 'minor',
  MinorMarkSweep: 'minor',
  MarkSweepCompact: 'major',
  IncrementalMarking: 'incremental',
  ProcessWeakCallbacks: 'weakcb',
};
/** A second of records is ~70 under load, ~4 KB each: read often enough that a read stays short. */
const READ_EVERY_MS = 1000;

export function countGcDurations(registry: Registry): void {
  const profiler = new GCProfiler();
  const read = () => {
    const { statistics } = profiler.stop() ?? { statistics: [] };
    profiler.start();
    for (const { gcType, cost } of statistics) {
      const kind = KINDS[gcType];
      if (kind) histogram.observe({ kind }, cost / 1e6); // cost: microseconds
    }
  };
  const histogram = new Histogram({
    name: 'nodejs_gc_duration_seconds',
    help: 'Garbage collection duration by kind, one of major, minor, incremental or weakcb.',
    labelNames: ['kind'],
    buckets: [0.001, 0.01, 0.1, 1, 2, 5],
    registers: [registry],
    collect: read,
  });
  profiler.start();
  setInterval(read, READ_EVERY_MS).unref();
}
