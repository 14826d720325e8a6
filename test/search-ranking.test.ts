import { expect } from 'chai';
import { SearchIndex, type SearchDocument } from '../server/search/search-index.ts';

let rowId = 0;
const doc = (name: string, extra: Partial<SearchDocument> = {}): SearchDocument => ({ rowId: ++rowId, name, label: name.replace(/-/g, ' '), aliases: [], terms: [], categories: [], ...extra });

describe('search ranking, as people expect it', () => {
  const documents = [
    doc('arrow-down-1-9', { label: 'Arrow down 1 9' }),
    doc('arrow-right'),
    doc('arrow-up'),
    doc('arrow-down'),
    doc('arrow'),
    doc('arrows-rotate', { aliases: ['refresh'] }),
    doc('location-arrow'),
    doc('square-caret-up', { terms: ['arrow'] }),
    doc('narrow-thing', { label: 'Narrow' }), // "narrow" is one letter from "arrow"
    doc('house', { aliases: ['home'] }),
    doc('mouse'), // one letter from "house"
    doc('house-chimney', { terms: ['home'] }),
    doc('hospital', { terms: ['house of care'] }),
  ];
  const index = new SearchIndex(documents);
  const names = (query: string) => index.search(query).map((id) => documents.find((d) => d.rowId === id)!.name);

  it('puts the exact id first, then ids starting with the word, shortest first, then word matches', () => {
    expect(names('arrow')).to.deep.equal([
      'arrow',
      'arrow-up',
      'arrow-down',
      'arrow-right',
      'arrows-rotate',
      'arrow-down-1-9',
      'location-arrow',
      'square-caret-up',
      'narrow-thing',
    ]);
  });

  it('ranks one-typo matches after every exact and prefix match', () => {
    const ranked = names('house');
    expect(ranked.slice(0, 2)).to.deep.equal(['house', 'house-chimney']);
    expect(ranked.indexOf('mouse')).to.be.above(ranked.indexOf('hospital'));
    expect(ranked.at(-1)).to.equal('mouse');
  });

  it('puts an exact alias right after an exact id', () => {
    expect(names('home')[0]).to.equal('house');
  });
});
