// Content types of the files this service serves (release files, the icon browser's own files),
// by extension.
const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
};

const extensionOf = (path: string) => path.slice(path.lastIndexOf('.') + 1);

/** The content type of a file named `path` by its extension (application/octet-stream when unknown). */
export const contentTypeOf = (path: string) => CONTENT_TYPES[extensionOf(path)] ?? 'application/octet-stream';
