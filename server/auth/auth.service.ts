// Accounts and tokens: issuing API tokens (shown once), exchanging them for short-lived access
// tokens, and resolving an access token to the caller. The clock is injected so tests can expire
// tokens without waiting.
import { AppError } from '../errors.ts';
import type { Principal } from '../graphql/principal.ts';
import { accountCacheKeyPrefix, ANONYMOUS, isAnonymous } from '../graphql/principal.ts';
import type { AuthRepo, ApiTokenRow } from './auth.repo.ts';
import { withPublic } from './scopes.ts';
import { bearerToken, hashToken, newToken, sameHash } from './secrets.ts';

export type Clock = () => Date;

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  scopes: string[];
  token_type: 'Bearer';
}

export function createAuthService(repo: AuthRepo, options: { clock: Clock; accessTokenTtlSeconds: number }) {
  const now = () => options.clock().toISOString();

  /** The active API token whose hash matches, compared in constant time after the indexed lookup. */
  async function activeApiToken(plain: string): Promise<ApiTokenRow | null> {
    const hash = hashToken(plain);
    const row = await repo.apiTokenByHash(hash);
    if (!row || !sameHash(row.tokenHash, hash)) return null;
    if (row.revokedAt || (row.expiresAt && row.expiresAt <= now())) return null;
    return row;
  }

  return {
    async account(email: string) {
      return (await repo.accountByEmail(email)) ?? (await repo.insertAccount(email, now()));
    },

    async createAccount(email: string) {
      if (await repo.accountByEmail(email)) throw new AppError(400, 'INVALID_PARAMETER', `an account with email ${email} exists`);
      return repo.insertAccount(email, now());
    },

    accounts: () => repo.accounts(),
    accountById: (id: number) => repo.accountById(id),

    /** Creates the account if needed; returns the plain token, which is not stored and not shown again. */
    async createApiToken(input: { email: string; scopes: string[]; name?: string; expiresInDays?: number }) {
      const account = (await repo.accountByEmail(input.email)) ?? (await repo.insertAccount(input.email, now()));
      const { plain, hash } = newToken('api');
      const createdAt = now();
      const expiresAt = input.expiresInDays ? new Date(options.clock().getTime() + input.expiresInDays * 86_400_000).toISOString() : null;
      const row = await repo.insertApiToken({
        accountId: account.id,
        name: input.name ?? 'api token',
        tokenHash: hash,
        scopes: withPublic(input.scopes),
        createdAt,
        expiresAt,
      });
      return { id: row.id, token: plain, scopes: row.scopes, expiresAt };
    },

    apiTokens: async (email?: string) => {
      const account = email === undefined ? undefined : await repo.accountByEmail(email);
      if (email !== undefined && !account) return [];
      return (await repo.apiTokens(account?.id)).map(({ token, email }) => ({
        id: token.id,
        email,
        name: token.name,
        scopes: token.scopes,
        createdAt: token.createdAt,
        lastUsedAt: token.lastUsedAt,
        expiresAt: token.expiresAt,
        revokedAt: token.revokedAt,
      }));
    },

    revokeApiToken: (id: number) => repo.revokeApiToken(id, now()),

    /** POST /token: an API token from an Authorization header -> an access token; null if refused. */
    async exchange(authorization: string | undefined): Promise<TokenResponse | null> {
      const plain = bearerToken(authorization);
      const apiToken = plain ? await activeApiToken(plain) : null;
      if (!apiToken) return null;
      const issuedAt = now();
      await repo.purgeAccessTokens(issuedAt);
      const { plain: access, hash } = newToken('access');
      const expiresAt = new Date(options.clock().getTime() + options.accessTokenTtlSeconds * 1000).toISOString();
      await repo.insertAccessToken({ apiTokenId: apiToken.id, tokenHash: hash, scopes: apiToken.scopes, expiresAt });
      await repo.touchApiToken(apiToken.id, issuedAt);
      return { access_token: access, expires_in: options.accessTokenTtlSeconds, scopes: apiToken.scopes, token_type: 'Bearer' };
    },

    /** GraphQL: no header (or an empty one) is anonymous; a valid access token is its caller; else null (401). */
    async authenticate(authorization: string | undefined): Promise<Principal | null> {
      if (isAnonymous(authorization)) return ANONYMOUS;
      const plain = bearerToken(authorization!.trim());
      if (!plain) return null;
      const hash = hashToken(plain);
      const found = await repo.accessTokenByHash(hash);
      if (!found || !sameHash(found.access.tokenHash, hash)) return null;
      if (found.access.expiresAt <= now() || found.api.revokedAt) return null;
      const scopes = withPublic(found.access.scopes);
      return { scopes: new Set(scopes), accountId: found.api.accountId, cacheKey: `${accountCacheKeyPrefix(found.api.accountId)}${scopes.join(',')}` };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
