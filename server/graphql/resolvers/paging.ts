// Page arguments of the subset fields, validated once at the edge, and one way to cut a page.
import { z } from 'zod';
import { badUserInput } from '../errors.ts';

export interface PageArgs {
  page?: number | null;
  pageSize?: number | null;
}
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPageCount: number;
}

/** Reads page (default 1) and pageSize (default `defaultSize`, at most `maxSize`); BAD_USER_INPUT otherwise. */
export function pageArgs(args: PageArgs, defaultSize: number, maxSize: number): { page: number; pageSize: number } {
  const schema = z.object({
    page: z.number().int().min(1, 'page must be at least 1').nullish(),
    pageSize: z.number().int().min(1, `pageSize must be between 1 and ${maxSize}`).max(maxSize, `pageSize must be between 1 and ${maxSize}`).nullish(),
  });
  const parsed = schema.safeParse({ page: args.page, pageSize: args.pageSize });
  if (!parsed.success) throw badUserInput(parsed.error.issues.map((i) => i.message).join('; '));
  return { page: parsed.data.page ?? 1, pageSize: parsed.data.pageSize ?? defaultSize };
}

/** One page of a list; a page past the end is empty with the true totals (clients loop until then). */
export function paginate<T>(items: T[], args: PageArgs, defaultSize: number, maxSize: number): Page<T> {
  const { page, pageSize } = pageArgs(args, defaultSize, maxSize);
  const start = (page - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page, pageSize, total: items.length, totalPageCount: Math.ceil(items.length / pageSize) };
}
