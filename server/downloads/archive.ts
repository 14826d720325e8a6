// A self-hosting archive of a selection of icons (a kit's subset, or a list of icons): the zip a
// kit download or a subset build serves. WEB: css/ (the release's stylesheets for the selection's
// family-styles, shims, uploads; all.css joins them), js/all.js (the selection's packs with the
// release's SVG core), webfonts/ cut to the selection's glyphs, svgs/, sprites/, and two pages
// that show every icon (index.html: webfonts, svg.html: SVG with JS). DESKTOP: the fonts as
// OpenType/TrueType cut the same way, and svgs/.
import { zipSync, type Zippable } from 'fflate';
import type { ReleaseFilesRepo } from '../cdn/release-files.repo.ts';
import type { IconPack } from '../kits/icon-packs.ts';
import { coreConfigScript, iconPacksScript, stylesheetOf, uploadsCss } from '../kits/kit-script.ts';
import type { UploadRow } from '../kits/kits.repo.ts';
import type { Release } from '../releases/releases.service.ts';
import type { SelectionEntry } from '../kits/icon-packs.ts';
import { cutFont, fontsOfStylesheet } from '../fonts/font-subset.ts';

export type BuildType = 'WEB' | 'DESKTOP';

export interface ArchiveInput {
  /** The archive's top folder, e.g. `kit-0123456789-web`. */
  name: string;
  buildType: BuildType;
  release: Release;
  entries: SelectionEntry[];
  packs: Map<string, IconPack>;
  uploads: UploadRow[];
  shims: boolean;
  autoA11y: boolean;
}

/** Raised for a selection the archive cannot be made of; the build fails with its message. */
export class ArchiveError extends Error {}

const text = (value: string) => new TextEncoder().encode(value);
const folderOf = (longName: string) => (longName === 'fa-kit' || longName === 'fa-kit-duotone' ? 'custom-icons' : longName.slice(3));

function svgFile([width, height, , , path]: IconPack['icons'][string]): string {
  const paths = Array.isArray(path)
    ? `<path class="fa-secondary" opacity=".4" d="${path[0]}"/><path class="fa-primary" d="${path[1]}"/>`
    : `<path d="${path}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${paths}</svg>\n`;
}

function sprite(pack: IconPack): string {
  const symbols = Object.entries(pack.icons).map(([name, [width, height, , , path]]) => {
    const paths = (Array.isArray(path) ? path : [path]).map((d) => `<path d="${d}"/>`).join('');
    return `<symbol id="${name}" viewBox="0 0 ${width} ${height}">${paths}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" style="display:none">\n${symbols.join('\n')}\n</svg>\n`;
}

/** Every icon of the selection as an `<i>` with the prefix class every release knows (`fas`, `fak`). */
function demoPage(input: ArchiveInput, head: string): string {
  const icons = [...input.packs].flatMap(([prefix, pack]) =>
    Object.keys(pack.icons).map((name) => `<i class="${prefix === 'fak' || prefix === 'fakd' ? pack.longName : prefix} fa-${name}" title="${prefix} ${name}"></i>`),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${input.name}</title>
${head}
<style>body { font: 16px sans-serif; } .icons { font-size: 2rem; display: flex; flex-wrap: wrap; gap: 0.5em; }</style>
</head><body>
<h1>${input.name}: ${icons.length} icons, Font Awesome ${input.release.version}</h1>
<div class="icons">
${icons.join('\n')}
</div>
</body></html>
`;
}

export async function buildArchive(input: ArchiveInput, files: ReleaseFilesRepo): Promise<Uint8Array> {
  const releaseBytes = async (path: string) => (await files.file(input.release.id, path))?.bytes;
  const releaseText = async (path: string) => (await releaseBytes(path))?.toString('utf8');
  const need = async (path: string) => {
    const found = await releaseText(path);
    if (found === undefined) throw new ArchiveError(`release ${input.release.version} has no ${path} here (import the release from its package to build archives of it)`);
    return found;
  };
  const root = `${input.name}/`;
  const zip: Zippable = {};
  const add = (path: string, data: Uint8Array | string, stored = false) => void (zip[root + path] = [typeof data === 'string' ? text(data) : data, { level: stored ? 0 : 6 }]);

  // Fonts: every family-style's stylesheet names its webfonts; each is cut to that family-style's glyphs.
  const stylesheets: [string, string][] = [];
  for (const entry of input.entries) {
    const path = stylesheetOf(entry.familyStyle);
    const css = await releaseText(path);
    if (css === undefined) continue;
    stylesheets.push([path, css]);
    const codePoints = entry.icons.map((icon) => parseInt(icon.unicode, 16)).filter((n) => Number.isFinite(n));
    const fonts = fontsOfStylesheet(css);
    if (input.buildType === 'WEB') {
      for (const font of fonts) {
        const bytes = await releaseBytes(`webfonts/${font}`);
        if (bytes) add(`webfonts/${font}`, await cutFont(bytes, font, codePoints), font.endsWith('.woff2'));
      }
    } else {
      // One desktop font per family-style, from the best source the release has.
      let source: { font: string; bytes: Buffer } | undefined;
      for (const ext of ['woff2', 'ttf', 'woff']) {
        const font = fonts.find((f) => f.endsWith(`.${ext}`));
        const bytes = font && (await releaseBytes(`webfonts/${font}`));
        if (font && bytes) {
          source = { font, bytes };
          break;
        }
      }
      if (source) {
        const cut = await cutFont(source.bytes, source.font, codePoints, 'sfnt');
        const extension = cut.subarray(0, 4).toString('latin1') === 'OTTO' ? 'otf' : 'ttf';
        add(`${extension}s/${source.font.replace(/\.[a-z0-9]+$/, `.${extension}`)}`, cut);
      }
    }
  }

  for (const [, pack] of input.packs) {
    const folder = folderOf(pack.longName);
    for (const [name, definition] of Object.entries(pack.icons)) add(`svgs/${folder}/${name}.svg`, svgFile(definition));
    if (input.buildType === 'WEB') add(`sprites/${folder}.svg`, sprite(pack));
  }

  if (input.buildType === 'WEB') {
    const parts: [string, string][] = [['css/fontawesome.css', await need('css/fontawesome.css')], ...stylesheets];
    if (input.shims) parts.push(['css/v4-shims.css', await need('css/v4-shims.css')]);
    if (input.uploads.length > 0) parts.push(['css/custom-icons.css', uploadsCss(input.uploads)]);
    for (const [path, css] of parts) add(path, css);
    add('css/all.css', parts.map(([, css]) => css).join('\n'));
    add(
      'js/all.js',
      [coreConfigScript(input.autoA11y), iconPacksScript(input.packs), await need('js/fontawesome.js'), input.shims ? await need('js/v4-shims.js') : ''].join('\n'),
    );
    add('index.html', demoPage(input, '<link rel="stylesheet" href="css/all.css">'));
    add('svg.html', demoPage(input, '<script defer src="js/all.js"></script>'));
  }
  add('README.txt', `${input.name}: ${input.buildType === 'WEB' ? 'web' : 'desktop'} files for Font Awesome ${input.release.version}, built by iconmeta.\nFont Awesome Free by Fonticons, Inc. (https://fontawesome.com): icons CC BY 4.0, fonts SIL OFL 1.1, code MIT.\n`);
  return zipSync(zip);
}
