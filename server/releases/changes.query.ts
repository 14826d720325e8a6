// The release-diff endpoints' inputs, validated once at the edge: `from` (and, for upgrade-check,
// `license`) in the query string, and upgrade-check's body, a JSON list of the icons a codebase uses.
import { z } from 'zod';
import type { InvalidParam } from '../errors.ts';
import type { LicenseScope, UpgradeEntry } from './changes.service.ts';

/** The most icon names one upgrade check takes (a large codebase uses a few hundred). */
export const MAX_UPGRADE_ENTRIES = 5000;
export const MAX_UPGRADE_BODY_BYTES = 512 * 1024;

const iconName = z.string().min(1, 'must not be empty').max(200, 'is longer than 200 characters');
const prefix = z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a family-style prefix such as fas');
/** Upgrade-check's body, which the OpenAPI document describes too (server/openapi.ts). */
export const upgradeBody = z
  .array(z.union([iconName, z.strictObject({ name: iconName, prefixes: z.array(prefix).max(100).optional() })], { error: 'must be an icon name or { name, prefixes }' }), {
    error: 'must be a JSON array of icon names or { name, prefixes } objects',
  })
  .min(1, 'must list at least one icon')
  .max(MAX_UPGRADE_ENTRIES, `must list at most ${MAX_UPGRADE_ENTRIES} icons`)
  .describe('The icons a codebase uses: names, or { name, prefixes } to check only those family-styles.');

/** The query parameters, as the OpenAPI document describes them (server/openapi.ts). */
export const changesQuerySchema = z.object({
  from: z.string({ error: 'is required: the full version to compare with, such as 5.15.4' }).describe('The full version to compare with (5.15.4); older or newer.'),
  license: z
    .enum(['free', 'any'], { error: 'must be "free" or "any"' })
    .default('any')
    .describe('Upgrade check only. free: only free family-styles count as available.'),
});

type RawQuery = Record<string, unknown>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; invalidParams: InvalidParam[] };

/** The cache key of a diff: one per pair of concrete versions. */
export const changesCacheKey = (to: string, from: string) => `/releases/${to}/changes?from=${from}`;

/** `from` (required) and, where taken, `license`, each at most once; other parameters are ignored. */
export function parseChangesQuery(raw: RawQuery, withLicense: boolean): Parsed<{ from: string; license: LicenseScope }> {
  const invalidParams: InvalidParam[] = [];
  const single: RawQuery = {};
  for (const name of withLicense ? (['from', 'license'] as const) : (['from'] as const)) {
    if (Array.isArray(raw[name])) invalidParams.push({ name, reason: 'must be given at most once' });
    else if (raw[name] !== undefined) single[name] = raw[name];
  }
  const result = changesQuerySchema.safeParse(single);
  if (!result.success) for (const issue of result.error.issues) if (!invalidParams.some((p) => p.name === issue.path[0])) invalidParams.push({ name: String(issue.path[0]), reason: issue.message });
  if (invalidParams.length > 0 || !result.success) return { ok: false, invalidParams };
  return { ok: true, value: { from: result.data.from, license: result.data.license } };
}

export function parseUpgradeBody(body: unknown): Parsed<UpgradeEntry[]> {
  const result = upgradeBody.safeParse(body);
  if (!result.success) {
    const invalidParams = result.error.issues.slice(0, 20).map((issue) => ({ name: ['body', ...issue.path].join('.'), reason: issue.message }));
    return { ok: false, invalidParams };
  }
  return { ok: true, value: result.data.map((entry) => (typeof entry === 'string' ? { name: entry } : entry)) };
}
