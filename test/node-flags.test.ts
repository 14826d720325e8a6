// `npm start` is a line in package.json; the executable and the benches import the flags it must
// match (scripts/node-flags.ts). A flag changed in one place only would make `npm start` and the
// operators guide's unit run a different server from the one that was measured and built.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { ALLOCATOR_ENV, NODE_FLAGS } from '../scripts/node-flags.ts';

describe('the V8 flags and allocator settings the service runs with', () => {
  it('are the same for npm start as for the executable and the benches', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const environment = Object.entries(ALLOCATOR_ENV).map(([name, value]) => `${name}=${value}`).join(' ');
    expect(scripts.start).to.equal(`node scripts/bundle-server.ts && ${environment} exec node ${NODE_FLAGS.join(' ')} dist/server/iconmeta.cjs`);
  });

  it('set the same allocator environment in the operators guide\'s systemd unit', () => {
    const readme = readFileSync(new URL('../docs/operators.md', import.meta.url), 'utf8');
    const line = /^Environment=(MALLOC_.*)$/m.exec(readme)?.[1];
    expect(line).to.equal(Object.entries(ALLOCATOR_ENV).map(([name, value]) => `${name}=${value}`).join(' '));
  });
});
