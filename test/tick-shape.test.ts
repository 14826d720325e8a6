import { expect } from 'chai';
import { execFileSync } from 'node:child_process';

// In a child process (its own heap, V8's natives syntax): the module is asked to hold a tick
// object, nothing else keeps it, a major collection runs with no tick pending, and then: is it
// still alive, and do tick objects made now have its map?
const probe = `
  import { createHook } from 'node:async_hooks';
  import { holdTickObjectShape } from ${JSON.stringify(new URL('../server/tick-shape.ts', import.meta.url).pathname)};
  const tickObject = () => {
    let made;
    const hook = createHook({ init(_id, type, _trigger, resource) { if (type === 'TickObject') made = resource; } }).enable();
    process.nextTick(() => {});
    hook.disable();
    return made;
  };
  const held = new WeakRef(holdTickObjectShape());
  setTimeout(() => {
    gc({ type: 'major', execution: 'sync' });
    const alive = held.deref();
    console.log(JSON.stringify({ alive: alive !== undefined, sameMap: alive !== undefined && %HaveSameMap(alive, tickObject()), again: alive === holdTickObjectShape() }));
  }, 10);
`;

describe('holding a tick object (process.nextTick keeps its fast path)', () => {
  it('when asked once, holds a tick object through major collections, with the map new tick objects get', () => {
    const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--input-type=module', '-e', probe], { encoding: 'utf8' });
    expect(JSON.parse(out)).to.deep.equal({ alive: true, sameMap: true, again: true });
  });
});
