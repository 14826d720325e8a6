// FNV-1a over a string's UTF-16 code units: a fast 32-bit hash for tables of our own (names in a
// kept icon set, URLs seen once), where a collision costs a comparison, never a wrong answer.
export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

export function fnv1a(text: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash | 0;
}
