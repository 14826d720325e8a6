// The word forms search reads (server/search/word-forms.json) are data people review: groups of
// forms of one word that the Porter stemmer does not join, each reaching Font Awesome's metadata.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { stemmer } from 'stemmer';
import { otherFormsOf } from '../server/search/word-forms.ts';
import { metadataStems } from './metadata-stems.ts';
import { root } from './process-helpers.ts';

const { groups } = JSON.parse(readFileSync(join(root, 'server/search/word-forms.json'), 'utf8')) as { groups: string[][] };

describe('the word forms of search', () => {
  it('are groups of two or more distinct lower-case words, each word in one group', () => {
    const seen = new Set<string>();
    for (const group of groups) {
      expect(group.length, group.join(' ')).to.be.at.least(2);
      for (const word of group) {
        expect(word, group.join(' ')).to.match(/^[a-z]+$/);
        expect(seen.has(word), word).to.equal(false);
        seen.add(word);
      }
    }
  });

  it('join only what the stemmer does not', () => {
    const joined = groups.filter((group) => new Set(group.map((word) => stemmer(word))).size < group.length);
    expect(joined.map((group) => group.join(' '))).to.deep.equal([]);
  });

  it('each reach a word of the Font Awesome 7 metadata', () => {
    const stems = metadataStems();
    const dead = groups.filter((group) => !group.some((word) => stems.has(stemmer(word))));
    expect(dead.map((group) => group.join(' '))).to.deep.equal([]);
  });

  it('give a word its other forms, and an inflection of a listed word those of the word', () => {
    expect(otherFormsOf('sent', stemmer('sent'))).to.deep.equal(['send']);
    expect(otherFormsOf('colours', stemmer('colours'))).to.deep.equal(['color']);
    expect(otherFormsOf('children', stemmer('children'))).to.deep.equal(['child']);
    expect(otherFormsOf('house', stemmer('house'))).to.deep.equal([]);
    expect(otherFormsOf('sunny', stemmer('sunny'))).to.deep.equal(['sun']); // weather-sunny is the sun
    // Never backwards: "leave" is not read as the listed "leaves" reduced, so it is no form of leaf.
    expect(otherFormsOf('leaves', stemmer('leaves'))).to.deep.equal(['leaf']);
    expect(otherFormsOf('leave', stemmer('leave'))).to.deep.equal([]);
  });

  it('read an adverb as its adjective, which the stemmer does not join, when that is a word of its own', () => {
    const forms = (word: string) => otherFormsOf(word, stemmer(word));
    expect(forms('successfully')).to.deep.equal(['successful']);
    expect(forms('happily')).to.deep.equal(['happy']);
    expect(forms('automatically')).to.deep.equal(['automatic']);
    // Too short to be an adjective once "ly" is off: apply is no app, early no ear.
    expect([...forms('apply'), ...forms('early'), ...forms('reply')]).to.deep.equal([]);
  });
});
