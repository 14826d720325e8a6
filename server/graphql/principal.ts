// Who is calling: the scopes of their access token (or `public` alone) and their account.
export interface Principal {
  scopes: ReadonlySet<string>;
  accountId: number | null;
  /** Distinguishes callers in the response cache: two principals with one key see the same data. */
  cacheKey: string;
}

/** The start of every cache key of an account's callers (whatever their scopes). */
export const accountCacheKeyPrefix = (accountId: number) => `account:${accountId}:`;

/** Every response-cache key of a caller's GraphQL answers starts with this. */
export const graphQLCacheKeyPrefix = (callerKey: string) => `graphql|${callerKey}|`;

/** ... and this, of the GraphQL answers of every caller of one account (whatever their scopes). */
export const accountGraphQLKeyPrefix = (accountId: number) => `graphql|${accountCacheKeyPrefix(accountId)}`;

export const ANONYMOUS: Principal = { scopes: new Set(['public']), accountId: null, cacheKey: 'anonymous' };

/** No header, an empty one, or `Bearer` with nothing after it: an anonymous caller (contract §6). */
export const isAnonymous = (authorization: string | undefined): boolean => {
  const value = authorization?.trim() ?? '';
  return value === '' || /^bearer$/i.test(value);
};

/**
 * Resolves an Authorization header to a principal; null means "present but not valid" (401).
 * Anonymous callers need no database: callers on a hot path check `isAnonymous` first.
 */
export type Authenticate = (authorization: string | undefined) => Promise<Principal | null>;
