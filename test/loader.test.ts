import { expect } from 'chai';
import { eq } from 'drizzle-orm';
import { ReleaseExistsError } from '../seeds/load.ts';
import { countRows, emptyTestDatabase, fixtureDocument, loadInto, rejectionOf, removeFrom } from './helpers.ts';

describe('release loader', () => {
  const fresh = emptyTestDatabase;

  it('writes every part of a document', async () => {
    const database = await fresh();
    await loadInto(database, fixtureDocument());
    expect(await countRows(database, (t) => t.releases)).to.equal(1);
    expect(await countRows(database, (t) => t.icons)).to.equal(fixtureDocument().icons.length);
    expect(await countRows(database, (t) => t.iconCollectionSubsets)).to.equal(3);
  });

  it('when a document fails midway, leaves no trace', async () => {
    const database = await fresh();
    const doc = fixtureDocument();
    // A repeated search term passes validation but violates a key late in the transaction.
    doc.icons[doc.icons.length - 1].searchTerms = ['upload', 'upload'];
    expect((await rejectionOf(loadInto(database, doc))).message).to.match(/UNIQUE|constraint/i);
    expect(await countRows(database, (t) => t.releases)).to.equal(0);
    expect(await countRows(database, (t) => t.icons)).to.equal(0);
    expect(await countRows(database, (t) => t.iconSearchTerms)).to.equal(0);
  });

  it('rejects a malformed document, naming the problems, before writing anything', async () => {
    const database = await fresh();
    const doc = { ...fixtureDocument(), version: 'seven', icons: [{ id: 'Bad Id' }] };
    expect((await rejectionOf(loadInto(database, doc))).message).to.match(/version[\s\S]*icons\.0/);
    expect(await countRows(database, (t) => t.releases)).to.equal(0);
  });

  it('rejects references to family-styles, packs or icons that the document lacks', async () => {
    const doc = fixtureDocument();
    doc.icons[0].familyStylesByLicense.free.push('fazz');
    doc.iconCollections[0].iconPacks.push('nope');
    expect((await rejectionOf(loadInto(await fresh(), doc))).message).to.match(/"fazz"[\s\S]*"nope"/);
  });

  it('refuses to load a version twice unless asked to replace it', async () => {
    const database = await fresh();
    await loadInto(database, fixtureDocument());
    expect(await rejectionOf(loadInto(database, fixtureDocument()))).to.be.instanceOf(ReleaseExistsError);
    const changed = fixtureDocument();
    changed.icons = changed.icons.slice(0, 2);
    changed.categories = [];
    changed.iconCollections = changed.iconCollections.map((c) => ({ ...c, subset: null }));
    await loadInto(database, changed, { replace: true });
    expect(await countRows(database, (t) => t.icons)).to.equal(2);
  });

  it('removes a release with everything that belongs to it', async () => {
    const database = await fresh();
    const { db, t } = database;
    await loadInto(database, fixtureDocument());
    expect(await removeFrom(database, '1.2.0')).to.equal(true);
    expect(await countRows(database, (t) => t.icons)).to.equal(0);
    expect(await db.select().from(t.familyStyles).where(eq(t.familyStyles.prefix, 'fas'))).to.have.length(0);
    expect(await removeFrom(database, '1.2.0')).to.equal(false);
  });
});
