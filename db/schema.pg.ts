// PostgreSQL's tables (db/tables.ts over db/columns.pg.ts), one export each, as drizzle-kit reads
// them (drizzle.pg.config.ts). test/pg-schema.test.ts checks that they match SQLite's.
import { pgColumns } from './columns.pg.ts';
import { defineTables } from './tables.ts';

export const { releases, familyStyles, icons, iconAliasNames, iconAliasUnicodes, iconFamilyStyles, iconSvgs, iconSearchTerms, categories, categoryIcons, shims, visualTags, familyStyleVisualTags, iconPacks, iconPackFamilyStyles, iconCollections, iconCollectionPacks, iconCollectionSubsets, releaseSris, releaseFiles, blobs, accounts, apiTokens, accessTokens, kits, kitSubsetFamilyStyles, kitIconUploads, rateLimits, dataChanges, builds, iconifySets, iconifyIcons } =
  defineTables(pgColumns);
