// The documents real clients send, byte for byte. Those in clients.md are read from its copy in
// test/fixtures/spec (so the suite sends exactly what the spec gives); the two below it are the
// forms the same clients' sources send (older chooser, the plugin's heredoc with its tabs).
import { readFileSync } from 'node:fs';
import { fixturePath } from '../helpers.ts';

const clientsMd = readFileSync(fixturePath('spec/clients.md'), 'utf8');

/** Every ```graphql block of clients.md, by operation name. */
const blocks = new Map(
  [...clientsMd.matchAll(/```graphql\n([\s\S]*?)\n```/g)].map((m) => [/^query (\w+)/.exec(m[1])![1], m[1]] as const),
);
const inline = (start: string) => {
  const found = [...clientsMd.matchAll(/`(query \{[^`]*)`/g)].map((m) => m[1]).find((q) => q.startsWith(start));
  if (!found) throw new Error(`clients.md has no document starting ${start}`);
  return found;
};
const block = (name: string) => {
  const found = blocks.get(name);
  if (!found) throw new Error(`clients.md has no ${name} document`);
  return found;
};

export const WORDPRESS_RELEASES = inline('query { latest_version_5');
export const WORDPRESS_KITS = inline('query { me { kits');
export const CHOOSER_SEARCH = block('Search');
export const CHOOSER_KIT_REVISION = block('KitRevision');
export const CHOOSER_KIT_METADATA = block('KitMetadata');
export const CHOOSER_SEARCH_KIT = block('SearchKit');
export const CHOOSER_SHOWCASE_ICONS = block('ShowcaseIcons');

/** The plugin's releases query as its PHP heredoc holds it: newlines and tabs. */
export const WORDPRESS_RELEASES_SOURCE =
  'query {\n\tlatest_version_5: release(version: "5.x") {\n\t\tversion\n\t}\n\tlatest_version_6: release(version: "6.x") {\n\t\tversion\n\t}\n\tlatest_version_7: release(version: "7.x") {\n\t\tversion\n\t}\n\treleases {\n\t\tversion\n\t\tsrisByLicense {\n\t\t\tfree {\n\t\t\t\tpath\n\t\t\t\tvalue\n\t\t\t}\n\t\t\tpro {\n\t\t\t\tpath\n\t\t\t\tvalue\n\t\t\t}\n\t\t}\n\t}\n}';

/** The 0.7-0.10 chooser's kit metadata (0.7's template literal; 0.10 adds permits). */
export const CHOOSER_OLD_KIT_METADATA = [
  '',
  '      query KitMetadata($token: String!) {',
  '        me {',
  '          kit(token: $token) {',
  '            version',
  '            technologySelected',
  '            licenseSelected',
  '            name',
  '            release {',
  '              version',
  '              familyStyles {',
  '                family',
  '                style',
  '                prefix',
  '              }',
  '            }',
  '            iconUploads {',
  '              name',
  '              unicode',
  '              version',
  '              width',
  '              height',
  '              pathData',
  '            }',
  '          }',
  '        }',
  '      }',
  '      ',
].join('\n');
