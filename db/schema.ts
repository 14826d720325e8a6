// Drizzle tables. Release data is immutable once loaded: every row below `releases` belongs to one
// release and disappears with it (ON DELETE CASCADE), so replacing a release is delete + insert.
import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const releaseRef = () =>
  integer('release_id')
    .notNull()
    .references(() => releases.id, { onDelete: 'cascade' });

export const releases = sqliteTable('releases', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  version: text('version').notNull().unique(),
  date: text('date').notNull(),
  isPrerelease: integer('is_prerelease', { mode: 'boolean' }).notNull(),
  separatesWebDesktop: integer('separates_web_desktop', { mode: 'boolean' }).notNull().default(false),
  source: text('source').notNull(),
  loadedAt: text('loaded_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});

export const familyStyles = sqliteTable(
  'family_styles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    releaseId: releaseRef(),
    family: text('family').notNull(),
    style: text('style').notNull(),
    prefix: text('prefix').notNull(),
    shorthand: text('shorthand').notNull(),
    label: text('label').notNull(),
    // Position in the contract's order (family catalogue, then style weight, then prefix).
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('family_styles_release_prefix').on(t.releaseId, t.prefix),
    uniqueIndex('family_styles_release_family_style').on(t.releaseId, t.family, t.style),
  ],
);

export const icons = sqliteTable(
  'icons',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    releaseId: releaseRef(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    unicode: text('unicode').notNull(),
    changes: text('changes', { mode: 'json' }).$type<string[]>().notNull(),
    // 'free' when the icon has a free family-style, 'pro' when only pro ones: the license filter.
    license: text('license', { enum: ['free', 'pro'] }).notNull(),
  },
  (t) => [
    uniqueIndex('icons_release_name').on(t.releaseId, t.name),
    index('icons_release_license_name').on(t.releaseId, t.license, t.name),
  ],
);

const iconRef = () =>
  integer('icon_id')
    .notNull()
    .references(() => icons.id, { onDelete: 'cascade' });
const familyStyleRef = () =>
  integer('family_style_id')
    .notNull()
    .references(() => familyStyles.id, { onDelete: 'cascade' });

export const iconAliasNames = sqliteTable(
  'icon_alias_names',
  {
    iconId: iconRef(),
    releaseId: releaseRef(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.iconId, t.name] }), index('icon_alias_names_release_name').on(t.releaseId, t.name)],
);

export const iconAliasUnicodes = sqliteTable(
  'icon_alias_unicodes',
  {
    iconId: iconRef(),
    kind: text('kind', { enum: ['primary', 'composite', 'secondary'] }).notNull(),
    value: text('value').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.iconId, t.kind, t.position] })],
);

export const iconFamilyStyles = sqliteTable(
  'icon_family_styles',
  {
    iconId: iconRef(),
    familyStyleId: familyStyleRef(),
    license: text('license', { enum: ['free', 'pro'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.iconId, t.license, t.familyStyleId] }),
    index('icon_family_styles_family_style').on(t.familyStyleId),
  ],
);

export const iconSvgs = sqliteTable(
  'icon_svgs',
  {
    iconId: iconRef(),
    familyStyleId: familyStyleRef(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    // One path, or two for duotone ([secondary, primary]).
    pathData: text('path_data', { mode: 'json' }).$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.iconId, t.familyStyleId] })],
);

export const iconSearchTerms = sqliteTable(
  'icon_search_terms',
  {
    iconId: iconRef(),
    term: text('term').notNull(),
  },
  (t) => [primaryKey({ columns: [t.iconId, t.term] })],
);

export const categories = sqliteTable(
  'categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    releaseId: releaseRef(),
    name: text('name').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('categories_release_name').on(t.releaseId, t.name)],
);

export const categoryIcons = sqliteTable(
  'category_icons',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    iconId: iconRef(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.iconId] }), index('category_icons_icon').on(t.iconId)],
);

export const shims = sqliteTable(
  'shims',
  {
    releaseId: releaseRef(),
    // The Font Awesome 4 name, and the icon (and prefix) it maps to; a null name means "same id".
    oldName: text('old_name').notNull(),
    name: text('name'),
    prefix: text('prefix'),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.oldName] })],
);

export const visualTags = sqliteTable(
  'visual_tags',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    releaseId: releaseRef(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    labelIconName: text('label_icon_name').notNull(),
    labelIconPrefix: text('label_icon_prefix').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('visual_tags_release_name').on(t.releaseId, t.name)],
);

export const familyStyleVisualTags = sqliteTable(
  'family_style_visual_tags',
  {
    familyStyleId: familyStyleRef(),
    visualTagId: integer('visual_tag_id')
      .notNull()
      .references(() => visualTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.familyStyleId, t.visualTagId] })],
);

export const iconPacks = sqliteTable(
  'icon_packs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    releaseId: releaseRef(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    description: text('description'),
    designerName: text('designer_name'),
    designerUrl: text('designer_url'),
    labelIconName: text('label_icon_name').notNull(),
    labelIconPrefix: text('label_icon_prefix').notNull(),
    sourceCanvasHeight: integer('source_canvas_height').notNull(),
    sourceGridHeight: integer('source_grid_height').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('icon_packs_release_name').on(t.releaseId, t.name)],
);

export const iconPackFamilyStyles = sqliteTable(
  'icon_pack_family_styles',
  {
    iconPackId: integer('icon_pack_id')
      .notNull()
      .references(() => iconPacks.id, { onDelete: 'cascade' }),
    familyStyleId: familyStyleRef(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.iconPackId, t.familyStyleId] })],
);

export const iconCollections = sqliteTable(
  'icon_collections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    releaseId: releaseRef(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    labelIconName: text('label_icon_name').notNull(),
    labelIconPrefix: text('label_icon_prefix').notNull(),
    isSubset: integer('is_subset', { mode: 'boolean' }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('icon_collections_release_name').on(t.releaseId, t.name)],
);

export const iconCollectionPacks = sqliteTable(
  'icon_collection_packs',
  {
    iconCollectionId: integer('icon_collection_id')
      .notNull()
      .references(() => iconCollections.id, { onDelete: 'cascade' }),
    iconPackId: integer('icon_pack_id')
      .notNull()
      .references(() => iconPacks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.iconCollectionId, t.iconPackId] })],
);

export const iconCollectionSubsets = sqliteTable(
  'icon_collection_subsets',
  {
    iconCollectionId: integer('icon_collection_id')
      .notNull()
      .references(() => iconCollections.id, { onDelete: 'cascade' }),
    familyStyleId: familyStyleRef(),
    // Icon ids included from this family-style; null means the whole family-style.
    only: text('only', { mode: 'json' }).$type<string[] | null>(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.iconCollectionId, t.familyStyleId] })],
);

export const releaseSris = sqliteTable(
  'release_sris',
  {
    releaseId: releaseRef(),
    license: text('license', { enum: ['free', 'pro'] }).notNull(),
    path: text('path').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.license, t.path] })],
);

// The files the CDN serves for a release (css/, js/, webfonts/, svgs/, sprites/), by path, each
// naming its bytes by SHA-256: most files repeat unchanged from release to release, so the bytes
// are kept once in `blobs`. A blob no release names any more is deleted with the last release
// that named it (seeds/load.ts).
export const releaseFiles = sqliteTable(
  'release_files',
  {
    releaseId: releaseRef(),
    path: text('path').notNull(),
    sha256: text('sha256')
      .notNull()
      .references(() => blobs.sha256),
    size: integer('size').notNull(),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.path] }), index('release_files_sha256').on(t.sha256)],
);

export const blobs = sqliteTable('blobs', {
  sha256: text('sha256').primaryKey(),
  bytes: blob('bytes', { mode: 'buffer' }).notNull(),
});

// Accounts and credentials. Tokens are stored only as SHA-256 hashes of high-entropy random values.
export const accounts = sqliteTable('accounts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  createdAt: text('created_at').notNull(),
});

export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    scopes: text('scopes', { mode: 'json' }).$type<string[]>().notNull(),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
    expiresAt: text('expires_at'),
    revokedAt: text('revoked_at'),
  },
  (t) => [index('api_tokens_account').on(t.accountId)],
);

export const accessTokens = sqliteTable(
  'access_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    apiTokenId: integer('api_token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    scopes: text('scopes', { mode: 'json' }).$type<string[]>().notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('access_tokens_expires').on(t.expiresAt), index('access_tokens_api_token').on(t.apiTokenId)],
);

export const kits = sqliteTable(
  'kits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    name: text('name').notNull(),
    // May be symbolic ("7.x"): resolved when asked, so a kit follows new releases.
    version: text('version').notNull(),
    technology: text('technology', { enum: ['svg', 'webfont'] }).notNull(),
    license: text('license', { enum: ['free', 'pro'] }).notNull(),
    minified: integer('minified', { mode: 'boolean' }).notNull().default(true),
    shimEnabled: integer('shim_enabled', { mode: 'boolean' }).notNull().default(false),
    autoAccessibilityEnabled: integer('auto_accessibility_enabled', { mode: 'boolean' }).notNull().default(true),
    status: text('status').notNull().default('published'),
    domains: text('domains', { mode: 'json' }).$type<string[]>().notNull(),
    revision: integer('revision').notNull().default(1),
    createdAt: text('created_at').notNull(),
    // FULL: every family-style the license allows; CUSTOM: the rows of kit_subset_family_styles;
    // AUTO: like FULL (auto-subsetting is about what a page loads, not what the kit holds).
    subsetType: text('subset_type', { enum: ['AUTO', 'CUSTOM', 'FULL'] }).notNull().default('FULL'),
  },
  (t) => [index('kits_account').on(t.accountId)],
);

// The family-styles a CUSTOM kit includes, by prefix: a kit's version may be symbolic ("7.x"), so
// its subset names family-styles and icons, never rows of one release.
export const kitSubsetFamilyStyles = sqliteTable(
  'kit_subset_family_styles',
  {
    kitId: integer('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    // Icon ids included from this family-style; null means all of them.
    only: text('only', { mode: 'json' }).$type<string[] | null>(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kitId, t.prefix] })],
);

export const kitIconUploads = sqliteTable(
  'kit_icon_uploads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kitId: integer('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    unicode: integer('unicode').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    pathData: text('path_data', { mode: 'json' }).$type<string[]>().notNull(),
    version: integer('version').notNull(),
  },
  (t) => [uniqueIndex('kit_icon_uploads_kit_name').on(t.kitId, t.name)],
);

/**
 * Counters of failed token exchanges per client, one row per client in its current window: kept in
 * the database so that every process serving it counts the same failures (server/auth/
 * failure-limit.ts). `reset_at` is when the window ends, in milliseconds since the epoch.
 */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: integer('reset_at').notNull(),
});

/**
 * Writes that change what a server derives and caches from the database, one row per committed
 * change, written in the same transaction as the change: `releases` (a release imported, replaced
 * or removed) or `account:<id>` (that account's kits). Every process sharing the file reads the
 * rows after the last it saw when the file changed, and drops only the caches those scopes cover;
 * other writes (token exchanges, `lastUsedAt`) leave every cache alone.
 */
export const dataChanges = sqliteTable('data_changes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  scope: text('scope').notNull(),
});

// Self-hosting archives (kit downloads and icon subsets), built in the background. A build is
// PENDING until its zip is stored (READY) or it fails (FAILED, with the reason). The process
// making a build refreshes its heartbeat; a PENDING build whose heartbeat stopped (its process
// stopped or crashed) is FAILED when next read or at the next start, never left PENDING.
export const builds = sqliteTable(
  'builds',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['kit', 'subset'] }).notNull(),
    // Kit downloads only; their builds go with the kit.
    kitId: integer('kit_id').references(() => kits.id, { onDelete: 'cascade' }),
    buildType: text('build_type', { enum: ['WEB', 'DESKTOP'] }).notNull(),
    // What was asked for, so a build can be matched to a later identical request.
    request: text('request').notNull(),
    status: text('status', { enum: ['PENDING', 'READY', 'FAILED'] }).notNull(),
    failureReason: text('failure_reason'),
    zip: blob('zip', { mode: 'buffer' }),
    createdAt: text('created_at').notNull(),
    finishedAt: text('finished_at'),
    heartbeatAt: text('heartbeat_at'),
  },
  (t) => [index('builds_kit').on(t.kitId), index('builds_request').on(t.request)],
);
