// The README's example systemd unit is one an operator can install as written: systemd-analyze
// verify accepts it with no warning (unknown keys and bad values are warnings there).
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const execute = promisify(execFile);
const analyzer = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find(existsSync);

/** The ```ini block under "Running as a systemd service". */
function readmeUnit(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Running as a systemd service'));
  const match = /```ini\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('no ini block in the README section');
  return match[1];
}

describe('the README systemd unit', () => {
  let dir: string;
  before(function () {
    // .ci/run installs Debian's systemd package; elsewhere the check needs it installed.
    if (!analyzer && !process.env.CI) this.skip();
    dir = mkdtempSync(join(tmpdir(), 'iconmeta-unit-'));
  });
  after(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('passes systemd-analyze verify with no warning, and runs iconmeta serve', async () => {
    const unit = readmeUnit();
    expect(unit).to.match(/^ExecStart=\/usr\/local\/bin\/iconmeta serve$/m);
    // verify also checks that ExecStart names an executable file: point it at one that exists here.
    const file = join(dir, 'iconmeta.service');
    writeFileSync(file, unit.replace('/usr/local/bin/iconmeta', process.execPath));
    const { stdout, stderr } = await execute(analyzer!, ['verify', file]);
    expect(stderr + stdout).to.equal('');
  });

  it('is refused by systemd-analyze when a key is mistyped (the check can fail)', async () => {
    const file = join(dir, 'iconmeta.service');
    writeFileSync(file, readmeUnit().replace('/usr/local/bin/iconmeta', process.execPath).replace('Restart=on-failure', 'Restart=sometimes'));
    const { stderr } = await execute(analyzer!, ['verify', file]);
    expect(stderr).to.match(/restart specifier/);
  });
});
