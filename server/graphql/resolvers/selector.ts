// FamilyStyleSelector: exactly one of pair, prefix or shorthand (the public API enforces it as
// @oneOf does). Anything else is the caller's mistake, answered BAD_USER_INPUT before any work.
import { z } from 'zod';
import type { FamilyStyleRow } from '../../releases/releases.repo.ts';
import { badUserInput } from '../errors.ts';

export interface FamilyStyleSelector {
  pair?: { family: string; style: string } | null;
  prefix?: string | null;
  shorthand?: string | null;
}

const selectorSchema = z.union([
  z.object({ pair: z.object({ family: z.string(), style: z.string() }), prefix: z.null().optional(), shorthand: z.null().optional() }),
  z.object({ pair: z.null().optional(), prefix: z.string(), shorthand: z.null().optional() }),
  z.object({ pair: z.null().optional(), prefix: z.null().optional(), shorthand: z.string() }),
]);

/** A predicate for the family-style the selector names. */
export function parseSelector(selector: FamilyStyleSelector): (fs: FamilyStyleRow) => boolean {
  const parsed = selectorSchema.safeParse(selector);
  if (!parsed.success) {
    const given = Object.entries(selector).filter(([, v]) => v != null).map(([k]) => k);
    throw badUserInput(`a FamilyStyleSelector takes exactly one of pair, prefix or shorthand; got ${given.length === 0 ? 'none' : given.join(' and ')}`);
  }
  const s = parsed.data;
  if (s.pair) {
    const family = s.pair.family.toLowerCase();
    const style = s.pair.style.toLowerCase();
    return (fs) => fs.family === family && fs.style === style;
  }
  if (typeof s.prefix === 'string') return (fs) => fs.prefix === s.prefix;
  return (fs) => fs.shorthand === s.shorthand;
}
