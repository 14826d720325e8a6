// me, Account, Kit and IconUpload (contract §6-7): `me` needs any valid access token; id/email need
// profile_read; kits and kit(token) need kits_read.
import type { KitRow, UploadRow } from '../../kits/kits.repo.ts';
import { requireAnyScope } from '../authorize.ts';
import type { GraphQLContext } from '../context.ts';
import { svgHtml } from '../svg.ts';

interface AccountParent {
  id: number;
}

const ownKits = (ctx: GraphQLContext, accountId: number) => ctx.services.kits.list(accountId).map((k) => k.kit);

export const accountResolvers = {
  Account: {
    id: (account: AccountParent, _: unknown, ctx: GraphQLContext) => (requireAnyScope(ctx.principal, 'profile_read'), account.id),
    email: (account: AccountParent, _: unknown, ctx: GraphQLContext) => {
      requireAnyScope(ctx.principal, 'profile_read');
      return ctx.services.auth.accountById(account.id)?.email ?? null;
    },
    kits: (account: AccountParent, _: unknown, ctx: GraphQLContext) => (requireAnyScope(ctx.principal, 'kits_read'), ownKits(ctx, account.id)),
    kit: (account: AccountParent, { token }: { token: string }, ctx: GraphQLContext) => {
      requireAnyScope(ctx.principal, 'kits_read');
      return ownKits(ctx, account.id).find((kit) => kit.token === token) ?? null;
    },
  },

  Kit: {
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
