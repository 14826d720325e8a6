// Field-level authorization (contract §6-7): a field the caller may not see is null, with an
// `unauthorized` error coded UNAUTHENTICATED (no token) or FORBIDDEN (token without the scope).
import { graphQLError } from './errors.ts';
import type { Principal } from './principal.ts';

export const unauthorized = (principal: Principal) =>
  graphQLError('unauthorized', principal.accountId === null ? 'UNAUTHENTICATED' : 'FORBIDDEN');

/** Throws unless the caller has one of `scopes`; returns the ones it has. */
export function requireAnyScope(principal: Principal, ...scopes: string[]): string[] {
  const held = scopes.filter((s) => principal.scopes.has(s));
  if (held.length === 0) throw unauthorized(principal);
  return held;
}
