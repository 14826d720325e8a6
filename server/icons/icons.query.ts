// The icon endpoints' query parameters (contract.md §3), validated once at the edge. The same
// parser feeds the fast path, so a cache key always means one validated request.
import { z } from 'zod';
import type { InvalidParam } from '../errors.ts';
import type { PageRequest } from './icons.service.ts';

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

const wholeNumber = z.string().regex(/^[0-9]+$/, 'must be a whole decimal number such as 1');
/** The parameters as the OpenAPI document describes them (server/openapi.ts), descriptions included. */
export const iconQuerySchema = z.object({
  license: z
    .enum(['free', 'pro'], { error: 'must be "free" or "pro"' })
    .optional()
    .describe('free: icons with a free family-style; pro: pro-only icons. Omitted: all.'),
  page: wholeNumber
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1').max(Number.MAX_SAFE_INTEGER, 'is too large'))
    .default(1)
    .describe('The page, from 1.'),
  page_size: wholeNumber
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1').max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`))
    .default(DEFAULT_PAGE_SIZE)
    .describe('Icons per page.'),
});

type RawQuery = Record<string, unknown>;
export type ParsedQuery = { ok: true; value: PageRequest } | { ok: false; invalidParams: InvalidParam[] };

/** Validates license, page and page_size, reporting every bad one; other parameters are ignored. */
export function parseIconQuery(query: RawQuery): ParsedQuery {
  const invalidParams: InvalidParam[] = [];
  const single: RawQuery = {};
  for (const name of ['license', 'page', 'page_size'] as const) {
    const value = query[name];
    if (Array.isArray(value)) invalidParams.push({ name, reason: 'must be given at most once' });
    else if (value !== undefined) single[name] = value;
  }
  const result = iconQuerySchema.safeParse(single);
  if (!result.success) {
    for (const issue of result.error.issues) invalidParams.push({ name: String(issue.path[0]), reason: issue.message });
  }
  if (invalidParams.length > 0 || !result.success) return { ok: false, invalidParams };
  const { license, page, page_size } = result.data;
  return { ok: true, value: { license: license ?? null, page, pageSize: page_size } };
}

/** The cache key of a validated icons request: every equivalent URL maps to it. */
export function iconsCacheKey(version: string, resource: string, request: PageRequest): string {
  return `/releases/${version}/${resource}?license=${request.license ?? ''}&page=${request.page}&page_size=${request.pageSize}`;
}
