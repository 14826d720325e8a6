// A release's icons as search reads them: id, label, alias names, search terms, categories, and
// how many family-styles each ships in (whether only as a brand's logo). The release's own index
// is made of them (search.service.ts), and so are the meanings it lends the open sets
// (font-awesome-meanings.ts).
import type { SearchDocument } from './search-index.ts';
import type { SearchRepo } from './search.repo.ts';

export async function releaseDocuments(repo: SearchRepo, releaseId: number): Promise<SearchDocument[]> {
  const [icons, aliasNames, terms, categories, iconStyles] = await Promise.all([
    repo.icons(releaseId),
    repo.aliasNames(releaseId),
    repo.terms(releaseId),
    repo.categories(releaseId),
    repo.iconStyles(releaseId),
  ]);
  const documents = new Map<number, SearchDocument>(icons.map((i) => [i.id, { rowId: i.id, name: i.name, label: i.label, aliases: [], terms: [], categories: [], styles: 0, changes: i.changes }]));
  for (const { iconId, style } of iconStyles) {
    const document = documents.get(iconId)!;
    document.styles!++;
    document.logo = (document.logo ?? true) && style === 'brands';
  }
  for (const { iconId, name } of aliasNames) documents.get(iconId)?.aliases.push(name);
  for (const { iconId, term } of terms) documents.get(iconId)?.terms.push(term);
  for (const { iconId, label } of categories) documents.get(iconId)?.categories.push(label);
  return [...documents.values()];
}
