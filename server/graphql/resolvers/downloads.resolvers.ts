// Kit downloads and subset builds (self-hosting archives): created PENDING, made in the background
// (server/downloads/builds.service.ts), then READY with the URL of the zip on this service, or
// FAILED with `failureReason`. A kit's builds need kits_read and the kit's account; subsets of
// free icons need nothing (pro icons need svg_icons_pro). `subsetCreated` answers over WebSocket
// (graphql-ws) once the build finishes; sent over HTTP, it answers the build's state now.
import { downloadPath } from '../../downloads/builds.service.ts';
import type { BuildRow } from '../../downloads/builds.repo.ts';
import type { SubsetIconInput } from '../../downloads/subset-request.ts';
import type { KitRow } from '../../kits/kits.repo.ts';
import { requireAnyScope } from '../authorize.ts';
import type { GraphQLContext } from '../context.ts';
import { graphQLError } from '../errors.ts';

type BuildType = 'WEB' | 'DESKTOP';

async function ownKit(ctx: GraphQLContext, token: string): Promise<KitRow> {
  requireAnyScope(ctx.principal, 'kits_read');
  const kit = (await ctx.services.kits.list(ctx.principal.accountId ?? -1)).find((row) => row.kit.token === token)?.kit;
  if (!kit) throw graphQLError(`no kit with token ${token} in this account`, 'NOT_FOUND');
  return kit;
}

const kitDownload = (build: BuildRow) => ({
  buildId: build.id,
  status: build.status,
  url: build.status === 'READY' ? downloadPath(build) : null,
  failureReason: build.failureReason,
});

export const subsetArchive = (build: BuildRow) => ({
  id: build.id,
  readyForDownload: build.status === 'READY',
  url: build.status === 'READY' ? downloadPath(build) : null,
  status: build.status,
  failureReason: build.failureReason,
});

async function subsetBuild(ctx: GraphQLContext, id: string | null | undefined): Promise<BuildRow> {
  const build = id ? await ctx.services.builds.byId(id) : undefined;
  if (!build || build.kind !== 'subset') throw graphQLError(`no subset build with id ${id ?? ''}`, 'NOT_FOUND');
  return build;
}

export const downloadResolvers = {
  RootQueryType: {
    async getKitDownload(_: unknown, args: { kitToken: string; buildType: BuildType; buildId: string }, ctx: GraphQLContext) {
      // Polled until READY: the answer must never be kept in the response cache.
      ctx.outcome.volatile = true;
      const kit = await ownKit(ctx, args.kitToken);
      const build = await ctx.services.builds.byId(args.buildId);
      if (!build || build.kitId !== kit.id || build.buildType !== args.buildType) throw graphQLError(`no ${args.buildType} download ${args.buildId} of kit ${kit.token}`, 'NOT_FOUND');
      return kitDownload(build);
    },
  },
  RootMutationType: {
    createKitDownload: async (_: unknown, args: { kitToken: string; buildType: BuildType }, ctx: GraphQLContext) =>
      kitDownload(await ctx.services.builds.kitDownload(await ownKit(ctx, args.kitToken), args.buildType)),
    async createSubset(_: unknown, args: { icons?: (SubsetIconInput | null)[] | null; id?: string | null; version?: string | null }, ctx: GraphQLContext) {
      const icons = (args.icons ?? []).filter((icon): icon is SubsetIconInput => icon !== null);
      const licenses = ctx.principal.scopes.has('svg_icons_pro') ? (['free', 'pro'] as const) : (['free'] as const);
      return subsetArchive(await ctx.services.builds.subset(icons, args.version ?? null, [...licenses], args.id ?? null));
    },
  },
  RootSubscriptionType: {
    subsetCreated: {
      async *subscribe(_: unknown, args: { id?: string | null }, ctx: GraphQLContext) {
        const build = await subsetBuild(ctx, args.id);
        const done = await ctx.services.builds.whenFinished(build.id);
        yield { subsetCreated: subsetArchive(done ?? build) };
      },
      async resolve(payload: { subsetCreated?: ReturnType<typeof subsetArchive> } | undefined, args: { id?: string | null }, ctx: GraphQLContext) {
        ctx.outcome.volatile = true;
        return payload?.subsetCreated ?? subsetArchive(await subsetBuild(ctx, args.id));
      },
    },
  },
};
