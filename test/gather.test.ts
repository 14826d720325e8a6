// What an icon answer holds (server/iconify/icons-answer.ts): each icon, alias and missing name
// once, in the order the asked names meet them, however long the list (short lists are searched
// from the start, long ones through a Set).
import { expect } from 'chai';
import { gather } from '../server/iconify/icons-answer.ts';
import { KeptSet } from '../server/iconify/kept-sets.ts';

describe('gathering an icon answer', () => {
  const icons = Array.from({ length: 150 }, (_, i) => ({ name: `icon-${i}`, parent: null, data: '{"body":""}' }));
  const kept = new KeptSet([...icons, { name: 'alias-a', parent: 'icon-3', data: '{"parent":"icon-3"}' }, { name: 'alias-b', parent: 'alias-a', data: '{"parent":"alias-a"}' }]);
  const namesOf = (entries: number[]) => entries.map((entry) => kept.nameOf(entry));

  for (const count of [10, 150]) {
    it(`holds each entry once, in the order met, for ${count} distinct icons asked twice over`, () => {
      const asked = icons.slice(0, count).map((icon) => icon.name);
      const found = gather(kept, null, [...asked, 'alias-b', 'no-such', ...asked.slice().reverse(), 'alias-a', 'no-such', 'alias-b']);
      expect(namesOf(found.icons)).to.deep.equal(asked);
      expect(namesOf(found.aliases as number[])).to.deep.equal(['alias-b', 'alias-a']);
      expect(found.missing).to.deep.equal(['no-such']);
    });
  }

  it('answers a code point as an alias of its icon, once however often it is asked', () => {
    const found = gather(kept, { f101: 'icon-7' }, ['f101', 'icon-7', 'f101']);
    expect(namesOf(found.icons)).to.deep.equal(['icon-7']);
    expect(found.aliases).to.have.length(1);
    expect(found.aliases[0]).to.include({ name: 'f101', icon: 'icon-7' });
  });
});
