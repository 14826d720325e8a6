// The V8 flags and allocator settings the service runs with: `npm start` (package.json, checked
// against this by test/node-flags.test.ts), the executable (scripts/build.ts, the SEA's execArgv;
// the allocator's through the systemd unit) and the benches (bench/support.ts).
//
// - The old-space limit: V8 grows its heap lazily, and without a limit RSS under many distinct
//   requests climbs far past what is live (1.2 GiB for ~90 MiB live, bench:memory).
// - The young generation: with that limit V8 lets each semi-space grow to 64 MiB, so a busy server
//   keeps 128 MiB of young generation whatever is live: RSS 315 MiB after bench:rest's load on the
//   three default releases, against 168 MiB with V8's usual 16 MiB (bench/README.md, the A/B). 8 MiB
//   saves another ~15 MiB; since the access log allocates little (2026-11-24), the speed benches show
//   no difference between 16, 8 and 4 within this machine's noise. 4 MiB (2026-11-25): 5 MiB less
//   RSS after the Iconify loads on every open set (186 -> 181 from the sources), 3 MiB less after
//   bench:graphql's, batches and searches as fast.
// - One worker for concurrent marking, not V8's up to one per worker thread (Node starts four,
//   whatever the cores): on a server given one core (the benches pin it to core 0) the markers
//   share it with the main thread, and a mark-compact's ~150 ms of background marking starved the
//   requests around it. Under new GraphQL pairs at 32 connections (2026-11-27, bench/README.md,
//   issue 46): p99 5.4-9.2 against 11.5-24.5 ms in four alternated rounds at the same CPU a request,
//   RSS after bench:graphql-peer's load 114 MiB (the peer 154). Fewer V8 workers in all
//   (--v8-pool-size) did as well for the tail but left RSS at 441 MiB after that load.
export const NODE_FLAGS = ['--max-old-space-size=384', '--max-semi-space-size=4', '--concurrent-marking-max-worker-num=1'];

/**
 * glibc's allocator, set in the environment of `npm start`, the README's systemd unit and the
 * benches (glibc reads it at process start: the executable cannot set it for itself). Two arenas
 * instead of up to 16 (one a thread: libuv's pool, V8's workers), and allocations above 128 KiB
 * (brotli's window, SQLite's statements, zlib's state) mapped and given back when freed rather than
 * left in an arena: 9-17 MiB less RSS after the benches' loads, no difference in their speed
 * (bench/README.md).
 */
export const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };
