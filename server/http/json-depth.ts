// Bounded parsing: JSON from a client is measured before anything recursive (Apollo's variable
// coercion, JSON.stringify, graphql-jit) walks it. A linear scan of the text, no recursion, so a
// body nested ten thousand levels deep costs what its length costs and is refused with a 400.
import { AppError } from '../errors.ts';

/** Deeper than any real request: GraphQL variables are a few levels of input objects and lists. */
export const MAX_JSON_DEPTH = 32;

const OPEN_OBJECT = 123; // {
const OPEN_ARRAY = 91; // [
const CLOSE_OBJECT = 125; // }
const CLOSE_ARRAY = 93; // ]
const QUOTE = 34; // "
const BACKSLASH = 92; // \

/** True when the JSON text nests objects and arrays deeper than `limit` (strings are skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

export const tooDeep = (what: string) => new AppError(400, 'INVALID_PARAMETER', `${what} nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels`);

/** JSON.parse for client input: a 400 AppError for text that is too deep or not JSON. */
export function parseClientJson(text: string, what: string): unknown {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw tooDeep(what);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError(400, 'INVALID_PARAMETER', `${what} is not valid JSON: ${(error as Error).message}`);
  }
}
