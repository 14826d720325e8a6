// Answers written from a kept set carry their set's tag, not a hash of their own bytes
// (IconSetsService.iconsDataJsonNow): the tag names the layout by ANSWER_LAYOUT. This test holds
// the bytes each layout writes for one fixed batch, so that a change of them fails here until
// ANSWER_LAYOUT is raised (and clients holding answers of the old layout get the new bytes).
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { gather, answerBytes, ANSWER_LAYOUT } from '../server/iconify/icons-answer.ts';
import { KeptSet } from '../server/iconify/kept-sets.ts';

/** Per layout, the sha256 of the fixed batch's answer (below). */
const LAYOUT_HASHES: Record<number, string> = {
  1: '6addab933878661cb7c21a5911ab1943344329713d73a2ecc47c8507facd1064',
};

describe('the layout of icon answers', () => {
  it('writes the bytes its ANSWER_LAYOUT names (raise it, and record the new hash here, when they change)', () => {
    const kept = new KeptSet([
      { name: 'square', parent: null, data: '{"body":"<path d=\\"M0 0h24v24H0z\\"/>","width":20}' },
      { name: 'box', parent: 'square', data: '{"parent":"square","hFlip":true}' },
      { name: 'text', parent: null, data: '{"body":"<text>é ü</text>"}' },
    ]);
    const set = { prefix: 'tiny', lastModified: 1700000000, defaults: { width: 24, height: 24 } };
    const found = gather(kept, { f101: 'square' }, ['box', 'f101', 'no-such', 'square', 'text']);
    const bytes = answerBytes(set, found, kept);
    expect(JSON.parse(bytes.toString())).to.have.keys('prefix', 'lastModified', 'aliases', 'width', 'height', 'icons', 'not_found');
    expect(createHash('sha256').update(bytes).digest('hex'), bytes.toString()).to.equal(LAYOUT_HASHES[ANSWER_LAYOUT]);
  });
});
