// What Font Awesome's metadata says each icon means (label, search terms, aliases, categories), by
// its name and by each alias, from one release: lent to the open sets' icons of the same name
// (open-sets-index.ts). The release's documents, as its own search index reads them.
import type { Meaning } from './open-sets-index.ts';
import { releaseDocuments } from './release-documents.ts';
import type { SearchRepo } from './search.repo.ts';

export async function fontAwesomeMeanings(repo: SearchRepo, releaseId: number): Promise<Map<string, Meaning>> {
  const documents = await releaseDocuments(repo, releaseId);
  const meanings = new Map<string, Meaning>();
  for (const document of documents) meanings.set(document.name, document);
  // An alias means its icon, unless it is another icon's name.
  for (const document of documents) for (const alias of document.aliases) if (!meanings.has(alias)) meanings.set(alias, document);
  return meanings;
}
