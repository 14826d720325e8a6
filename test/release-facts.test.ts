import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { addRelease } from '../seeds/add-release.ts';
import { checkReleases } from '../seeds/check-releases.ts';
import { defaultPackageDir } from '../seeds/defaults.ts';
import type { ReleaseDocument } from '../seeds/import/document.ts';
import { historyUpTo } from '../seeds/import/labels.ts';
import { isListed } from '../seeds/import/release-list.ts';
import { packageSris } from '../seeds/import/sri.ts';
import { loadRelease } from '../seeds/load.ts';
import { emptyTestDatabase, fixtureDocument, fixturePath } from './helpers.ts';

const sha384 = (file: string) => `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
/** A fresh empty database of the dialect under test, as the loader's handle. */
const fresh = emptyTestDatabase;

describe('release facts', () => {
  describe('SRI values', () => {
    it('name each file at its plain path and hash the .min build where the package ships one', () => {
      const dir = mkdtempSync(join(tmpdir(), 'iconmeta-sri-'));
      try {
        mkdirSync(join(dir, 'css'));
        writeFileSync(join(dir, 'css', 'all.css'), 'a { color: red; }\n');
        writeFileSync(join(dir, 'css', 'all.min.css'), 'a{color:red}');
        writeFileSync(join(dir, 'css', 'solid.css'), '.fas{}');
        expect(packageSris(dir)).to.deep.equal([
          { license: 'free', path: 'css/all.css', value: sha384(join(dir, 'css', 'all.min.css')) },
          { license: 'free', path: 'css/solid.css', value: sha384(join(dir, 'css', 'solid.css')) },
        ]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("equal the public API's css/all.css of 5.15.4, one plain path per file (14, 16, 17 for 5.15.4, 6.7.2, 7.3.1)", () => {
      const counts = ['5.15.4', '6.7.2', '7.3.1'].map((version) => {
        const sris = packageSris(defaultPackageDir(version));
        expect(sris.filter((s) => /\.min\./.test(s.path))).to.deep.equal([]);
        for (const sri of sris) {
          const served = sri.path.replace(/\.(css|js)$/, '.min.$1');
          expect(sri.value, `${version} ${sri.path}`).to.equal(sha384(join(defaultPackageDir(version), served)));
        }
        if (version === '5.15.4') {
          expect(sris.find((s) => s.path === 'css/all.css')!.value).to.equal('sha384-DyZ88mC6Up2uqS4h/KRgHuoeGwBcD4Ng9SiP4dIRy0EXTlnuz47vAwmeGwVChigm');
        }
        return sris.length;
      });
      expect(counts).to.deep.equal([14, 16, 17]);
    });
  });

  describe('histories of releases without metadata', () => {
    it('keep the versions at or before the release, short and pre-release versions included', () => {
      expect(historyUpTo(['1.0.0', '4.4', '5.0.0', '6.0.0-beta1', '6.0.0', '6.1.0', '7.0.0'], '6.0.0')).to.deep.equal(['1.0.0', '4.4', '5.0.0', '6.0.0-beta1', '6.0.0']);
    });

    it('come from the nearest later release that has the icon, cut to the release; none when no later release has it', async () => {
      const database = await emptyTestDatabase();
      await addRelease(database, fixturePath('fa-icon-families')); // 7.3.1, with metadata
      await addRelease(database, fixturePath('fa-js-only')); // 6.0.0, JS only
      const { db, t } = database;
      const icons = await db.select().from(t.icons).where(eq(t.icons.releaseId, 2));
      const icon = (name: string) => icons.find((i) => i.name === name)!;
      expect(icon('house')).to.deep.include({ label: 'House', changes: ['1.0.0', '5.0.0', '5.7.0', '6.0.0-beta1', '6.0.0-beta2', '6.0.0-beta3'] });
      expect(icon('calendar')).to.deep.include({ label: 'Calendar', changes: [] });
    });
  });

  it('the release list leaves out 5.0.7 and 5.0.11, as the public API does', () => {
    expect(['5.0.6', '5.0.7', '5.0.11', '5.0.12', '7.3.1'].filter(isListed)).to.deep.equal(['5.0.6', '5.0.12', '7.3.1']);
  });

  describe('seed check', () => {
    const valid = (version: string, date: string, change: (doc: ReleaseDocument) => void = () => {}) => {
      const doc = fixtureDocument(version, date);
      doc.sris = [{ license: 'free', path: 'css/all.css', value: `sha384-${'A'.repeat(64)}` }];
      change(doc);
      return doc;
    };

    it('finds nothing wrong with releases that keep the rules', async () => {
      const db = await fresh();
      await loadRelease(db, valid('1.2.0', '2025-01-01'));
      await loadRelease(db, valid('1.10.0', '2025-01-01'));
      expect(await checkReleases(db)).to.deep.equal({ releases: 2, problems: [] });
    });

    it('names a release without metadata whose icons lack the history a later release has', async () => {
      const db = await fresh();
      await addRelease(db, fixturePath('fa-js-only')); // 6.0.0, imported before the release it borrows from
      await addRelease(db, fixturePath('fa-icon-families')); // 7.3.1
      expect((await checkReleases(db)).problems.join('\n')).to.match(/6\.0\.0: 4 icons have no changes although 7\.3\.1 has their history/);
    });

    it('names a .min SRI path, a release dated after the next, and a history past the release', async () => {
      const db = await fresh();
      await loadRelease(db, valid('1.2.0', '2025-02-01', (doc) => doc.sris.push({ license: 'free', path: 'js/all.min.js', value: doc.sris[0].value })));
      await loadRelease(db, valid('1.10.0', '2025-01-01', (doc) => doc.icons[0].changes.push('1.11.0')));
      const { problems } = await checkReleases(db);
      expect(problems).to.have.length(3);
      expect(problems.join('\n')).to.match(/1\.2\.0: SRI path js\/all\.min\.js/).and.match(/1\.2\.0 is dated 2025-02-01, after 1\.10\.0/).and.match(/1\.10\.0: 1 icons have changes after the release/);
    });
  });
});
