// Bounded parsing: JSON from a client is measured before anything recursive (Apollo's variable
// coercion, JSON.stringify, graphql-jit) walks it: a linear scan of the text where another parser
// comes next, a walk of at most MAX_JSON_DEPTH levels where V8's (iterative) JSON.parse came first.
// Either way a body nested ten thousand levels deep is refused with a 400, not a crash.
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

/**
 * True when parsed JSON nests objects and arrays deeper than `limit` (the top level is 1, as for
 * nestsDeeperThan). The walk goes at most `limit` levels down, so it cannot exhaust the stack.
 */
export function valueNestsDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit === 0) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (valueNestsDeeperThan(item, limit - 1)) return true;
    return false;
  }
  const object = value as Record<string, unknown>;
  for (const key in object) if (valueNestsDeeperThan(object[key], limit - 1)) return true;
  return false;
}

export const tooDeep = (what: string) => new AppError(400, 'INVALID_PARAMETER', `${what} nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels`);

/**
 * JSON.parse for client input: a 400 AppError for text that is not JSON or nests too deep. V8
 * parses without recursion, so the depth is measured on the parsed value: a GraphQL body's few
 * values are walked in ~40 ns, where scanning its ~300 characters took ~400 (bench/README.md).
 */
export function parseClientJson(text: string, what: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError(400, 'INVALID_PARAMETER', `${what} is not valid JSON: ${(error as Error).message}`);
  }
  if (valueNestsDeeperThan(value, MAX_JSON_DEPTH)) throw tooDeep(what);
  return value;
}
