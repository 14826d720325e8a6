// The documents of an index's postings are kept as the gaps between them (posting-gaps.ts): what is
// read back is what was written, for gaps of one to four bytes.
import { expect } from 'chai';
import { documentsOf, encodeGaps } from '../server/search/posting-gaps.ts';

describe('postings kept as gaps', () => {
  it('when words\' documents are written as gaps, each word reads back its own, in order', () => {
    const words = [[0, 1, 2, 127, 128, 255, 16_383, 16_384, 2_097_151, 2_097_152, 200_000_000], [], [5], [371_024], [3, 300, 30_000, 3_000_000]];
    const postingStart = Int32Array.from([0, ...words.map((docs, t) => words.slice(0, t + 1).flat().length)]);
    const kept = encodeGaps(Int32Array.from(words.flat()), postingStart);
    expect(words.map((_, t) => documentsOf(kept, t))).to.deep.equal(words);
    // A byte for a gap below 128, two below 16,384, three below 2,097,152, else four: the gaps
    // 0, 1, 1, 125, 1, 127, 16,128, 1, 2,080,767, 1, 197,902,848; none; 5; 371,024; 3, 297, 29,700, 2,967,000.
    expect(kept.gaps.length).to.equal(6 + 2 + 1 + 3 + 1 + 4 + 1 + 3 + (1 + 2 + 3 + 4));
  });

  it('when a word\'s documents do not ascend, it refuses them', () => {
    expect(() => encodeGaps(Int32Array.from([4, 2]), Int32Array.from([0, 2]))).to.throw('out of order');
  });
});
