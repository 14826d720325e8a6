// The release facts the packages cannot give (seeds/release-list.json): dates from the public
// API's release list where no font dates a release, and the versions that list leaves out.
import { readFileSync } from 'node:fs';

interface ReleaseList {
  dates: Record<string, string>;
  unlisted: string[];
}

const list: ReleaseList = JSON.parse(readFileSync(new URL('../release-list.json', import.meta.url), 'utf8'));

/** The public API's date for `version`, where the curated list has one. */
export const curatedDate = (version: string): string | undefined => list.dates[version];

/** Whether the public API lists `version` (5.0.7 and 5.0.11 were published but never served). */
export const isListed = (version: string): boolean => !list.unlisted.includes(version);
