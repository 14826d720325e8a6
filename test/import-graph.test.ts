// No module imports itself through others: the data takes one road (source -> adapter -> document
// -> loader -> tables -> repository -> service -> router -> cache), and nothing on it points back
// up. dpdm reads the whole tree, type-only imports included (`npm run check:circles`).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { root } from './process-helpers.ts';

const run = promisify(execFile);
const dpdm = join(root, 'node_modules', '.bin', 'dpdm');

/** dpdm's exit code and report for `patterns`, read from `cwd`. */
async function circles(cwd: string, patterns: string[]): Promise<{ code: number; report: string }> {
  try {
    const { stdout } = await run(dpdm, ['--no-tree', '--no-warning', '--exit-code', 'circular:1', ...patterns], { cwd });
    return { code: 0, report: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, report: failed.stdout };
  }
}

describe('the import graph', function () {
  this.timeout(60_000);

  it('has no circle', async () => {
    const { code, report } = await circles(root, ['server/**/*.ts', 'db/**/*.ts', 'seeds/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts']);
    expect(code, report).to.equal(0);
  });

  it('is checked by a tool that finds a circle made of a type-only import (the check can fail)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'iconmeta-circle-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import type { B } from './b.ts';\nexport interface A { b?: B }\n");
      writeFileSync(join(dir, 'b.ts'), "import { type A } from './a.ts';\nexport interface B { a?: A }\nexport const b = 1;\n");
      const { code, report } = await circles(dir, ['*.ts']);
      expect(code).to.equal(1);
      expect(report).to.match(/(a\.ts -> b\.ts|b\.ts -> a\.ts)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
