// Admission remembers a document's cost by its operation and the numbers given to its size
// variables (server/graphql/cost-limits.ts): each answer must be the cost the walk gives.
import { expect } from 'chai';
import { createGraphQLSchema } from '../server/graphql/apollo.ts';
import { COST_MODEL, createAdmission } from '../server/graphql/cost-limits.ts';
import { checkDocument, costOf } from '../server/graphql/document-guard.ts';
import { ANONYMOUS } from '../server/graphql/principal.ts';

describe('remembered query costs', () => {
  const schema = createGraphQLSchema();
  const DOCUMENT = `query A($first: Int, $size: Int, $q: String!) { search(version: "1.2.0", query: $q, first: $first) { id } }
    query B($size: Int) { release(version: "1.2.0") { iconsPaginated(pageSize: $size) { icons { ...Names } } } }
    fragment Names on Icon { id aliases { names } }`;
  const walked = (operationName: string, variables: Record<string, unknown>) => {
    const check = checkDocument(DOCUMENT);
    if (check.ok !== true) throw new Error('the document is valid');
    return costOf(schema, check.checked, COST_MODEL, operationName, variables);
  };

  it('answers the cost the walk gives, for each operation and size given', () => {
    const admission = createAdmission(schema);
    const asked: [string, Record<string, unknown>][] = [
      ['A', { first: 40, q: 'a' }],
      ['A', { first: 40, q: 'b', size: 3 }],
      ['A', { first: 41, q: 'a' }],
      ['A', { q: 'a' }],
      ['A', { first: '40', q: 'a' }],
      ['B', { size: 40 }],
      ['B', { first: 40 }],
      ['B', { size: 500 }],
      ['A', { first: 40, q: 'a' }],
    ];
    const costs = asked.map(([operationName, variables]) => {
      const admitted = admission.admit(DOCUMENT, operationName, variables, ANONYMOUS);
      expect(admitted.ok).to.equal(true);
      expect((admitted as { cost: number }).cost, `${operationName} ${JSON.stringify(variables)}`).to.equal(walked(operationName, variables));
      return (admitted as { cost: number }).cost;
    });
    expect(new Set(costs).size).to.be.at.least(5);
  });
});
