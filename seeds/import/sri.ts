// Subresource-integrity hashes (sha384, base64) of a package's css/*.css and js/*.js files, as a
// page embedding that release's files would write them in `integrity="..."`.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReleaseDocument } from './document.ts';

export function packageSris(packageDir: string): ReleaseDocument['sris'] {
  const sris: ReleaseDocument['sris'] = [];
  for (const [folder, extension] of [['css', '.css'], ['js', '.js']] as const) {
    const dir = join(packageDir, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((n) => n.endsWith(extension)).sort()) {
      const digest = createHash('sha384').update(readFileSync(join(dir, name))).digest('base64');
      sris.push({ license: 'free', path: `${folder}/${name}`, value: `sha384-${digest}` });
    }
  }
  return sris;
}
