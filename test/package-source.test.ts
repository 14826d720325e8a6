import { expect } from 'chai';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { openTarball } from '../seeds/import/package-source.ts';
import { packageReleaseFiles } from '../seeds/import/release-files.ts';
import { fixturePath } from './helpers.ts';

describe('unpacking a package tarball', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'iconmeta-tarball-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the SVG files in memory and gives the same release files as the unpacked folder', async () => {
    const folder = join(dir, 'package');
    cpSync(fixturePath('fa-icon-families'), folder, { recursive: true });
    mkdirSync(join(folder, 'css'));
    writeFileSync(join(folder, 'css', 'all.css'), '.fa{}');
    writeFileSync(join(folder, 'css', 'all.min.css'), '.fa{}/*min*/');
    for (const style of ['solid', 'brands']) {
      mkdirSync(join(folder, 'svgs', style), { recursive: true });
      for (const name of ['house', 'star']) writeFileSync(join(folder, 'svgs', style, `${name}.svg`), `<svg id="${style}-${name}"/>`);
    }
    const tgz = join(dir, 'package.tgz');
    await tar.c({ gzip: true, file: tgz, cwd: dir }, ['package']);

    const opened = await openTarball(tgz);
    try {
      expect(opened.svgs!.map((file) => file.path).sort()).to.deep.equal(['svgs/brands/house.svg', 'svgs/brands/star.svg', 'svgs/solid/house.svg', 'svgs/solid/star.svg']);
      expect(existsSync(join(opened.dir, 'svgs')), 'SVG files written to disk').to.equal(false);
      expect(existsSync(join(opened.dir, 'metadata', 'icon-families.json'))).to.equal(true);
      expect(packageReleaseFiles(opened.dir, opened.svgs)).to.deep.equal(packageReleaseFiles(folder));
    } finally {
      opened.cleanup();
    }
    expect(existsSync(opened.dir)).to.equal(false);
  });

  it('writes nothing outside its own folder for a path with ".." or a link', async () => {
    // "../css/evil.css" has the shape of a needed file (one top folder, then css/): a tarball
    // can name it on purpose.
    const inner = join(dir, 'inner');
    mkdirSync(join(dir, 'css'));
    mkdirSync(join(inner, 'package', 'css'), { recursive: true });
    writeFileSync(join(dir, 'css', 'evil.css'), 'evil');
    writeFileSync(join(inner, 'package', 'css', 'all.css'), '.fa{}');
    const tgz = join(dir, 'hostile.tgz');
    await tar.c({ gzip: true, file: tgz, cwd: inner, preservePaths: true }, ['../css/evil.css', 'package/css/all.css']);
    rmSync(join(dir, 'css'), { recursive: true });

    const opened = await openTarball(tgz);
    try {
      expect(existsSync(join(dir, 'css')), 'a file written outside').to.equal(false);
      expect(existsSync(join(tmpdir(), 'css', 'evil.css'))).to.equal(false);
      expect(readdirSync(join(opened.dir, 'css'))).to.deep.equal(['all.css']);
    } finally {
      opened.cleanup();
    }
  });
});
