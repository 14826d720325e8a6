// Validates an uploaded icon: a single <svg> with a usable viewBox whose drawing is one or two
// <path>s (two = duotone: secondary, primary), the shape kit icon uploads have.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface UploadedSvg {
  width: number;
  height: number;
  pathData: string[];
}

const ALLOWED = new Set(['svg', 'g', 'path', 'title', 'desc']);

export function parseUploadSvg(text: string): UploadedSvg {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', ignoreDeclaration: true, ignorePiTags: true, isArray: (name) => name !== 'svg' }).parse(text);
  const roots = Object.keys(parsed).filter((k) => !k.startsWith('#') && !k.startsWith('?'));
  if (roots.length !== 1 || roots[0] !== 'svg') throw new Error(`expected a single <svg> element, found ${roots.map((r) => `<${r}>`).join(', ') || 'none'}`);
  const svg = parsed.svg;

  const viewBox = String(svg['@viewBox'] ?? '').trim().split(/[\s,]+/).map(Number);
  if (viewBox.length !== 4 || viewBox.some((n) => !Number.isFinite(n)) || viewBox[2] <= 0 || viewBox[3] <= 0) {
    throw new Error('the <svg> needs a viewBox of four numbers with a positive width and height, such as viewBox="0 0 512 512"');
  }

  const pathData: string[] = [];
  const walk = (element: Record<string, unknown>, name: string) => {
    if (!ALLOWED.has(name)) throw new Error(`<${name}> is not supported: convert shapes to <path> elements`);
    if (name === 'path') {
      const d = String(element['@d'] ?? '').trim();
      if (!d) throw new Error('a <path> has no d attribute');
      pathData.push(d);
    }
    for (const [key, value] of Object.entries(element)) {
      if (key.startsWith('@') || key.startsWith('#')) continue;
      for (const child of value as Record<string, unknown>[]) walk(typeof child === 'object' && child ? child : {}, key);
    }
  };
  walk(svg, 'svg');
  if (pathData.length === 0 || pathData.length > 2) throw new Error(`expected one <path> (or two for duotone), found ${pathData.length}`);
  return { width: Math.round(viewBox[2]), height: Math.round(viewBox[3]), pathData };
}
