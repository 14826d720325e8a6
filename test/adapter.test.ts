import { expect } from 'chai';
import { fontAwesomeFreeDocument, locatePackage } from '../seeds/import/font-awesome.ts';
import { defaultPackageDir } from '../seeds/defaults.ts';
import type { LaterIcon } from '../seeds/import/labels.ts';
import { fixturePath } from './helpers.ts';

const iconOf = (doc: ReturnType<typeof fontAwesomeFreeDocument>, id: string) => {
  const icon = doc.icons.find((i) => i.id === id);
  expect(icon, `icon ${id}`).to.exist;
  return icon!;
};

describe('Font Awesome Free adapter', () => {
  describe('when the package has metadata/icon-families.json (6.2+)', () => {
    const doc = fontAwesomeFreeDocument(fixturePath('fa-icon-families'));

    it('dates the release from the bundled font', () => expect(doc.date).to.equal('2026-07-14'));

    it('reads labels, unicodes, aliases, terms and changes (deduplicated)', () => {
      const house = iconOf(doc, 'house');
      expect(house.label).to.equal('House');
      expect(house.unicode).to.equal('f015');
      expect(house.aliases.names).to.include.members(['home', 'home-alt']);
      expect(house.aliases.unicodes.composite).to.include('1f3e0');
      expect(house.searchTerms).to.include('building');
      expect(new Set(house.changes).size).to.equal(house.changes.length);
    });

    it('keeps ASCII unicodes short and maps family-styles to prefixes', () => {
      expect(iconOf(doc, 'asterisk').unicode).to.equal('2a');
      expect(iconOf(doc, 'github').familyStylesByLicense.free).to.deep.equal(['fab']);
      expect(iconOf(doc, 'house').familyStylesByLicense.free).to.have.members(['fas', 'far']);
    });

    it('takes SVG paths per family-style', () => {
      const svg = iconOf(doc, 'house').svgs.find((s) => s.prefix === 'fas')!;
      expect(svg.width).to.equal(512);
      expect(svg.pathData[0]).to.match(/^M/);
    });

    it('cuts the curated catalogue to the release and marks a free collection subset', () => {
      expect(doc.familyStyles.map((f) => f.prefix)).to.include.members(['fas', 'fasds', 'fawsb', 'fams']);
      const free = doc.iconCollections.find((c) => c.name === 'free-collection')!;
      expect(free.subset!.find((s) => s.prefix === 'fab')!.only).to.deep.equal(['github']);
      expect(doc.iconCollections.find((c) => c.name === 'pro-collection')!.subset).to.equal(null);
    });

    it('reads categories and shims', () => {
      expect(doc.categories.find((c) => c.name === 'buildings')!.icons).to.include('house');
      expect(doc.shims).to.deep.include({ oldName: 'github', name: null, prefix: 'fab' });
    });
  });

  describe('when the package has metadata/icons.yml (5.12-6.1)', () => {
    const doc = fontAwesomeFreeDocument(fixturePath('fa-icons-yml'));

    it('takes labels and styles from icons.yml and SVG paths from the JS', () => {
      const calendar = iconOf(doc, 'calendar');
      expect(calendar.familyStylesByLicense.free).to.have.members(['fas', 'far']);
      expect(calendar.svgs.map((s) => s.prefix)).to.have.members(['fas', 'far']);
      expect(iconOf(doc, 'coffee').searchTerms.length).to.be.greaterThan(0);
    });

    it('uses the 5.x catalogue: classic only, no thin', () => {
      expect(doc.familyStyles.map((f) => f.prefix)).to.have.members(['fas', 'far', 'fal', 'fad', 'fab']);
    });

    it('offers no Pro+ collection before 7.0.0: it would add no pack to Pro', () => {
      expect(doc.iconCollections.map((c) => c.name)).to.deep.equal(['free-collection', 'pro-collection']);
    });
  });

  describe('when the package has only JS (5.1-5.11, 6.0.0)', () => {
    const later: Record<string, LaterIcon> = { house: { label: 'House (from a later release)', changes: ['1.0.0', '5.0.0'] } };
    const doc = fontAwesomeFreeDocument(fixturePath('fa-js-only'), { laterIcon: (id) => later[id] });

    it('splits the JS aliases into alias names and composite code points (hex)', () => {
      const house = iconOf(doc, 'house');
      expect(house.aliases.names).to.include('home');
      expect(house.aliases.unicodes.composite).to.include('1f3e0');
    });

    it('borrows labels and histories from a later release, else title-cases the id and invents no history', () => {
      expect(iconOf(doc, 'house')).to.include({ label: 'House (from a later release)' });
      expect(iconOf(doc, 'house').changes).to.deep.equal(['1.0.0', '5.0.0']);
      expect(iconOf(doc, 'mug-saucer').label).to.equal('Mug Saucer');
      expect(iconOf(doc, 'mug-saucer').changes).to.deep.equal([]);
    });

    it('reads Font Awesome 4 shims from v4-shims.js, skipping code-point shims', () => {
      expect(doc.shims.map((s) => s.oldName)).to.include('calendar-o');
      expect(doc.shims.every((s) => typeof s.oldName === 'string')).to.equal(true);
    });
  });

  describe('when the folder holds the 5.0.x split packages', () => {
    it("reads every part, dates the release as the public API does, and gives no SRI (its CDN files are in no package)", () => {
      const located = locatePackage(fixturePath('fa-5.0-split'));
      expect(located).to.include({ kind: 'split', version: '5.0.13' });
      const doc = fontAwesomeFreeDocument(fixturePath('fa-5.0-split'), { fallbackDate: '2000-01-01' });
      expect(doc.date).to.equal('2018-05-10');
      expect(doc.sris).to.deep.equal([]);
      expect(iconOf(doc, 'calendar').familyStylesByLicense.free).to.have.members(['fas', 'far']);
      expect(iconOf(doc, 'github').familyStylesByLicense.free).to.deep.equal(['fab']);
    });
  });

  it('refuses a folder that is not a Font Awesome package', () => {
    expect(() => fontAwesomeFreeDocument(fixturePath('.'))).to.throw(/neither/);
  });

  describe('on the real installed 7.3.1 package', function () {
    this.timeout(30_000);
    const doc = fontAwesomeFreeDocument(defaultPackageDir('7.3.1'));

    it('has 1,992 icons and the font-derived release date', () => {
      expect(doc.icons).to.have.length(1992);
      expect(doc.date).to.equal('2026-07-14');
    });

    it('reads house and mug-saucer as published', () => {
      const house = iconOf(doc, 'house');
      expect(house.label).to.equal('House');
      expect(house.unicode).to.equal('f015');
      expect(house.aliases.names).to.include('home');
      expect(iconOf(doc, 'mug-saucer').aliases.names).to.include('coffee');
    });

    it('gives classic solid the prefix fas, and sha384 SRIs of the CSS and JS', () => {
      expect(doc.familyStyles.find((f) => f.family === 'classic' && f.style === 'solid')!.prefix).to.equal('fas');
      expect(doc.sris.find((s) => s.path === 'css/all.css')!.value).to.match(/^sha384-[A-Za-z0-9+/]{64}$/);
    });
  });

  describe('on the real installed 5.15.4 package', function () {
    this.timeout(30_000);
    const doc = fontAwesomeFreeDocument(defaultPackageDir('5.15.4'));

    it('reads the date from a TrueType font too', () => expect(doc.date).to.equal('2021-08-04'));

    it('takes the whole Font Awesome 4 shim map from v4-shims.js, not the partial shims.yml', () => {
      expect(doc.shims).to.have.length(463);
      expect(doc.shims).to.deep.include.members([
        { oldName: 'star-o', prefix: 'far', name: 'star' },
        { oldName: 'bathtub', prefix: null, name: 'bath' },
        { oldName: 'bluetooth', prefix: 'fab', name: null },
      ]);
    });
  });
});
