// What Font Awesome's metadata says each icon means (label, search terms, aliases, categories), by
// its name and by each alias, from one release: lent to the open sets' icons of the same name
// (open-sets-index.ts). Read from the database as the release's own search index reads it.
import type { Meaning } from './open-sets-index.ts';
import type { SearchRepo } from './search.repo.ts';

export async function fontAwesomeMeanings(repo: SearchRepo, releaseId: number): Promise<Map<string, Meaning>> {
  const [icons, aliasNames, terms, categories] = await Promise.all([repo.icons(releaseId), repo.aliasNames(releaseId), repo.terms(releaseId), repo.categories(releaseId)]);
  const byId = new Map<number, Meaning>(icons.map((icon) => [icon.id, { name: icon.name, label: icon.label, terms: [], aliases: [], categories: [] }]));
  for (const { iconId, name } of aliasNames) byId.get(iconId)?.aliases.push(name);
  for (const { iconId, term } of terms) byId.get(iconId)?.terms.push(term);
  for (const { iconId, label } of categories) byId.get(iconId)?.categories.push(label);
  const meanings = new Map<string, Meaning>();
  for (const meaning of byId.values()) meanings.set(meaning.name, meaning);
  // An alias means its icon, unless it is another icon's name.
  for (const meaning of byId.values()) for (const alias of meaning.aliases) if (!meanings.has(alias)) meanings.set(alias, meaning);
  return meanings;
}
