// The text of a kit's files: its loader (`/<kit>.js`), its icon definitions for Font Awesome's SVG
// core, and CSS rules for its uploads. Pure functions of what the kit holds; kit-assets.service.ts
// reads the data and keeps the results.
import type { UploadRow } from './kits.repo.ts';

/** One icon as Font Awesome's packs define it: width, height, aliases, unicode (hex), path(s). */
export type IconDefinition = [number, number, string[], string, string | string[]];

export interface LoaderConfig {
  token: string;
  revision: number;
  version: string;
  technology: 'svg' | 'webfont';
  autoA11y: boolean;
  /** Paths on this service the loader adds to the page: a script (svg) or a stylesheet (webfont). */
  script?: string;
  stylesheet?: string;
}

// `</script` inside a string would end an inline copy of the script early: escape every `<`.
const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The loader a page includes with `<script src=".../<kit>.js">`. It loads the kit's files from the
 * origin it was itself loaded from, so a copy behind another host name (internal DNS for the CDN
 * names, a proxy) keeps working; `fallbackOrigin` covers an inline copy (no currentScript src).
 */
export function kitLoaderScript(config: LoaderConfig, fallbackOrigin: string): string {
  return `/* iconmeta kit ${config.token}, revision ${config.revision}: Font Awesome ${config.version} (${config.technology}) */
(function () {
  var config = ${json(config)};
  window.FontAwesomeKitConfig = config;
  var current = document.currentScript;
  var base = current && current.src ? new URL(current.src).origin : ${json(fallbackOrigin)};
  var head = document.head || document.documentElement;
  if (config.script) {
    var script = document.createElement('script');
    script.src = base + config.script;
    script.crossOrigin = 'anonymous';
    head.appendChild(script);
  }
  if (config.stylesheet) {
    var link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = base + config.stylesheet;
    link.crossOrigin = 'anonymous';
    head.appendChild(link);
  }
  // Webfont icons are decorative unless labelled: what the SVG core's autoA11y does for SVGs.
  if (config.technology === 'webfont' && config.autoA11y) {
    var hide = function () {
      var icons = document.querySelectorAll('i[class*="fa-"], span[class*="fa-"]');
      for (var i = 0; i < icons.length; i++) {
        if (!icons[i].hasAttribute('aria-hidden') && !icons[i].hasAttribute('aria-label')) icons[i].setAttribute('aria-hidden', 'true');
      }
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', hide);
    else hide();
  }
})();
`;
}

/** The long name of a family-style's pack: `fa-solid`, `fa-sharp-solid`, `fa-kit` for uploads. */
export const packLongName = (familyStyle: { family: string; style: string }) =>
  familyStyle.family === 'classic' ? `fa-${familyStyle.style}` : `fa-${familyStyle.family}-${familyStyle.style}`;

/** The release's stylesheet of a family-style: `css/solid.css` for classic solid, `css/sharp-solid.css` for sharp solid. */
export const stylesheetOf = (familyStyle: { family: string; style: string }) => `css/${packLongName(familyStyle).slice(3)}.css`;

/** An upload as an icon definition: prefix `fak`, or `fakd` for a two-path (duotone) upload. */
export function uploadDefinition(upload: UploadRow): { prefix: 'fak' | 'fakd'; longName: string; definition: IconDefinition } {
  const duotone = upload.pathData.length > 1;
  const path = duotone ? upload.pathData : upload.pathData[0];
  return { prefix: duotone ? 'fakd' : 'fak', longName: duotone ? 'fa-kit-duotone' : 'fa-kit', definition: [upload.width, upload.height, [], upload.unicode.toString(16), path] };
}

/**
 * Icon packs for the SVG core, registered as its own pack files do (the `___FONT_AWESOME___`
 * namespace): through `hooks.addPack` once the core runs, else into `styles` for it to find.
 */
export function iconPacksScript(packs: Map<string, { longName: string; icons: Record<string, IconDefinition> }>): string {
  // Each pack also under its long name (`fa-solid`), which the cores from 6.0 on look up by.
  const calls = [...packs].map(([prefix, { longName, icons }]) => `define(${json(prefix)}, ${json(icons)}, ${json(longName)});`).join('\n');
  return `(function () {
var w = window, ns = w.___FONT_AWESOME___ || (w.___FONT_AWESOME___ = {});
ns.styles = ns.styles || {}; ns.hooks = ns.hooks || {}; ns.shims = ns.shims || [];
function add(prefix, icons) {
  if (typeof ns.hooks.addPack === 'function') ns.hooks.addPack(prefix, icons);
  else ns.styles[prefix] = Object.assign({}, ns.styles[prefix] || {}, icons);
}
function define(prefix, icons, longName) {
  add(prefix, icons);
  add(longName, icons);
  if (prefix === 'fas') add('fa', icons);
}
${calls}
})();
`;
}

/** The SVG core's settings from the kit's, page settings (window.FontAwesomeConfig) winning. */
export const coreConfigScript = (autoA11y: boolean) =>
  `window.FontAwesomeConfig = Object.assign({ autoA11y: ${autoA11y} }, window.FontAwesomeConfig || {});\n`;

/**
 * Uploads for a webfont kit: each upload's SVG as a mask over the text colour, sized like a glyph
 * (1em high, its own aspect ratio), for `<i class="fa-kit fa-<name>">` (and `fa-kit-duotone`).
 */
export function uploadsCss(uploads: UploadRow[]): string {
  return uploads
    .map((upload) => {
      const paths = upload.pathData.map((d, i) => `<path d="${d.replace(/"/g, '')}"${upload.pathData.length > 1 && i === 0 ? ' opacity=".4"' : ''}/>`).join('');
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${upload.width} ${upload.height}">${paths}</svg>`;
      const url = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
      const selector = ['fa-kit', 'fak', 'fa-kit-duotone', 'fakd'].map((c) => `.${c}.fa-${upload.name}::before`).join(', ');
      return `${selector} { content: ""; display: inline-block; width: ${(upload.width / upload.height).toFixed(4)}em; height: 1em; vertical-align: -0.125em; background-color: currentColor; -webkit-mask: ${url} center / contain no-repeat; mask: ${url} center / contain no-repeat; }`;
    })
    .join('\n');
}
