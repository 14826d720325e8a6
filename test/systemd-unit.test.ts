// The example systemd unit of the operators guide (docs/operators.md) installs as written. Its keys and values
// are checked here in TypeScript against systemd's documented ones (systemd.unit, systemd.service,
// systemd.exec, systemd.kill, systemd.resource-control), so no systemd is needed; where
// systemd-analyze is installed, `verify` must accept it with no warning too.
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
  const readme = readFileSync(join(root, 'docs/operators.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Running as a systemd service'));
  const match = /```ini\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('no ini block in the operators guide\'s section');
  return match[1];
}

const boolean = /^(yes|no|true|false|on|off|1|0)$/;
const timeSpan = /^(infinity|\d+(\.\d+)?\s*(us|ms|s|sec|min|m|h|d)?(\s+\d+(\.\d+)?\s*(us|ms|s|sec|min|m|h|d))*)$/;
const unitNames = /^([\w@.:-]+\.(service|target|socket|mount|timer|path|slice|scope|device|swap|automount))(\s+[\w@.:-]+\.(service|target|socket|mount|timer|path|slice|scope|device|swap|automount))*$/;
const absoluteCommand = /^[-@:+!]*\/\S+(\s.*)?$/;
const assignments = /^("?[A-Za-z_][A-Za-z0-9_]*=[^"\s]*"?)(\s+"?[A-Za-z_][A-Za-z0-9_]*=[^"\s]*"?)*$/;

/** What each key of each section may hold: a pattern its value must match. */
const grammar: Record<string, Record<string, RegExp>> = {
  Unit: { Description: /^.+$/, Documentation: /^\S+(\s+\S+)*$/, After: unitNames, Before: unitNames, Wants: unitNames, Requires: unitNames },
  Service: {
    Type: /^(simple|exec|forking|oneshot|dbus|notify|notify-reload|idle)$/,
    ExecStart: absoluteCommand,
    ExecReload: absoluteCommand,
    WorkingDirectory: /^(~|-?\/\S*)$/,
    Environment: assignments,
    EnvironmentFile: /^-?\/\S+$/,
    User: /^[a-z_][a-z0-9_-]*$/,
    Group: /^[a-z_][a-z0-9_-]*$/,
    DynamicUser: boolean,
    StateDirectory: /^[\w.-]+(\/[\w.-]+)*$/,
    CacheDirectory: /^[\w.-]+(\/[\w.-]+)*$/,
    LogsDirectory: /^[\w.-]+(\/[\w.-]+)*$/,
    TimeoutStopSec: timeSpan,
    TimeoutStartSec: timeSpan,
    RestartSec: timeSpan,
    Restart: /^(no|on-success|on-failure|on-abnormal|on-watchdog|on-abort|always)$/,
    RestartPreventExitStatus: /^(\d{1,3}|SIG[A-Z]+)(\s+(\d{1,3}|SIG[A-Z]+))*$/,
    SuccessExitStatus: /^(\d{1,3}|SIG[A-Z]+)(\s+(\d{1,3}|SIG[A-Z]+))*$/,
    NoNewPrivileges: boolean,
    ProtectSystem: /^(yes|no|true|false|full|strict)$/,
    ProtectHome: /^(yes|no|true|false|read-only|tmpfs)$/,
    PrivateTmp: boolean,
    PrivateDevices: boolean,
    ProtectKernelTunables: boolean,
    ProtectKernelModules: boolean,
    ProtectControlGroups: boolean,
    RestrictAddressFamilies: /^~?(none|AF_[A-Z0-9]+(\s+AF_[A-Z0-9]+)*)$/,
    SystemCallArchitectures: /^(native|x86|x86-64|x32|arm|arm64|mips|ppc|ppc64|s390x)(\s+\S+)*$/,
    MemoryMax: /^(infinity|\d+[KMGT]?|\d+%)$/,
    LimitNOFILE: /^(infinity|\d+(:\d+)?)$/,
  },
  Install: { WantedBy: unitNames, RequiredBy: unitNames, Alias: unitNames },
};

/** Every problem of a unit file: unknown sections and keys, values out of their grammar. */
function unitProblems(unit: string): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  let section: string | undefined;
  unit.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    const at = `line ${index + 1}`;
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return;
    const header = /^\[([A-Za-z]+)\]$/.exec(line);
    if (header) {
      section = header[1];
      if (!grammar[section]) problems.push(`${at}: unknown section [${section}]`);
      seen.add(section);
      return;
    }
    const assignment = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (!assignment) return void problems.push(`${at}: not a key=value line: ${line}`);
    if (!section) return void problems.push(`${at}: ${assignment[1]} before any section`);
    const [, key, value] = assignment;
    const pattern = grammar[section]?.[key];
    if (!pattern) return void problems.push(`${at}: unknown key ${key} in [${section}]`);
    if (!pattern.test(value.trim())) problems.push(`${at}: invalid ${key} value ${JSON.stringify(value)}`);
  });
  for (const required of ['Unit', 'Service', 'Install']) if (!seen.has(required)) problems.push(`no [${required}] section`);
  return problems;
}

describe('the operators guide\'s systemd unit', () => {
  it('names iconmeta serve and has only known keys with valid values', () => {
    const unit = readmeUnit();
    expect(unit).to.match(/^ExecStart=\/usr\/local\/bin\/iconmeta serve$/m);
    expect(unitProblems(unit)).to.deep.equal([]);
  });

  it('is refused when a key or a value is mistyped (the check can fail)', () => {
    const unit = readmeUnit();
    expect(unitProblems(unit.replace('Restart=on-failure', 'Restart=sometimes'))).to.deep.equal([
      `line ${unit.split('\n').indexOf('Restart=on-failure') + 1}: invalid Restart value "sometimes"`,
    ]);
    expect(unitProblems(unit.replace('PrivateTmp=yes', 'PrivatTmp=yes'))).to.have.length(1).and.match(/unknown key PrivatTmp in \[Service\]/);
    expect(unitProblems(unit.replace('[Install]', '[Instal]'))).to.include('no [Install] section');
  });

  const withAnalyzer = analyzer ? describe : (title: string, suite: () => void) => describe.skip(`${title} (not installed here: the checks above stand without it)`, suite);
  withAnalyzer('with systemd-analyze', () => {
    let dir: string;
    before(() => (dir = mkdtempSync(join(tmpdir(), 'iconmeta-unit-'))));
    after(() => dir && rmSync(dir, { recursive: true, force: true }));

    it('passes systemd-analyze verify with no warning', async () => {
      // verify also checks that ExecStart names an executable file: point it at one that exists here.
      const file = join(dir, 'iconmeta.service');
      writeFileSync(file, readmeUnit().replace('/usr/local/bin/iconmeta', process.execPath));
      const { stdout, stderr } = await execute(analyzer!, ['verify', file]);
      expect(stderr + stdout).to.equal('');
    });

    it('is refused by systemd-analyze when a value is mistyped', async () => {
      const file = join(dir, 'iconmeta.service');
      writeFileSync(file, readmeUnit().replace('/usr/local/bin/iconmeta', process.execPath).replace('Restart=on-failure', 'Restart=sometimes'));
      const { stderr } = await execute(analyzer!, ['verify', file]);
      expect(stderr).to.match(/restart specifier/);
    });
  });
});
