// `nodejs_gc_duration_seconds` as prom-client's default metrics write it (same name, help, label
// and buckets), from a 'gc' PerformanceObserver as prom-client's own, but observing through the
// histogram's children made once. Not V8's GCProfiler, restarted each second to read it: each
// restart left the stopped profiler's native side (a second of records as text, ~4 MiB under a
// busy load) for a mark-compact to free, since its handle had reached the old generation. Once
// the access log stopped starting mark-compacts (chunk-writer.ts) that grew RSS by ~5 MiB a
// second of load: 226-256 MiB after 14 s of new GraphQL pairs, against 151-152 without it
// (bench/README.md, issue 46). The observer's entries instead bring ~20 bytes a request into the
// old generation (2.5 KB a collection, 2026-11-27): a mark-compact every ~15 s of that load,
// which frees them.
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { Histogram, type Registry } from 'prom-client';

const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MINOR_MARK_SWEEP]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

/** A 'gc' entry: node sets its detail (the typings leave it out). */
type GcEntry = PerformanceEntry & { detail: { kind: number } };

export function countGcDurations(registry: Registry): void {
  const histogram = new Histogram({
    name: 'nodejs_gc_duration_seconds',
    help: 'Garbage collection duration by kind, one of major, minor, incremental or weakcb.',
    labelNames: ['kind'],
    buckets: [0.001, 0.01, 0.1, 1, 2, 5],
    registers: [registry],
  });
  const byKind = new Map(Object.entries(KINDS).map(([kind, name]) => [Number(kind), histogram.labels(name)]));
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) byKind.get((entry as unknown as GcEntry).detail.kind)?.observe(entry.duration / 1000);
  }).observe({ entryTypes: ['gc'] });
}
