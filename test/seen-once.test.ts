import { expect } from 'chai';
import { fnv1a } from '../server/fnv1a.ts';
import { createSeenOnce } from '../server/http/seen-once.ts';

describe('the seen-once table (which URLs came before)', () => {
  it('answers true the second time a key comes, then forgets it', () => {
    const seen = createSeenOnce(1024);
    expect(seen('/iconify/mdi.json?icons=home')).to.equal(false);
    expect(seen('/iconify/mdi.json?icons=bell')).to.equal(false);
    expect(seen('/iconify/mdi.json?icons=home')).to.equal(true);
    expect(seen('/iconify/mdi.json?icons=home')).to.equal(false); // a third time counts as a first again
    expect(seen('/iconify/mdi.json?icons=bell')).to.equal(true);
  });

  it('tells apart keys that differ in one character, anywhere', () => {
    const seen = createSeenOnce(1 << 16);
    const base = `/iconify/mdi.json?icons=${Array.from({ length: 20 }, (_, i) => `icon-${i}`).join(',')}`;
    const variants = Array.from({ length: base.length }, (_, i) => base.slice(0, i) + String.fromCharCode(base.charCodeAt(i) ^ 1) + base.slice(i + 1));
    for (const key of [base, ...variants]) expect(seen(key), key).to.equal(false);
    expect(seen(base)).to.equal(true);
  });

  it('when keys that share a slot come in turns, sees each of them the second time', () => {
    // Four keys whose hashes pick the same slot of a 1,024-slot table, found by trying names.
    const slotOf = (key: string) => ((fnv1a(key) | 1) >>> 1) % 1024;
    const keys: string[] = [];
    for (let i = 0; keys.length < 4; i++) if (slotOf(`arrow circle ${i}`) === slotOf('arrow circle 0')) keys.push(`arrow circle ${i}`);
    const seen = createSeenOnce(1024);
    for (const key of keys) expect(seen(key), key).to.equal(false);
    for (const key of keys) expect(seen(key), key).to.equal(true);
  });

  it('holds a fixed number of slots whatever comes: newer keys take older ones\' places', () => {
    const seen = createSeenOnce(64);
    for (let i = 0; i < 10_000; i++) seen(`/iconify/mdi.json?icons=n${i}`);
    expect(seen('/iconify/mdi.json?icons=n9999'), 'the newest').to.equal(true);
    expect(seen('/iconify/mdi.json?icons=n0'), 'the oldest, long overwritten').to.equal(false);
  });
});
