// What the release browser (/) hands the one search (/search): its release, family-style and
// licence as /search's filters. Its header box carries them, and its old links (/?q=..., from when
// it had a search box of its own) are redirected with them, so a search from / means what it did.
import type { SearchScope } from './layout.ts';

export interface BrowseFilters {
  /** The release as the URL named it (exact or symbolic), or '' when none was chosen. */
  v: string;
  /** A family-style prefix (fas, fal, fab ...), or ''. */
  fs: string;
  license: '' | 'free' | 'pro';
}

/**
 * /search's parameters for the browser's filters. A release is searched on its own only where
 * one was chosen, or where a filter only a release has (a family-style, Free or Pro) needs one:
 * the newest, which the browser shows when none is named. Otherwise the search is over every icon.
 */
export function searchFiltersOf({ v, fs, license }: BrowseFilters, newest: string): { v: string; style: string; license: string } {
  return { v: v || (fs || license ? newest : ''), style: fs, license };
}

/** The header box of the browser showing `version`: what it searches, and the filters it carries. */
export function browseScope(filters: BrowseFilters, version: string): SearchScope {
  const chosen = searchFiltersOf(filters, version);
  const v = chosen.v ? version : '';
  return { label: v ? `Search Font Awesome ${v}` : 'Search every icon', filters: { ...chosen, v } };
}
