// Search finds what people mean: judged picker queries, run through GraphQL `search` on the real
// Font Awesome 7.3.1 Free data. success@1: the first answer is one a person accepts first;
// success@5: one of the first five is one they accept at all. Two sets: ours
// (search-relevance.json, written before each round of ranking work) and one written by three
// separate judges who never saw any answer (search-relevance-judge.json), kept apart with its own
// floor: it says how the ranking does on queries written without it in view (its `about` says
// which of them later led to a change).
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { buildTestApp, fixturePath, packagesDatabase, type TestApp } from './helpers.ts';

interface Judged {
  query: string;
  first: string[];
  top5?: string[];
}
interface JudgedSet {
  release: string;
  queries: Judged[];
}

const SETS = [
  { file: 'search-relevance.json', at1: 0.92, at5: 0.98 },
  { file: 'search-relevance-judge.json', at1: 0.82, at5: 0.97 },
];

for (const { file, at1: floorAt1, at5: floorAt5 } of SETS) {
  const judged = JSON.parse(readFileSync(fixturePath(file), 'utf8')) as JudgedSet;

  describe(`search relevance on judged picker queries (${file})`, function () {
    this.timeout(120_000);
    let app: TestApp;
    const answers = new Map<string, string[]>();

    before(async () => {
      app = await buildTestApp({ database: await packagesDatabase([judged.release]) });
      for (const { query } of judged.queries) {
        const { body } = await app.http
          .post('/graphql')
          .send({ query: 'query ($v: String!, $q: String!) { search(version: $v, query: $q, first: 5) { id } }', variables: { v: judged.release, q: query } })
          .expect(200);
        answers.set(query, (body.data.search as { id: string }[]).map((icon) => icon.id));
      }
    });
    after(() => app?.close());

    it('answers every query with at least one icon', () => {
      expect(judged.queries.filter(({ query }) => answers.get(query)!.length === 0).map(({ query }) => query)).to.deep.equal([]);
    });

    it(`puts an icon people accept first for at least ${floorAt1 * 100}% of the queries, and among the first five for ${floorAt5 * 100}%`, () => {
      const missesAt1 = judged.queries.filter(({ query, first }) => !first.includes(answers.get(query)![0]));
      const missesAt5 = judged.queries.filter(({ query, first, top5 = [] }) => !answers.get(query)!.some((id) => first.includes(id) || top5.includes(id)));
      const reciprocal = judged.queries.map(({ query, first, top5 = [] }) => {
        const rank = answers.get(query)!.findIndex((id) => first.includes(id) || top5.includes(id));
        return rank === -1 ? 0 : 1 / (rank + 1);
      });
      const at1 = 1 - missesAt1.length / judged.queries.length;
      const at5 = 1 - missesAt5.length / judged.queries.length;
      const mrr = reciprocal.reduce((sum, r) => sum + r, 0) / judged.queries.length;
      const show = (misses: Judged[]) => misses.map(({ query }) => `${query} -> ${answers.get(query)!.join(' ') || '(nothing)'}`).join('; ');
      console.log(`      ${judged.queries.length} queries: success@1 ${at1.toFixed(3)}, success@5 ${at5.toFixed(3)}, MRR@5 ${mrr.toFixed(3)}`);
      if (missesAt1.length > 0) console.log(`      not first: ${show(missesAt1)}`);
      expect(at1, `not first: ${show(missesAt1)}`).to.be.at.least(floorAt1);
      expect(at5, `not in the first five: ${show(missesAt5)}`).to.be.at.least(floorAt5);
    });
  });
}
