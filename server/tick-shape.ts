// process.nextTick makes each tick object as a literal with computed symbol keys. When a major
// collection finds none of them alive, V8 drops that literal's map, and every later tick object is
// made on its slow path for the rest of the process: 60-100 -> 290-480 ns a nextTick in a scratch
// loop, after a regular major collection as after the idle one (idle-gc.ts). node:http calls it
// several times a request, and start-up alone makes several mark-compacts. One tick object held
// from the start for the life of the process keeps the map alive: in the server after a load,
// 50-100 against 270-400 ns a call, and 0.9 against 4.4% of a new-pair search's profile
// (bench/README.md, issue 46).
import { createHook } from 'node:async_hooks';

let held: object | undefined;

/** Holds one tick object of process.nextTick's (once; later calls return the same). */
export function holdTickObjectShape(): object {
  if (held) return held;
  // Async hooks see each tick object as it is made; enabled for this one tick only.
  const hook = createHook({
    init(_id, type, _trigger, resource: object) {
      if (type === 'TickObject') held ??= resource;
    },
  });
  hook.enable();
  process.nextTick(() => {});
  hook.disable();
  return held!;
}
