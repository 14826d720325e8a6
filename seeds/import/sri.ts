// Subresource-integrity hashes (sha384, base64) of the CSS and JS a page embeds, as the CDN serves
// them: one entry per plain path (`css/all.css`), never a `.min` path, because the CDN serves the
// minified build at the plain path. So the value hashes the package's `.min` file where it ships
// one, and the file itself where it does not (5.1.0 is unminified but for css/v4-shims).
// font-awesome-data.md, "SRI values".
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReleaseDocument } from './document.ts';

export const isMinifiedPath = (path: string) => /\.min\.(css|js)$/.test(path);

export function packageSris(packageDir: string): ReleaseDocument['sris'] {
  const sris: ReleaseDocument['sris'] = [];
  for (const [folder, extension] of [['css', '.css'], ['js', '.js']] as const) {
    const dir = join(packageDir, folder);
    if (!existsSync(dir)) continue;
    const files = new Set(readdirSync(dir));
    const plain = [...files].filter((name) => name.endsWith(extension) && !isMinifiedPath(name)).sort();
    for (const name of plain) {
      const minified = name.slice(0, -extension.length) + '.min' + extension;
      const served = files.has(minified) ? minified : name;
      const digest = createHash('sha384').update(readFileSync(join(dir, served))).digest('base64');
      sris.push({ license: 'free', path: `${folder}/${name}`, value: `sha384-${digest}` });
    }
  }
  return sris;
}
