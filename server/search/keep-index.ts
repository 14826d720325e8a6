// The search index of every icon, kept in its file by the commands that change what it is built
// from (`seed add`, `seed remove`): the next start reads it in ~0.1 s and answers its first search
// at once, where building it there (1.5-3 s with every set of @iconify/json) held that search.
import type { Database } from '../../db/database.ts';
import { createIconSetsRepo } from '../iconify/icon-sets.repo.ts';
import { createIconSetsService } from '../iconify/icon-sets.service.ts';
import { createReleasesRepo } from '../releases/releases.repo.ts';
import { createReleasesService } from '../releases/releases.service.ts';
import { createIconSearch } from './icon-search.ts';
import { createSearchRepo } from './search.repo.ts';

/** Where the index of a database is kept: beside its SQLite file; none in memory, nor on PostgreSQL. */
export function searchIndexFile(database: Database): string | undefined {
  const client = database.sqlite?.$client;
  return client && !client.memory ? `${client.name}.search-index` : undefined;
}

/** Builds the index of what `database` holds now and keeps it in its file (read, when it is kept already). False: no file to keep it in. */
export async function keepSearchIndex(database: Database): Promise<boolean> {
  const indexFile = searchIndexFile(database);
  if (!indexFile) return false;
  const search = createIconSearch({
    // No set kept whole in memory: each is read once, while building.
    sets: createIconSetsService(createIconSetsRepo(database), 0),
    repo: createSearchRepo(database),
    releases: createReleasesService(createReleasesRepo(database)),
    indexFile,
  });
  await search.keep();
  return true;
}
