// SQLite's tables (db/tables.ts over db/columns.ts), one export each, as drizzle-kit reads them
// (drizzle.config.ts) and the code imports them.
import { sqliteColumns } from './columns.ts';
import { defineTables } from './tables.ts';

export const { releases, familyStyles, icons, iconAliasNames, iconAliasUnicodes, iconFamilyStyles, iconSvgs, iconSearchTerms, categories, categoryIcons, shims, visualTags, familyStyleVisualTags, iconPacks, iconPackFamilyStyles, iconCollections, iconCollectionPacks, iconCollectionSubsets, releaseSris, releaseFiles, blobs, accounts, apiTokens, accessTokens, kits, kitSubsetFamilyStyles, kitIconUploads, rateLimits, dataChanges, builds, iconifySets, iconifyIcons } =
  defineTables(sqliteColumns);
