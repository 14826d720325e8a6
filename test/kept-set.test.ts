// A kept icon set finds its entries by name from its own bytes (server/iconify/kept-sets.ts): every
// name, and nothing that only looks like one.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { KeptSet } from '../server/iconify/kept-sets.ts';

describe('a kept icon set', () => {
  const mdi = JSON.parse(readFileSync('node_modules/@iconify-json/mdi/icons.json', 'utf8')) as { icons: Record<string, object>; aliases: Record<string, { parent: string }> };
  const rows = [
    ...Object.entries(mdi.icons).map(([name, icon]) => ({ name, parent: null, data: JSON.stringify(icon) })),
    ...Object.entries(mdi.aliases).map(([name, alias]) => ({ name, parent: alias.parent, data: JSON.stringify(alias) })),
  ];
  const kept = new KeptSet(rows);

  it('finds every name of mdi as its own entry, with its parent and its member', () => {
    rows.forEach((row, entry) => {
      expect(kept.find(row.name), row.name).to.equal(entry);
      expect(kept.nameOf(entry)).to.equal(row.name);
      expect(kept.dataOf(entry)).to.equal(row.data);
      const parent = kept.parentOf(entry);
      expect(parent === null ? null : kept.nameOf(parent!)).to.equal(row.parent);
    });
  });

  it('finds nothing for a prefix, a longer name, another case, or a name running on into the JSON of its member', () => {
    expect(rows.some((row) => row.name === 'home') && rows.some((row) => row.name === 'home-outline')).to.equal(true);
    for (const asked of ['hom', 'home-', 'home-outlin', 'home-outline-x', 'Home', 'home"', 'home":', `home":${JSON.stringify(mdi.icons.home).slice(0, 8)}`, '', 'hōme'])
      expect(kept.find(asked), asked).to.equal(undefined);
  });

  it('hashes all its answers copy: the same rows the same hash, another body, name or parent another hash', () => {
    const small = [
      { name: 'a', parent: null, data: '{"body":"<path/>"}' },
      { name: 'b', parent: 'a', data: '{"parent":"a"}' },
      { name: 'c', parent: null, data: '{"body":"<g/>"}' },
    ];
    const hashOf = (rows: typeof small) => new KeptSet(rows).contentHash;
    expect(hashOf(small)).to.equal(hashOf(small.map((row) => ({ ...row }))));
    const others = [
      [small[0], small[1], { ...small[2], data: '{"body":"<g />"}' }],
      [small[0], small[1], { ...small[2], name: 'd' }],
      // The same bytes, b leading to c instead of a.
      [small[0], { ...small[1], parent: 'c' }, small[2]],
    ];
    for (const rows of others) expect(hashOf(rows), JSON.stringify(rows)).to.not.equal(hashOf(small));
  });

  it('tells an alias whose parent the set lacks from an icon', () => {
    const set = new KeptSet([
      { name: 'a', parent: null, data: '{"body":""}' },
      { name: 'b', parent: 'a', data: '{"parent":"a"}' },
      { name: 'c', parent: 'gone', data: '{"parent":"gone"}' },
    ]);
    expect([set.parentOf(0), set.parentOf(1), set.parentOf(2)]).to.deep.equal([null, 0, undefined]);
  });
});
