// A full response cache takes a new entry only for a key asked more often lately than its oldest
// entry's (server/http/frequency-sketch.ts): a stream of keys each asked rarely (a picker's every
// typed start) no longer replaces kept answers with answers as rare, each one garbage soon after.
import { expect } from 'chai';
import { cachedResponse, createResponseCache } from '../server/http/response-cache.ts';
import { FrequencySketch } from '../server/http/frequency-sketch.ts';

const page = (i: number, icons = 200) => cachedResponse(JSON.stringify({ page: i, icons: Array.from({ length: icons }, (_, j) => `icon-${i}-${j}`) }), 'application/json', 'public');

describe('the response cache when full', () => {
  it('keeps what is asked often against a stream of keys asked twice each, and takes a key asked more often', () => {
    const cache = createResponseCache(1024 * 1024);
    const ask = (key: string, times: number) => {
      for (let i = 0; i < times; i++) cache.get(key);
    };
    // 80 pages of ~11 KB: most of the budget.
    const popular = Array.from({ length: 80 }, (_, i) => `/popular/${i}`);
    popular.forEach((key, i) => {
      ask(key, 4);
      expect(cache.set(key, page(i, 500))).to.equal(true);
    });
    let taken = 0;
    for (let i = 0; i < 3_000; i++) {
      // The popular pages are asked again now and then, as they are.
      if (i % 50 === 0) for (const key of popular) ask(key, 1);
      ask(`/rare/${i}`, 2);
      if (cache.set(`/rare/${i}`, page(1_000 + i, 500))) taken++;
    }
    expect(taken, 'rare keys taken (of 3,000)').to.be.below(100);
    expect(popular.filter((key) => cache.get(key) !== undefined).length, 'popular pages kept (of 80)').to.be.at.least(70);
    ask('/newly-popular', 8);
    expect(cache.set('/newly-popular', page(9_999, 500))).to.equal(true);
    expect(cache.get('/newly-popular')).to.not.equal(undefined);
    expect(cache.bytes).to.be.at.most(1024 * 1024);
  });

  it('takes, now and then, a key asked as often as the sketch counts when every kept key was asked as often', () => {
    const cache = createResponseCache(1024 * 1024);
    const ask = (key: string, times: number) => {
      for (let i = 0; i < times; i++) cache.get(key);
    };
    // Full of pages each asked past the sketch's ceiling (a load of popular searches).
    for (let i = 0; i < 100; i++) {
      ask(`/hot/${i}`, 20);
      cache.set(`/hot/${i}`, page(i, 500));
    }
    expect(cache.bytes).to.be.above(0.95 * 1024 * 1024);
    // Then one URL asked again and again (an SVG on every page): taken within 128 of its misses once
    // it is at the ceiling (two askings a miss here), the answer of `admits` (asked before building)
    // the same as that of `set` (after).
    let misses = 0;
    while (cache.get('/one-svg') === undefined && misses < 1_000) {
      misses++;
      ask('/one-svg', 1);
      if (cache.admits('/one-svg')) expect(cache.set('/one-svg', page(9_999, 500))).to.equal(true);
    }
    expect(misses).to.be.within(1, 8 + 128);
    expect(cache.get('/one-svg')).to.not.equal(undefined);
    // A key asked twice still is not taken.
    ask('/twice', 2);
    expect(cache.set('/twice', page(10_000, 500))).to.equal(false);
  });

  it('takes every entry while it has room, whatever was asked', () => {
    const cache = createResponseCache(1024 * 1024);
    for (let i = 0; i < 20; i++) expect(cache.set(`/never-asked/${i}`, page(i))).to.equal(true);
    expect(cache.size).to.equal(20);
  });
});

describe('the frequency sketch', () => {
  it('never counts a key fewer times than it was asked (up to its ceiling), and halves every count as askings age', () => {
    const sketch = new FrequencySketch(1024);
    for (let i = 0; i < 5; i++) sketch.increment('sometimes');
    for (let i = 0; i < 20; i++) sketch.increment('often');
    expect(sketch.frequency('sometimes')).to.be.at.least(5);
    expect(sketch.frequency('often'), 'its ceiling').to.equal(15);
    expect(sketch.frequency('never')).to.be.below(sketch.frequency('sometimes'));
    // Other keys' askings, until the counts are halved (10 a counter of a row: ~10,000).
    let others = 0;
    while (sketch.frequency('often') === 15 && others < 100_000) sketch.increment(`other ${others++}`);
    expect(others).to.be.within(5_000, 20_000);
    expect(sketch.frequency('often')).to.equal(7);
  });
});
