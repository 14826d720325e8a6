// Tokens are 32 random bytes; only their SHA-256 is stored, so a copy of the database reveals none.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const hashToken = (plain: string) => createHash('sha256').update(plain).digest('hex');

export function newToken(kind: 'api' | 'access' | 'kit'): { plain: string; hash: string } {
  const plain = kind === 'kit' ? randomBytes(5).toString('hex') : `im_${kind}_${randomBytes(32).toString('base64url')}`;
  return { plain, hash: hashToken(plain) };
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The token of an `Authorization: Bearer <token>` header, or null when the header has another shape. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/.exec(header ?? '');
  return match ? match[1] : null;
}
