// Reading the Iconify API's query values as Iconify reads them: the query is Node's querystring's
// (a repeated name gives an array), flags are its words for true and false, and a set filter is a
// list of prefixes where "mdi-" stands for every set whose prefix starts so.
import { parse as parseQuery } from 'node:querystring';

/** A query of icon names alone, in characters that need no decoding: what clients send for batches. */
const PLAIN_ICONS_QUERY = /^icons=[a-z0-9,-]*$/;

/** The query (after the "?") as Node's querystring reads it; a batch's plain one without it (~1 us). */
export const queryOf = (search: string): Record<string, unknown> =>
  PLAIN_ICONS_QUERY.test(search) ? { __proto__: null, icons: search.slice('icons='.length) } : parseQuery(search);

/** The value of a parameter: the first when repeated. */
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined);

/** true, yes, 1 / false, no, 0; anything else is unset. */
export const flag = (value: unknown): boolean | undefined => {
  const v = text(value);
  return v === 'true' || v === 'yes' || v === '1' ? true : v === 'false' || v === 'no' || v === '0' ? false : undefined;
};

/** Iconify's cleaning of values it writes into markup: quotes and angle brackets go. */
export const cleaned = (value: unknown) => text(value)?.replace(/['"<>&]/g, '');

/** Whether set `prefix` is one of `filters` (an exact prefix, or one ending in "-" that it starts with). */
export const inPrefixFilter = (prefix: string, filters: readonly string[]) => filters.some((f) => (f.endsWith('-') ? prefix.startsWith(f) : prefix === f));
