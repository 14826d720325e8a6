// The tables, described once for both databases: defineTables() builds them from a dialect's
// column kit (db/columns.ts for SQLite, db/columns.pg.ts for PostgreSQL), and db/schema.ts and
// db/schema.pg.ts are its two results, from which drizzle-kit generates each dialect's migrations.
// Only the kit knows how a dialect spells ids, booleans, JSON, bytes, epoch milliseconds and the
// insert time; everything else (names, keys, indexes, references) is written here once.
//
// Release data is immutable once loaded: every row below `releases` belongs to one release and
// disappears with it (ON DELETE CASCADE), so replacing a release is delete + insert.
import type { Columns } from './columns.ts';

/** Every table, built with the column kit `c` (typed as SQLite's: see db/database.ts). */
export function defineTables(c: Columns) {
  const releaseRef = () =>
    c.integer('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' });

  const releases = c.table('releases', {
    id: c.id(),
    version: c.text('version').notNull().unique(),
    date: c.text('date').notNull(),
    isPrerelease: c.boolean('is_prerelease').notNull(),
    separatesWebDesktop: c.boolean('separates_web_desktop').notNull().default(false),
    source: c.text('source').notNull(),
    loadedAt: c.text('loaded_at').notNull().default(c.insertTime),
  });

  const familyStyles = c.table(
    'family_styles',
    {
      id: c.id(),
      releaseId: releaseRef(),
      family: c.text('family').notNull(),
      style: c.text('style').notNull(),
      prefix: c.text('prefix').notNull(),
      shorthand: c.text('shorthand').notNull(),
      label: c.text('label').notNull(),
      // Position in the contract's order (family catalogue, then style weight, then prefix).
      position: c.integer('position').notNull(),
    },
    (t) => [
      c.uniqueIndex('family_styles_release_prefix').on(t.releaseId, t.prefix),
      c.uniqueIndex('family_styles_release_family_style').on(t.releaseId, t.family, t.style),
    ],
  );

  const icons = c.table(
    'icons',
    {
      id: c.id(),
      releaseId: releaseRef(),
      name: c.text('name').notNull(),
      label: c.text('label').notNull(),
      unicode: c.text('unicode').notNull(),
      changes: c.json('changes').$type<string[]>().notNull(),
      // 'free' when the icon has a free family-style, 'pro' when only pro ones: the license filter.
      license: c.text('license', { enum: ['free', 'pro'] }).notNull(),
    },
    (t) => [
      c.uniqueIndex('icons_release_name').on(t.releaseId, t.name),
      c.index('icons_release_license_name').on(t.releaseId, t.license, t.name),
    ],
  );

  const iconRef = () =>
    c.integer('icon_id')
      .notNull()
      .references(() => icons.id, { onDelete: 'cascade' });
  const familyStyleRef = () =>
    c.integer('family_style_id')
      .notNull()
      .references(() => familyStyles.id, { onDelete: 'cascade' });

  const iconAliasNames = c.table(
    'icon_alias_names',
    {
      iconId: iconRef(),
      releaseId: releaseRef(),
      name: c.text('name').notNull(),
      position: c.integer('position').notNull(),
    },
    (t) => [c.primaryKey({ columns: [t.iconId, t.name] }), c.index('icon_alias_names_release_name').on(t.releaseId, t.name)],
  );

  const iconAliasUnicodes = c.table(
    'icon_alias_unicodes',
    {
      iconId: iconRef(),
      kind: c.text('kind', { enum: ['primary', 'composite', 'secondary'] }).notNull(),
      value: c.text('value').notNull(),
      position: c.integer('position').notNull(),
    },
    (t) => [c.primaryKey({ columns: [t.iconId, t.kind, t.position] })],
  );

  const iconFamilyStyles = c.table(
    'icon_family_styles',
    {
      iconId: iconRef(),
      familyStyleId: familyStyleRef(),
      license: c.text('license', { enum: ['free', 'pro'] }).notNull(),
    },
    (t) => [
      c.primaryKey({ columns: [t.iconId, t.license, t.familyStyleId] }),
      c.index('icon_family_styles_family_style').on(t.familyStyleId),
    ],
  );

  const iconSvgs = c.table(
    'icon_svgs',
    {
      iconId: iconRef(),
      familyStyleId: familyStyleRef(),
      width: c.integer('width').notNull(),
      height: c.integer('height').notNull(),
      // One path, or two for duotone ([secondary, primary]).
      pathData: c.json('path_data').$type<string[]>().notNull(),
    },
    (t) => [c.primaryKey({ columns: [t.iconId, t.familyStyleId] })],
  );

  const iconSearchTerms = c.table(
    'icon_search_terms',
    {
      iconId: iconRef(),
      term: c.text('term').notNull(),
    },
    (t) => [c.primaryKey({ columns: [t.iconId, t.term] })],
  );

  const categories = c.table(
    'categories',
    {
      id: c.id(),
      releaseId: releaseRef(),
      name: c.text('name').notNull(),
      label: c.text('label').notNull(),
    },
    (t) => [c.uniqueIndex('categories_release_name').on(t.releaseId, t.name)],
  );

  const categoryIcons = c.table(
    'category_icons',
    {
      categoryId: c.integer('category_id')
        .notNull()
        .references(() => categories.id, { onDelete: 'cascade' }),
      iconId: iconRef(),
    },
    (t) => [c.primaryKey({ columns: [t.categoryId, t.iconId] }), c.index('category_icons_icon').on(t.iconId)],
  );

  const shims = c.table(
    'shims',
    {
      releaseId: releaseRef(),
      // The Font Awesome 4 name, and the icon (and prefix) it maps to; a null name means "same id".
      oldName: c.text('old_name').notNull(),
      name: c.text('name'),
      prefix: c.text('prefix'),
    },
    (t) => [c.primaryKey({ columns: [t.releaseId, t.oldName] })],
  );

  const visualTags = c.table(
    'visual_tags',
    {
      id: c.id(),
      releaseId: releaseRef(),
      name: c.text('name').notNull(),
      label: c.text('label').notNull(),
      labelIconName: c.text('label_icon_name').notNull(),
      labelIconPrefix: c.text('label_icon_prefix').notNull(),
      position: c.integer('position').notNull(),
    },
    (t) => [c.uniqueIndex('visual_tags_release_name').on(t.releaseId, t.name)],
  );

  const familyStyleVisualTags = c.table(
    'family_style_visual_tags',
    {
      familyStyleId: familyStyleRef(),
      visualTagId: c.integer('visual_tag_id')
        .notNull()
        .references(() => visualTags.id, { onDelete: 'cascade' }),
    },
    (t) => [c.primaryKey({ columns: [t.familyStyleId, t.visualTagId] })],
  );

  const iconPacks = c.table(
    'icon_packs',
    {
      id: c.id(),
      releaseId: releaseRef(),
      name: c.text('name').notNull(),
      label: c.text('label').notNull(),
      description: c.text('description'),
      designerName: c.text('designer_name'),
      designerUrl: c.text('designer_url'),
      labelIconName: c.text('label_icon_name').notNull(),
      labelIconPrefix: c.text('label_icon_prefix').notNull(),
      sourceCanvasHeight: c.integer('source_canvas_height').notNull(),
      sourceGridHeight: c.integer('source_grid_height').notNull(),
      position: c.integer('position').notNull(),
    },
    (t) => [c.uniqueIndex('icon_packs_release_name').on(t.releaseId, t.name)],
  );

  const iconPackFamilyStyles = c.table(
    'icon_pack_family_styles',
    {
      iconPackId: c.integer('icon_pack_id')
        .notNull()
        .references(() => iconPacks.id, { onDelete: 'cascade' }),
      familyStyleId: familyStyleRef(),
      position: c.integer('position').notNull(),
    },
    (t) => [c.primaryKey({ columns: [t.iconPackId, t.familyStyleId] })],
  );

  const iconCollections = c.table(
    'icon_collections',
    {
      id: c.id(),
      releaseId: releaseRef(),
      name: c.text('name').notNull(),
      label: c.text('label').notNull(),
      labelIconName: c.text('label_icon_name').notNull(),
      labelIconPrefix: c.text('label_icon_prefix').notNull(),
      isSubset: c.boolean('is_subset').notNull(),
      position: c.integer('position').notNull(),
    },
    (t) => [c.uniqueIndex('icon_collections_release_name').on(t.releaseId, t.name)],
  );

  const iconCollectionPacks = c.table(
    'icon_collection_packs',
    {
      iconCollectionId: c.integer('icon_collection_id')
        .notNull()
        .references(() => iconCollections.id, { onDelete: 'cascade' }),
      iconPackId: c.integer('icon_pack_id')
        .notNull()
        .references(() => iconPacks.id, { onDelete: 'cascade' }),
      position: c.integer('position').notNull(),
    },
    (t) => [c.primaryKey({ columns: [t.iconCollectionId, t.iconPackId] })],
  );

  const iconCollectionSubsets = c.table(
    'icon_collection_subsets',
    {
      iconCollectionId: c.integer('icon_collection_id')
        .notNull()
        .references(() => iconCollections.id, { onDelete: 'cascade' }),
      familyStyleId: familyStyleRef(),
      // Icon ids included from this family-style; null means the whole family-style.
      only: c.json('only').$type<string[] | null>(),
      position: c.integer('position').notNull(),
    },
    (t) => [c.primaryKey({ columns: [t.iconCollectionId, t.familyStyleId] })],
  );

  const releaseSris = c.table(
    'release_sris',
    {
      releaseId: releaseRef(),
      license: c.text('license', { enum: ['free', 'pro'] }).notNull(),
      path: c.text('path').notNull(),
      value: c.text('value').notNull(),
    },
    (t) => [c.primaryKey({ columns: [t.releaseId, t.license, t.path] })],
  );

  // The files the CDN serves for a release (css/, js/, webfonts/, svgs/, sprites/), by path, each
  // naming its bytes by SHA-256: most files repeat unchanged from release to release, so the bytes
  // are kept once in `blobs`. A blob no release names any more is deleted with the last release
  // that named it (seeds/load.ts).
  const releaseFiles = c.table(
    'release_files',
    {
      releaseId: releaseRef(),
      path: c.text('path').notNull(),
      sha256: c.text('sha256')
        .notNull()
        .references(() => blobs.sha256),
      size: c.integer('size').notNull(),
    },
    (t) => [c.primaryKey({ columns: [t.releaseId, t.path] }), c.index('release_files_sha256').on(t.sha256)],
  );

  const blobs = c.table('blobs', {
    sha256: c.text('sha256').primaryKey(),
    bytes: c.bytes('bytes').notNull(),
  });

  // Accounts and credentials. Tokens are stored only as SHA-256 hashes of high-entropy random values.
  const accounts = c.table('accounts', {
    id: c.id(),
    email: c.text('email').notNull().unique(),
    createdAt: c.text('created_at').notNull(),
  });

  const apiTokens = c.table(
    'api_tokens',
    {
      id: c.id(),
      accountId: c.integer('account_id')
        .notNull()
        .references(() => accounts.id, { onDelete: 'cascade' }),
      name: c.text('name').notNull(),
      tokenHash: c.text('token_hash').notNull().unique(),
      scopes: c.json('scopes').$type<string[]>().notNull(),
      createdAt: c.text('created_at').notNull(),
      lastUsedAt: c.text('last_used_at'),
      expiresAt: c.text('expires_at'),
      revokedAt: c.text('revoked_at'),
    },
    (t) => [c.index('api_tokens_account').on(t.accountId)],
  );

  const accessTokens = c.table(
    'access_tokens',
    {
      id: c.id(),
      apiTokenId: c.integer('api_token_id')
        .notNull()
        .references(() => apiTokens.id, { onDelete: 'cascade' }),
      tokenHash: c.text('token_hash').notNull().unique(),
      scopes: c.json('scopes').$type<string[]>().notNull(),
      expiresAt: c.text('expires_at').notNull(),
    },
    (t) => [c.index('access_tokens_expires').on(t.expiresAt), c.index('access_tokens_api_token').on(t.apiTokenId)],
  );

  const kits = c.table(
    'kits',
    {
      id: c.id(),
      accountId: c.integer('account_id')
        .notNull()
        .references(() => accounts.id, { onDelete: 'cascade' }),
      token: c.text('token').notNull().unique(),
      name: c.text('name').notNull(),
      // May be symbolic ("7.x"): resolved when asked, so a kit follows new releases.
      version: c.text('version').notNull(),
      technology: c.text('technology', { enum: ['svg', 'webfont'] }).notNull(),
      license: c.text('license', { enum: ['free', 'pro'] }).notNull(),
      minified: c.boolean('minified').notNull().default(true),
      shimEnabled: c.boolean('shim_enabled').notNull().default(false),
      autoAccessibilityEnabled: c.boolean('auto_accessibility_enabled').notNull().default(true),
      status: c.text('status').notNull().default('published'),
      domains: c.json('domains').$type<string[]>().notNull(),
      revision: c.integer('revision').notNull().default(1),
      createdAt: c.text('created_at').notNull(),
      // FULL: every family-style the license allows; CUSTOM: the rows of kit_subset_family_styles;
      // AUTO: like FULL (auto-subsetting is about what a page loads, not what the kit holds).
      subsetType: c.text('subset_type', { enum: ['AUTO', 'CUSTOM', 'FULL'] }).notNull().default('FULL'),
    },
    (t) => [c.index('kits_account').on(t.accountId)],
  );

  // The family-styles a CUSTOM kit includes, by prefix: a kit's version may be symbolic ("7.x"), so
  // its subset names family-styles and icons, never rows of one release.
  const kitSubsetFamilyStyles = c.table(
    'kit_subset_family_styles',
    {
      kitId: c.integer('kit_id')
        .notNull()
        .references(() => kits.id, { onDelete: 'cascade' }),
      prefix: c.text('prefix').notNull(),
      // Icon ids included from this family-style; null means all of them.
      only: c.json('only').$type<string[] | null>(),
      position: c.integer('position').notNull(),
    },
    (t) => [c.primaryKey({ columns: [t.kitId, t.prefix] })],
  );

  const kitIconUploads = c.table(
    'kit_icon_uploads',
    {
      id: c.id(),
      kitId: c.integer('kit_id')
        .notNull()
        .references(() => kits.id, { onDelete: 'cascade' }),
      name: c.text('name').notNull(),
      unicode: c.integer('unicode').notNull(),
      width: c.integer('width').notNull(),
      height: c.integer('height').notNull(),
      pathData: c.json('path_data').$type<string[]>().notNull(),
      version: c.integer('version').notNull(),
    },
    (t) => [c.uniqueIndex('kit_icon_uploads_kit_name').on(t.kitId, t.name)],
  );

  /**
   * Counters of failed token exchanges per client, one row per client in its current window: kept in
   * the database so that every process serving it counts the same failures (server/auth/
   * failure-limit.ts). `reset_at` is when the window ends, in milliseconds since the epoch.
   */
  const rateLimits = c.table('rate_limits', {
    key: c.text('key').primaryKey(),
    hits: c.integer('hits').notNull(),
    resetAt: c.epochMs('reset_at').notNull(),
  });

  /**
   * Writes that change what a server derives and caches from the database, one row per committed
   * change, written in the same transaction as the change: `releases` (a release imported, replaced
   * or removed) or `account:<id>` (that account's kits). Every process sharing the file reads the
   * rows after the last it saw when the file changed, and drops only the caches those scopes cover;
   * other writes (token exchanges, `lastUsedAt`) leave every cache alone.
   */
  const dataChanges = c.table('data_changes', {
    id: c.id(),
    scope: c.text('scope').notNull(),
  });

  // Self-hosting archives (kit downloads and icon subsets), built in the background. A build is
  // PENDING until its zip is stored (READY) or it fails (FAILED, with the reason). The process
  // making a build refreshes its heartbeat; a PENDING build whose heartbeat stopped (its process
  // stopped or crashed) is FAILED when next read or at the next start, never left PENDING.
  const builds = c.table(
    'builds',
    {
      id: c.text('id').primaryKey(),
      kind: c.text('kind', { enum: ['kit', 'subset'] }).notNull(),
      // Kit downloads only; their builds go with the kit.
      kitId: c.integer('kit_id').references(() => kits.id, { onDelete: 'cascade' }),
      buildType: c.text('build_type', { enum: ['WEB', 'DESKTOP'] }).notNull(),
      // What was asked for, so a build can be matched to a later identical request.
      request: c.text('request').notNull(),
      status: c.text('status', { enum: ['PENDING', 'READY', 'FAILED'] }).notNull(),
      failureReason: c.text('failure_reason'),
      zip: c.bytes('zip'),
      createdAt: c.text('created_at').notNull(),
      finishedAt: c.text('finished_at'),
      heartbeatAt: c.text('heartbeat_at'),
    },
    (t) => [c.index('builds_kit').on(t.kitId), c.index('builds_request').on(t.request)],
  );

  // Open icon sets (the Iconify API, server/iconify/): one row per set, its icons and aliases below
  // it. A set is replaced whole (delete + insert in one transaction), like a release. JSON is kept
  // as text, as it is served: PostgreSQL's jsonb would reorder its keys.
  const iconifySets = c.table('iconify_sets', {
    id: c.id(),
    prefix: c.text('prefix').notNull().unique(),
    // The package version it came from (1.2.3), or the Font Awesome release it was made from.
    version: c.text('version').notNull(),
    // Where it came from: "@iconify-json/mdi@1.2.3", or "font-awesome 7.3.1" for a set made from a release.
    source: c.text('source').notNull(),
    // Unix seconds (IconifyJSON's lastModified): clients key their stored icons by it.
    lastModified: c.integer('last_modified').notNull(),
    // IconifyInfo (name, author, license, total, ...) as JSON text; null for a set that has none.
    info: c.text('info'),
    // The set-wide defaults every icon answer carries (width, height, left, top) as JSON text.
    defaults: c.text('defaults').notNull(),
    // The /collection answer without info and chars (total, categories, hidden, aliases, ...), as JSON text.
    listing: c.text('listing').notNull(),
    // Code point -> icon name, for sets made from fonts, as JSON text.
    chars: c.text('chars'),
    loadedAt: c.text('loaded_at').notNull().default(c.insertTime),
  });

  const iconifyIcons = c.table(
    'iconify_icons',
    {
      setId: c.integer('set_id')
        .notNull()
        .references(() => iconifySets.id, { onDelete: 'cascade' }),
      name: c.text('name').notNull(),
      // An alias's parent (an icon or another alias); null for an icon.
      parent: c.text('parent'),
      // The icon's or alias's IconifyJSON entry, as JSON text.
      data: c.text('data').notNull(),
      // Not listed, still resolvable (an icon's own hidden flag, or an alias that inherits it).
      hidden: c.boolean('hidden').notNull(),
    },
    (t) => [c.primaryKey({ columns: [t.setId, t.name] })],
  );

  return { releases, familyStyles, icons, iconAliasNames, iconAliasUnicodes, iconFamilyStyles, iconSvgs, iconSearchTerms, categories, categoryIcons, shims, visualTags, familyStyleVisualTags, iconPacks, iconPackFamilyStyles, iconCollections, iconCollectionPacks, iconCollectionSubsets, releaseSris, releaseFiles, blobs, accounts, apiTokens, accessTokens, kits, kitSubsetFamilyStyles, kitIconUploads, rateLimits, dataChanges, builds, iconifySets, iconifyIcons };
}

export type Tables = ReturnType<typeof defineTables>;
