// The synonym groups search reads (server/search/ui-synonyms.json) are data people review: each a
// set of plain words, and each reaching the words Font Awesome's metadata uses, so that no group is
// dead weight and none names an icon in code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { stemmer } from 'stemmer';
import { defaultPackageDir } from '../seeds/defaults.ts';
import { root } from './process-helpers.ts';

const { groups } = JSON.parse(readFileSync(join(root, 'server/search/ui-synonyms.json'), 'utf8')) as { groups: string[][] };

describe('the synonym groups of search', () => {
  it('are groups of two or more distinct lower-case words', () => {
    for (const group of groups) {
      expect(group.length, group.join(' ')).to.be.at.least(2);
      expect(new Set(group).size, group.join(' ')).to.equal(group.length);
      for (const word of group) expect(word, group.join(' ')).to.match(/^[a-z][a-z0-9]*$/);
    }
  });

  it('each reach a word of the Font Awesome 7 metadata, in some form', () => {
    const metadata = JSON.parse(readFileSync(join(defaultPackageDir('7.3.1'), 'metadata', 'icon-families.json'), 'utf8')) as Record<
      string,
      { label: string; aliases?: { names?: string[] }; search?: { terms?: string[] } }
    >;
    const stems = new Set<string>();
    for (const [id, icon] of Object.entries(metadata)) {
      for (const text of [id, icon.label, ...(icon.aliases?.names ?? []), ...(icon.search?.terms ?? [])]) {
        for (const word of String(text).toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word) stems.add(stemmer(word));
      }
    }
    const dead = groups.filter((group) => !group.some((word) => stems.has(stemmer(word))));
    expect(dead.map((group) => group.join(' '))).to.deep.equal([]);
  });
});
