import { expect } from 'chai';
import { count, eq } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { loadRelease, ReleaseExistsError, removeRelease } from '../seeds/load.ts';
import { fixtureDocument } from './helpers.ts';

describe('release loader', () => {
  const fresh = () => {
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    return db;
  };
  const rows = (db: ReturnType<typeof fresh>, table: typeof t.icons | typeof t.releases | typeof t.iconSearchTerms) =>
    db.select({ n: count() }).from(table).get()!.n;

  it('writes every part of a document', () => {
    const db = fresh();
    loadRelease(db, fixtureDocument());
    expect(rows(db, t.releases)).to.equal(1);
    expect(rows(db, t.icons)).to.equal(fixtureDocument().icons.length);
    expect(db.select().from(t.iconCollectionSubsets).all()).to.have.length(3);
  });

  it('when a document fails midway, leaves no trace', () => {
    const db = fresh();
    const doc = fixtureDocument();
    // A repeated search term passes validation but violates a key late in the transaction.
    doc.icons[doc.icons.length - 1].searchTerms = ['upload', 'upload'];
    expect(() => loadRelease(db, doc)).to.throw(/UNIQUE|constraint/i);
    expect(rows(db, t.releases)).to.equal(0);
    expect(rows(db, t.icons)).to.equal(0);
    expect(rows(db, t.iconSearchTerms)).to.equal(0);
  });

  it('rejects a malformed document, naming the problems, before writing anything', () => {
    const db = fresh();
    const doc = { ...fixtureDocument(), version: 'seven', icons: [{ id: 'Bad Id' }] };
    expect(() => loadRelease(db, doc)).to.throw(/version[\s\S]*icons\.0/);
    expect(rows(db, t.releases)).to.equal(0);
  });

  it('rejects references to family-styles, packs or icons that the document lacks', () => {
    const doc = fixtureDocument();
    doc.icons[0].familyStylesByLicense.free.push('fazz');
    doc.iconCollections[0].iconPacks.push('nope');
    expect(() => loadRelease(fresh(), doc)).to.throw(/"fazz"[\s\S]*"nope"/);
  });

  it('refuses to load a version twice unless asked to replace it', () => {
    const db = fresh();
    loadRelease(db, fixtureDocument());
    expect(() => loadRelease(db, fixtureDocument())).to.throw(ReleaseExistsError);
    const changed = fixtureDocument();
    changed.icons = changed.icons.slice(0, 2);
    changed.categories = [];
    changed.iconCollections = changed.iconCollections.map((c) => ({ ...c, subset: null }));
    loadRelease(db, changed, { replace: true });
    expect(rows(db, t.icons)).to.equal(2);
  });

  it('removes a release with everything that belongs to it', () => {
    const db = fresh();
    loadRelease(db, fixtureDocument());
    expect(removeRelease(db, '1.2.0')).to.equal(true);
    expect(rows(db, t.icons)).to.equal(0);
    expect(db.select().from(t.familyStyles).where(eq(t.familyStyles.prefix, 'fas')).all()).to.have.length(0);
    expect(removeRelease(db, '1.2.0')).to.equal(false);
  });
});
