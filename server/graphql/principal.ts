// Who is calling: the scopes of their access token (or `public` alone) and their account.
export interface Principal {
  scopes: ReadonlySet<string>;
  accountId: number | null;
  /** Distinguishes callers in the response cache: two principals with one key see the same data. */
  cacheKey: string;
}

export const ANONYMOUS: Principal = { scopes: new Set(['public']), accountId: null, cacheKey: 'anonymous' };

/** Resolves an Authorization header to a principal; null means "present but not valid" (401). */
export type Authenticate = (authorization: string | undefined) => Principal | null;
