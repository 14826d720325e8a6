// The worst GraphQL documents we know of, shared by the guard tests and `npm run bench:hostile`.
// Each targets one way a tiny anonymous request could make the server work for long.

const repeat = (count: number, make: (i: number) => string, separator = ' ') => Array.from({ length: count }, (_, i) => make(i)).join(separator);

/** Documents the server must refuse (QUERY_TOO_COMPLEX) or answer, each within milliseconds. */
export function hostileDocuments(version: string): Record<string, string> {
  return {
    // Each level spreads the next twice: naive fragment expansion costs 2^22 walks.
    'fragment fan-out, 22 levels': `{ __schema { types { ...F0 } } } ${repeat(22, (i) => `fragment F${i} on __Type { name ofType { ...F${i + 1} ...F${i + 1} } }`)} fragment F22 on __Type { name }`,
    // The same fan-out on the public types, under the depth limit: only memoised costing stays linear.
    'fragment fan-out, 18 levels': `{ release(version: "${version}") { familyStyles { ...G0 } } } ${repeat(18, (i) => `fragment G${i} on FamilyStyle { family ...G${i + 1} ...G${i + 1} }`)} fragment G18 on FamilyStyle { style }`,
    // A whole release's icons under 399 aliases: 800,000 values, 16 MB of output.
    '399 aliases of a whole release': `{ ${repeat(399, (i) => `a${i}: release(version: "${version}") { icons { id } }`)} }`,
    // One field 250 times under one name: the overlapping-fields validation compares them pairwise.
    '250 identical fields': `{ ${repeat(250, () => 'releases { version }')} }`,
    '100 identical fields (at the field cap)': `{ ${repeat(100, () => 'releases { version }')} }`,
    '2,000 identical leaf fields': `{ ${repeat(2000, () => '__typename')} }`,
    // Lists of lists through introspection: every level multiplies the output by the type count.
    'introspection lists, 8 deep': `{ __schema { types { fields { type { fields { type { fields { type { fields { name } } } } } } } } } }`,
    'depth 1,000 by nesting': `{ __schema { types { ${'ofType { '.repeat(1000)}name${' }'.repeat(1000)} } } }`,
    '1,500 nested inline fragments': `{ ${'... on Query { '.repeat(1500)}releases { version }${' }'.repeat(1500)} }`,
    '1,500 directives on one field': `{ releases ${repeat(1500, () => '@include(if: true)')} { version } }`,
    '1,500 variables': `query Q(${repeat(1500, (i) => `$v${i}: Int`)}) { releases { version } }`,
    '10,000 tokens in 20 KB': `{ ${repeat(10_000, () => 'a')} }`,
    '1 MB of tokens': `{ ${repeat(200_000, () => 'a')} }`,
    '31 aliases of a tiny field': `{ ${repeat(31, (i) => `a${i}: __typename`)} }`,
    '1 MB string literal': `{ release(version: "${'7'.repeat(1_000_000)}") { version } }`,
    'every icon of every release': '{ releases { icons { id label aliases { names } familyStylesByLicense { free { prefix } pro { prefix } } } } }',
    'search with a huge first': `{ search(version: "${version}", query: "a", first: 100000000) { id label } }`,
  };
}

const WHOLE_RELEASE = `icons { id label unicodeHex aliases { names unicodes { primary composite secondary } } familyStylesByLicense { free { family style prefix } pro { family style prefix } } }`;

/** The whole-release query clients send, `count` times under aliases. */
export const wholeReleases = (version: string, count: number) => `{ ${repeat(count, (i) => `w${i}: release(version: "${version}") { ${WHOLE_RELEASE} }`)} }`;

/** The most expensive documents that still pass admission for an anonymous caller. */
export function mostExpensiveAdmitted(version: string): Record<string, string> {
  return {
    'a whole release (the client query)': wholeReleases(version, 1),
    '20 aliases of a whole release, ids only': `{ ${repeat(20, (i) => `a${i}: release(version: "${version}") { icons { id } }`)} }`,
  };
}
