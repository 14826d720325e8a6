// The UI intents search reads (server/search/ui-intents.json) are data people review: each a word
// of a request and the names of the icons interfaces draw for it, in the form icon names take.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { root } from './process-helpers.ts';

const { intents, contexts, phrases, states } = JSON.parse(readFileSync(join(root, 'server/search/ui-intents.json'), 'utf8')) as {
  intents: Record<string, string[]>;
  phrases: Record<string, string[]>;
  states: Record<string, string[]>;
  contexts: Record<string, { words: string[]; concepts: string[] }>;
};

describe('the UI intents of search', () => {
  it('are lower-case words, each with one to five distinct icon names', () => {
    for (const [word, names] of Object.entries(intents)) {
      expect(word).to.match(/^[a-z]+$/);
      expect(names.length, word).to.be.within(1, 5);
      expect(new Set(names).size, word).to.equal(names.length);
      for (const name of names) expect(name, word).to.match(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });

  it('name actions and states, not the objects whose names say them already (no intent is one of its own names only)', () => {
    const selfOnly = Object.entries(intents).filter(([word, names]) => names.length === 1 && names[0] === word).map(([word]) => word);
    expect(selfOnly).to.deep.equal([]);
  });

  it('have phrases: two lower-case words, each phrase with one to six distinct icon names, none a name the words give', () => {
    for (const [phrase, names] of Object.entries(phrases)) {
      expect(phrase).to.match(/^[a-z]+ [a-z]+$/);
      expect(names.length, phrase).to.be.within(1, 6);
      expect(new Set(names).size, phrase).to.equal(names.length);
      for (const name of names) expect(name, phrase).to.match(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      // "zoom in" is zoom-in already: a phrase says what its words' names do not.
      expect(names, phrase).to.not.include(phrase.replace(' ', '-'));
    }
  });

  it('have states: a state part of icon names, and distinct lower-case words saying it', () => {
    for (const [part, words] of Object.entries(states)) {
      expect(part).to.match(/^[a-z]+$/);
      expect(words.length, part).to.be.within(1, 12);
      expect(new Set(words).size, part).to.equal(words.length);
      for (const word of words) expect(word, part).to.match(/^[a-z]+$/);
    }
  });

  it('have contexts: a few lower-case words of a domain, and the icon names interfaces draw in it', () => {
    for (const [name, { words, concepts }] of Object.entries(contexts)) {
      expect(words.length, name).to.be.within(1, 12);
      expect(new Set(words).size, name).to.equal(words.length);
      for (const word of words) expect(word, name).to.match(/^[a-z]+$/);
      expect(new Set(concepts).size, name).to.equal(concepts.length);
      for (const concept of concepts) expect(concept, name).to.match(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });
});
