import { expect } from 'chai';
import type { IconSet } from '../server/iconify/icon-sets.service.ts';
import { buildNameIndex, keywordIndex, type NameIndex, type SetListing } from '../server/iconify/name-index.ts';

/** Keyword `keyword`'s postings: an entry as its own name's (n), or only as an alias's (~n). */
const postingsOf = (index: NameIndex, keyword: string) => {
  const k = keywordIndex(index, keyword);
  expect(k, keyword).to.be.at.least(0);
  return [...index.postings.subarray(index.postingStart[k], index.postingStart[k + 1])];
};

const setOf = (id: number, prefix: string) => ({ id, prefix, info: { name: prefix, total: 0 } }) as unknown as IconSet;

describe("the open icon sets' name index", () => {
  it('when an icon and its aliases share a keyword, it posts the icon once, as its own name; by entry, whatever order the names came in', async () => {
    // Entries in listing order: home 0, house-door 1, arrow-left 2 (the second set).
    const listings: Record<string, SetListing> = {
      demo: {
        uncategorized: ['home', 'house-door'],
        aliases: { 'home-variant': 'home', 'variant-home': 'home', building: 'house-door', 'house-outline': 'house-door', 'house-old': 'home', 'lost-alias': 'nowhere' },
      },
      other: { categories: { Arrows: ['arrow-left'] }, aliases: { 'back-home': 'arrow-left' } },
    };
    const index = await buildNameIndex([setOf(1, 'demo'), setOf(2, 'other')], async (set) => listings[set.prefix]);
    expect(index.entryCount).to.equal(3);
    expect(postingsOf(index, 'home')).to.deep.equal([0, ~2]); // its own name once (two aliases have it too); arrow-left's alias
    expect(postingsOf(index, 'house')).to.deep.equal([~0, 1]); // home's alias house-old (read after house-door), then house-door's own name, not its alias as well
    expect(postingsOf(index, 'variant')).to.deep.equal([~0]);
    expect(postingsOf(index, 'building')).to.deep.equal([~1]);
    expect(postingsOf(index, 'arrow')).to.deep.equal([2]);
    expect(index.keywords).to.not.include('lost'); // an alias of an icon the set lacks is not searched
    expect(index.keywords).to.deep.equal([...index.keywords].sort());
  });
});
