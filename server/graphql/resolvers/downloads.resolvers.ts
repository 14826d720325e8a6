// Kit downloads and subset builds (self-hosting archives) are a separate, later feature. Until it
// lands the fields exist, so documents that name them validate, and answer one clear error.
import { graphQLError } from '../errors.ts';

const notYet = (what: string) => () => {
  throw graphQLError(`${what} are not available on this server yet`, 'NOT_FOUND');
};

export const downloadResolvers = {
  RootQueryType: { getKitDownload: notYet('kit downloads') },
  RootMutationType: { createKitDownload: notYet('kit downloads'), createSubset: notYet('subset builds') },
  // Executed over HTTP as a one-shot operation: both entry points answer the same error.
  RootSubscriptionType: { subsetCreated: { subscribe: notYet('subset builds'), resolve: notYet('subset builds') } },
};
