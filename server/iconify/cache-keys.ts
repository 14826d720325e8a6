// The response cache's keys for the Iconify API: one per URL as sent (clients repeat theirs), under
// a prefix of their own so that a change of sets drops them alone. The router stores under them;
// the fast path (http/fast-path.ts) answers hits before Express.
export const ICONIFY_CACHE_PREFIX = 'iconify:';

export const iconifyCacheKey = (url: string) => ICONIFY_CACHE_PREFIX + url;
