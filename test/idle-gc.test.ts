// The heap a busy spell grew is given back once the server is idle (IDLE_GC_SECONDS), and only then.
import { expect } from 'chai';
import { getHeapStatistics } from 'node:v8';
import pino from 'pino';
import { createIdleGc } from '../server/idle-gc.ts';
import { buildTestApp } from './helpers.ts';

const logger = pino({ level: 'silent' });
const MiB = 1024 * 1024;
/** A process that does no work between ticks, two seconds apart. */
const resting = () => {
  let now = 0;
  return { cpuMicros: () => 0, nowMicros: () => (now += 2_000_000) };
};

describe('collecting the heap when idle', () => {
  it('collects after an interval without requests, once the heap has grown, and not while busy', () => {
    let heap = 100 * MiB;
    let collections = 0;
    const idleGc = createIdleGc({ idleSeconds: 0, logger, heapBytes: () => heap, collect: () => (collections++, (heap = 60 * MiB)), ...resting() });
    heap = 140 * MiB; // a busy spell grew it
    idleGc.request();
    idleGc.tick(); // requests came in this interval: busy
    expect(collections).to.equal(0);
    idleGc.tick(); // none since: idle
    expect(collections).to.equal(1);
    expect(heap).to.equal(60 * MiB);
    idleGc.tick(); // idle, but nothing grew since: no second pause
    heap = 64 * MiB;
    idleGc.tick();
    expect(collections).to.equal(1);
    heap = 90 * MiB;
    idleGc.request();
    idleGc.tick();
    idleGc.tick();
    expect(collections).to.equal(2);
  });

  it('does not collect while the process works without requests (building the search index)', () => {
    let heap = 140 * MiB;
    let collections = 0;
    let [cpu, now] = [0, 0];
    const idleGc = createIdleGc({ idleSeconds: 0, logger, heapBytes: () => heap, collect: () => (collections++, (heap = 60 * MiB)), cpuMicros: () => cpu, nowMicros: () => now });
    [cpu, now] = [1_000_000, 2_000_000]; // half of the interval at work
    idleGc.tick();
    expect(collections).to.equal(0);
    [cpu, now] = [1_100_000, 4_000_000]; // a twentieth: idle
    idleGc.tick();
    expect(collections).to.equal(1);
  });

  it('collects once, at the first idle interval, what start-up left (seeding an empty database)', () => {
    let heap = 120 * MiB;
    let collections = 0;
    const idleGc = createIdleGc({ idleSeconds: 0, logger, heapBytes: () => heap, collect: () => (collections++, (heap = 50 * MiB)), ...resting() });
    idleGc.tick();
    idleGc.tick();
    expect(collections).to.equal(1);
  });

  it('gives back the heap garbage grew, with V8 itself', () => {
    const idleGc = createIdleGc({ idleSeconds: 0, logger, ...resting() });
    // Garbage that lives long enough to reach the old generation, then dies.
    let kept: number[][] | null = Array.from({ length: 400 }, () => Array.from({ length: 20_000 }, (_, i) => i + 0.5));
    const grown = getHeapStatistics().total_heap_size;
    kept = null;
    idleGc.tick();
    const after = getHeapStatistics().total_heap_size;
    expect(kept).to.equal(null);
    expect((grown - after) / MiB, `heap ${(grown / MiB).toFixed(0)} -> ${(after / MiB).toFixed(0)} MiB`).to.be.above(40);
  });

  it('takes IDLE_GC_SECONDS, 2 by default, 0 for never', async () => {
    expect((await buildTestApp()).config.idleGcSeconds).to.equal(2);
    expect((await buildTestApp({ env: { IDLE_GC_SECONDS: '0' } })).config.idleGcSeconds).to.equal(0);
  });
});
