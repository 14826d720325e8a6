// The judged relevance queries of test/fixtures/search-relevance*.json and bench/fixtures: what a
// judge who saw no answer accepts first (`first`) and in the first five (`top5`), by icon name.
import { readFileSync } from 'node:fs';

export interface Judged {
  kind: string;
  query: string;
  /** A within-set query's set. */
  prefix?: string;
  first: string[];
  top5?: string[];
}

export const readJudged = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { queries: Judged[] }).queries;
