// The Porter stems of every word the Font Awesome 7 metadata uses (ids, labels, aliases, search
// terms): what the search's reviewed word lists are checked against, so that none is dead weight.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stemmer } from 'stemmer';
import { defaultPackageDir } from '../seeds/defaults.ts';

export function metadataStems(version = '7.3.1'): Set<string> {
  const metadata = JSON.parse(readFileSync(join(defaultPackageDir(version), 'metadata', 'icon-families.json'), 'utf8')) as Record<
    string,
    { label: string; aliases?: { names?: string[] }; search?: { terms?: string[] } }
  >;
  const stems = new Set<string>();
  for (const [id, icon] of Object.entries(metadata)) {
    for (const text of [id, icon.label, ...(icon.aliases?.names ?? []), ...(icon.search?.terms ?? [])]) {
      for (const word of String(text).toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word) stems.add(stemmer(word));
    }
  }
  return stems;
}
