// me, Account, Kit and IconUpload (contract §6-7): `me` needs any valid access token; id/email need
// profile_read; kits and kit(token) need kits_read.
import type { KitRow, UploadRow } from '../../kits/kits.repo.ts';
import { requireAnyScope } from '../authorize.ts';
import type { GraphQLContext } from '../context.ts';
import { svgHtml } from '../svg.ts';
import { kitResolvers } from './kit.resolvers.ts';
import { subsetResolvers, type CollectionParent } from './subset.resolvers.ts';

interface AccountParent {
  id: number;
}

const ownKits = async (ctx: GraphQLContext, accountId: number) => (await ctx.services.kits.list(accountId)).map((k) => k.kit);

export const accountResolvers = {
  Account: {
    id: (account: AccountParent, _: unknown, ctx: GraphQLContext) => (requireAnyScope(ctx.principal, 'profile_read'), account.id),
    email: async (account: AccountParent, _: unknown, ctx: GraphQLContext) => {
      requireAnyScope(ctx.principal, 'profile_read');
      return (await ctx.services.auth.accountById(account.id))?.email ?? null;
    },
    kits: (account: AccountParent, _: unknown, ctx: GraphQLContext) => (requireAnyScope(ctx.principal, 'kits_read'), ownKits(ctx, account.id)),
    kit: async (account: AccountParent, { token }: { token: string }, ctx: GraphQLContext) => {
      requireAnyScope(ctx.principal, 'kits_read');
      return (await ownKits(ctx, account.id)).find((kit) => kit.token === token) ?? null;
    },

    /**
     * The collection of the account's plan. Accounts here have no billing plan; what an account can
     * use shows in its kits (a pro kit is a pro plan's), so an account with a pro kit sees the pro
     * collection and any other the free one.
     */
    async iconCollection(account: AccountParent, { version }: { version?: string | null }, ctx: GraphQLContext): Promise<CollectionParent | null> {
      const release = version == null ? ctx.services.releases.list().find((r) => r.isLatest) : ctx.services.releases.resolve(version);
      if (!release) return null;
      const collections = (await ctx.services.catalogue.catalogue(release)).iconCollections;
      const pro = (await ctx.services.kits.list(account.id)).some(({ kit }) => kit.license === 'pro');
      const chosen = collections.find((c) => c.name === (pro ? 'pro-collection' : 'free-collection')) ?? (pro ? collections.at(-1) : collections[0]);
      return chosen ? { ...chosen, release } : null;
    },

    // This service has no Pro CDN, so no account has active referrers for one.
    proCdnReferrers: (_: AccountParent, __: unknown, ctx: GraphQLContext) => (requireAnyScope(ctx.principal, 'profile_read'), { active: false, hostnames: [], limit: 0 }),
  },

  ...subsetResolvers,

  Kit: {
    ...kitResolvers.Kit,
    release: (kit: KitRow, _: unknown, ctx: GraphQLContext) => ctx.services.releases.resolve(kit.version),
    technologySelected: (kit: KitRow) => kit.technology,
    licenseSelected: (kit: KitRow) => kit.license,
    kitRevision: (kit: KitRow) => kit.revision,
    // Changes whenever the kit does, so clients can key caches of its showcase on it.
    showcaseCacheKey: (kit: KitRow) => `${kit.token}-${kit.revision}`,
    iconUploads: (kit: KitRow, _: unknown, ctx: GraphQLContext) => ctx.loaders.uploads.load(kit.id),
    permits: (kit: KitRow, _: unknown, ctx: GraphQLContext) => {
      if (kit.license !== 'pro') return { embedProSvg: [] };
      const release = ctx.services.releases.resolve(kit.version);
      return { embedProSvg: ctx.services.releases.familyStyles(release) };
    },
  },

  IconUpload: {
    unicode: (upload: UploadRow) => upload.unicode,
    unicodeInt: (upload: UploadRow) => upload.unicode,
    unicodeHex: (upload: UploadRow) => upload.unicode.toString(16),
    width: (upload: UploadRow) => String(upload.width),
    height: (upload: UploadRow) => String(upload.height),
    path: (upload: UploadRow) => upload.pathData.join(' '),
    html: (upload: UploadRow) => svgHtml(upload.width, upload.height, upload.pathData),
    iconDefinition: (upload: UploadRow) => ({
      prefix: 'fak',
      iconName: upload.name,
      icon: [upload.width, upload.height, [], upload.unicode.toString(16), upload.pathData.length === 1 ? upload.pathData[0] : upload.pathData],
    }),
  },
};
