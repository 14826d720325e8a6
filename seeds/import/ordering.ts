// The contract's family-style order (contract.md §3): by family in the order of the release's
// family catalogue, then by style weight, then by prefix. Computed once, at load time.
import type { FamilyStyleDoc } from './document.ts';

const STYLE_WEIGHT = ['thin', 'light', 'regular', 'semibold', 'solid'];
const weightOf = (style: string) => {
  const index = STYLE_WEIGHT.indexOf(style);
  return index === -1 ? STYLE_WEIGHT.length : index;
};

/** prefix -> position (0-based) of each family-style in the contract's order. */
export function familyStylePositions(familyStyles: FamilyStyleDoc[]): Map<string, number> {
  const familyOrder = new Map<string, number>();
  for (const fs of familyStyles) if (!familyOrder.has(fs.family)) familyOrder.set(fs.family, familyOrder.size);
  const sorted = [...familyStyles].sort(
    (a, b) =>
      familyOrder.get(a.family)! - familyOrder.get(b.family)! ||
      weightOf(a.style) - weightOf(b.style) ||
      (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0),
  );
  return new Map(sorted.map((fs, position) => [fs.prefix, position]));
}
