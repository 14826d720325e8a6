import type { Release } from '../../releases/releases.service.ts';
import type { GraphQLContext } from '../context.ts';
import { badUserInput } from '../errors.ts';
import { unauthorized } from '../authorize.ts';
import { downloadResolvers } from './downloads.resolvers.ts';
import { toIconParents, type IconParent } from './icon.resolvers.ts';

export const SEARCH_MAX_FIRST = 500;
export const SEARCH_MAX_PAGE_SIZE = 50;

async function ranked(ctx: GraphQLContext, version: string, query: string): Promise<{ release: Release; ids: number[] }> {
  const release = ctx.services.releases.resolve(version);
  return { release, ids: await ctx.services.search.search(release, query) };
}

export interface SearchArgs {
  version: string;
  query: string;
  first: number;
}

type Found = { release: Release; icons: IconParent[] };

/**
 * What `search` answers: its resolver's, and the known-document path's (kept-icon-json.ts). At
 * once, with no promise, when the results and the release's icons are kept: each async step was a
 * frame and promises more for every request (18 against 22 KB allocated a new-pair search).
 */
export function searchIcons(ctx: GraphQLContext, args: SearchArgs): Found | Promise<Found> {
  if (args.first < 1 || args.first > SEARCH_MAX_FIRST) throw badUserInput(`first must be between 1 and ${SEARCH_MAX_FIRST}`);
  const release = ctx.services.releases.resolve(args.version);
  const ids = ctx.services.search.search(release, args.query);
  return ids instanceof Promise ? ids.then((found) => firstIcons(ctx, release, found, args.first)) : firstIcons(ctx, release, ids, args.first);
}

function firstIcons(ctx: GraphQLContext, release: Release, ids: number[], first: number): Found | Promise<Found> {
  const icons = toIconParents(ctx, release, ids.slice(0, first));
  return icons instanceof Promise ? icons.then((found) => ({ release, icons: found })) : { release, icons };
}

export const queryResolvers = {
  RootQueryType: {
    release: (_: unknown, { version }: { version: string }, ctx: GraphQLContext) => ctx.services.releases.resolve(version),

    releases: (_: unknown, __: unknown, ctx: GraphQLContext) => ctx.services.releases.list(),

    search: async (_: unknown, args: SearchArgs, ctx: GraphQLContext) => (await searchIcons(ctx, args)).icons,

    async searchPaginated(_: unknown, args: { version: string; query: string; page: number; pageSize: number }, ctx: GraphQLContext) {
      if (args.page < 1) throw badUserInput('page must be at least 1');
      if (args.pageSize < 1 || args.pageSize > SEARCH_MAX_PAGE_SIZE) throw badUserInput(`pageSize must be between 1 and ${SEARCH_MAX_PAGE_SIZE}`);
      const { release, ids } = await ranked(ctx, args.version, args.query);
      const start = (args.page - 1) * args.pageSize;
      return {
        icons: await toIconParents(ctx, release, ids.slice(start, start + args.pageSize)),
        page: args.page,
        pageSize: args.pageSize,
        totalIconCount: ids.length,
        totalPageCount: Math.ceil(ids.length / args.pageSize),
      };
    },

    me: (_: unknown, __: unknown, ctx: GraphQLContext) => {
      if (ctx.principal.accountId === null) throw unauthorized(ctx.principal);
      return { id: ctx.principal.accountId };
    },

    ...downloadResolvers.RootQueryType,
  },
  RootMutationType: downloadResolvers.RootMutationType,
  RootSubscriptionType: downloadResolvers.RootSubscriptionType,
};
