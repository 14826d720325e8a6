// The synonym groups search reads (server/search/ui-synonyms.json) are data people review: each a
// set of plain words, and each reaching the words Font Awesome's metadata uses, so that no group is
// dead weight and none names an icon in code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { stemmer } from 'stemmer';
import { metadataStems } from './metadata-stems.ts';
import { root } from './process-helpers.ts';

const { groups, leads } = JSON.parse(readFileSync(join(root, 'server/search/ui-synonyms.json'), 'utf8')) as { groups: string[][]; leads: Record<string, string[]> };

describe('the synonym groups of search', () => {
  it('are groups of two or more distinct lower-case words', () => {
    for (const group of groups) {
      expect(group.length, group.join(' ')).to.be.at.least(2);
      expect(new Set(group).size, group.join(' ')).to.equal(group.length);
      for (const word of group) expect(word, group.join(' ')).to.match(/^[a-z][a-z0-9]*$/);
    }
  });

  it('have looser words that each lead to groups they are no word of', () => {
    for (const [word, heads] of Object.entries(leads)) {
      expect(word).to.match(/^[a-z][a-z0-9]*$/);
      expect(groups.some((group) => group.includes(word)), word).to.equal(false);
      for (const head of heads) expect(groups.some((group) => group.includes(head)), `${word}: ${head}`).to.equal(true);
    }
  });

  it('each reach a word of the Font Awesome 7 metadata, in some form', () => {
    const stems = metadataStems();
    const dead = groups.filter((group) => !group.some((word) => stems.has(stemmer(word))));
    expect(dead.map((group) => group.join(' '))).to.deep.equal([]);
  });
});
