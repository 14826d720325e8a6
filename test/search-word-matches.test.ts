import { expect } from 'chai';
import { WordMatches } from '../server/search/word-matches.ts';

describe("a search's arrays of word matches", () => {
  // An index over every open set is 380k icons: more than 100,000 keeps only three arrays a size.
  const documentCount = 123_457;
  /** An array's bytes: a match (16 bits) per icon. */
  const arrayBytes = documentCount * 2;

  it('when a query of eight words ends, gives back now what it does not keep for the next search', () => {
    const before = process.memoryUsage().arrayBuffers;
    const words = Array.from({ length: 8 }, (_, w) => {
      const matches = new WordMatches(documentCount);
      for (let d = w; d < documentCount; d += 97) matches.set(d, 3000, 0);
      return matches;
    });
    const held = process.memoryUsage().arrayBuffers - before;
    for (const matches of words) matches.release();
    const left = process.memoryUsage().arrayBuffers - before;
    expect(held).to.be.at.least(8 * arrayBytes);
    // Three kept for the next search (with their short lists of the icons matched), none left to
    // the collector, which with every set started a mark-compact every few such queries.
    expect(left).to.be.at.least(3 * arrayBytes);
    expect(left).to.be.below(4 * arrayBytes);
  });

  it('when the next search asks for arrays, reads them zeroed, kept or new', () => {
    const words = Array.from({ length: 8 }, () => new WordMatches(documentCount));
    for (const matches of words) expect(matches.get(5)).to.equal(undefined);
    for (const matches of words) matches.release();
  });
});
