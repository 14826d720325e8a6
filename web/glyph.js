// Glyph markup from the service's SVG data ([width, height, path | [secondary, primary]]), the same
// markup the server renders (server/web/snippets.ts inlineSvg).

const escape = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export { escape };

export function glyphSvg(glyph) {
  const [width, height, d] = glyph;
  const paths = typeof d === 'string' ? `<path d="${escape(d)}"/>` : `<path class="sec" d="${escape(d[0])}"/><path d="${escape(d[1])}"/>`;
  return `<svg viewBox="0 0 ${width} ${height}" aria-hidden="true" focusable="false">${paths}</svg>`;
}

export const NO_GLYPH = '<span class="noglyph" aria-hidden="true">Pro</span>';

/** The release's free SVG data by prefix and id (GET /releases/:version/free-svgs, immutable). */
export async function loadGlyphs(version) {
  const res = await fetch(`/releases/${encodeURIComponent(version)}/free-svgs`);
  if (!res.ok) throw new Error(`free-svgs ${version}: HTTP ${res.status}`);
  return (await res.json()).svgs;
}

/** The first free glyph of an id in `svgs` (prefixes in the release's order), or null. */
export function anyGlyph(svgs, id, preferred) {
  if (preferred && svgs[preferred]?.[id]) return svgs[preferred][id];
  for (const prefix of Object.keys(svgs)) if (svgs[prefix][id]) return svgs[prefix][id];
  return null;
}
