// An index's words are packed in one array of code units (word-list.ts): looking one up, and
// reading one as the start or end of a word, answer what the same words as strings answer.
import { expect } from 'chai';
import { WordList } from '../server/search/word-list.ts';

describe('an index\'s words, packed', () => {
  // Sorted as JavaScript sorts strings: a word that is not Latin-1 after those that are.
  const words = ['', 'a', 'arrow', 'arrows', 'b站', 'calendar', 'pétanque', 'ł', '知乎'].sort();
  const list = WordList.of(words);
  const probes = ['', 'a', 'ar', 'arrow', 'arrowz', 'b', 'b站', 'c', 'pé', 'pe', 'z', 'ł', 'łz', '知', '知乎', '\uffff'];

  it('when a word is looked up, it finds where the strings would (first not below, or the same word)', () => {
    for (const probe of probes) {
      const below = words.findIndex((word) => !(word < probe));
      expect(list.lowerBound(probe), probe).to.equal(below === -1 ? words.length : below);
      expect(list.indexOf(probe), probe).to.equal(words.indexOf(probe));
    }
  });

  it('when a word is read back, it is the string it was made of', () => {
    expect(list.toArray()).to.deep.equal(words);
    expect(WordList.ofLines(words.join('\n')).toArray()).to.deep.equal(words);
  });

  it('when a word is read in place, it answers as startsWith and endsWith of its string, clamped as they are', () => {
    for (const [w, word] of words.entries()) {
      for (const probe of probes) {
        expect(list.startsWith(w, probe), `${word} starts ${probe}`).to.equal(word.startsWith(probe));
        expect(list.endsWith(w, probe), `${word} ends ${probe}`).to.equal(word.endsWith(probe));
        for (const [from, at] of [[1, 0], [0, 1], [1, 2], [2, 5], [5, 2], [1, 9]]) {
          expect(list.hasAt(w, probe, from, at), `${word} ${probe} ${from} ${at}`).to.equal(word.startsWith(probe.slice(from), at));
        }
      }
      expect(list.charCodeAt(w, 0)).to.deep.equal(word.charCodeAt(0));
      expect(list.lengthOf(w)).to.equal(word.length);
    }
  });
});
