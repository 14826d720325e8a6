// reloadable(): what the set list and the search index are kept by.
import { expect } from 'chai';
import { reloadable } from '../server/iconify/reloadable.ts';

describe('a reloadable value', () => {
  it('is read once for every caller until dropped, then read again', async () => {
    let reads = 0;
    const value = reloadable(async () => ++reads);
    expect(await Promise.all([value.get(), value.get()])).to.deep.equal([1, 1]);
    expect(await value.get()).to.equal(1);
    value.drop();
    expect(await value.get()).to.equal(2);
  });

  it('never keeps a read that was under way when it was dropped (it may have read the state before the change)', async () => {
    let reads = 0;
    const releases: (() => void)[] = [];
    const value = reloadable(() => new Promise<number>((resolve) => releases.push(() => resolve(++reads))));
    const early = value.get();
    value.drop();
    const late = value.get();
    releases.forEach((release) => release());
    expect(await early).to.equal(1);
    expect(await late).to.equal(2);
    expect(await value.get()).to.equal(2);
  });

  it('reads again after a failed read', async () => {
    let attempts = 0;
    const value = reloadable(async () => {
      if (++attempts === 1) throw new Error('database away');
      return attempts;
    });
    await value.get().then(() => expect.fail('the first read fails'), (error: Error) => expect(error.message).to.equal('database away'));
    expect(await value.get()).to.equal(2);
  });
});
