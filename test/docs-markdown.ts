// The guides as the docs tests read them (docs/contributing.md, "Docs that hold"): README.md and
// docs/*.md, their fenced blocks, relative links and heading anchors, and the curl examples that
// talk to the service, parsed into requests without a shell or curl, so that a machine with only
// Node.js and npm runs them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** The address the guides write for the running service; the tests put their server's in its place. */
export const DOC_BASE = 'http://127.0.0.1:4000';

/** The info-string word that marks a block whose curl lines are not run (state changes, other hosts). */
export const NOT_RUN = 'not-run';

/** Variables a run example may use; the test sets each (docs/contributing.md). */
export const EXAMPLE_VARIABLES = ['API_TOKEN', 'ACCESS_TOKEN', 'KIT_TOKEN'] as const;

/** README.md and every docs/*.md, as paths relative to the repository. */
export function docFiles(): string[] {
  const guides = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).sort();
  return ['README.md', ...guides.map((name) => `docs/${name}`)];
}

export const readDoc = (file: string) => readFileSync(join(root, file), 'utf8');

export interface Fence {
  /** 1-based line of the opening fence. */
  line: number;
  /** The info string's words: ['sh'], ['sh', 'not-run']. */
  info: string[];
  lines: string[];
}

/** The fenced code blocks of a Markdown text (``` or ~~~, as CommonMark opens and closes them). */
export function fences(text: string): Fence[] {
  const found: Fence[] = [];
  let open: (Fence & { marker: string }) | null = null;
  for (const [i, line] of text.split('\n').entries()) {
    const fence = /^ {0,3}(`{3,}|~{3,})\s*(.*)$/.exec(line);
    if (open) {
      if (fence && fence[1].startsWith(open.marker) && fence[2] === '') {
        found.push({ line: open.line, info: open.info, lines: open.lines });
        open = null;
      } else open.lines.push(line);
    } else if (fence) open = { line: i + 1, info: fence[2].split(/\s+/).filter(Boolean), lines: [], marker: fence[1] };
  }
  return found;
}

/** The text outside fenced blocks and inline code, line for line (so line numbers hold). */
function prose(text: string, keepCode = false): string[] {
  let inFence = false;
  return text.split('\n').map((line) => {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) {
      inFence = !inFence;
      return '';
    }
    if (inFence) return '';
    return keepCode ? line.replace(/`([^`]*)`/g, '$1') : line.replace(/`[^`]*`/g, '');
  });
}

/** Relative link targets ([text](target), ![alt](target), src= and href= of HTML) outside code, with their lines. */
export function relativeLinks(text: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  for (const [i, line] of prose(text).entries()) {
    for (const match of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|<[a-z]+\s[^>]*?\b(?:src|href)="([^"]+)"/g)) {
      const target = match[1] ?? match[2];
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ target, line: i + 1 });
    }
  }
  return links;
}

/** The anchors GitHub gives the headings of a text: lowercased, punctuation dropped, spaces as hyphens, repeats numbered. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const line of prose(text, true)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    found.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return found;
}

export interface CurlExample {
  file: string;
  /** 1-based line of the command's first line. */
  line: number;
  /** The command, continuation lines joined. */
  command: string;
  /** The answer the guide shows under it (`#>` lines), joined by newlines; '' when none. */
  shown: string;
  /** false in a block marked not-run (or not an sh block, which the test refuses). */
  run: boolean;
  /** The block's language (sh, bash, ...). */
  language: string;
}

/** The curl commands of every shell block of a text. */
export function curlExamples(file: string, text: string): CurlExample[] {
  const examples: CurlExample[] = [];
  for (const fence of fences(text)) {
    const language = fence.info[0] ?? '';
    if (!['sh', 'bash', 'shell', 'console', 'zsh'].includes(language)) continue;
    const run = language === 'sh' && !fence.info.includes(NOT_RUN);
    for (let i = 0; i < fence.lines.length; i++) {
      const first = i;
      // Blocks inside list items are indented: a command is a line starting with curl after that.
      let command = fence.lines[i].trimStart().replace(/^\$\s+/, '');
      if (!/^curl\s/.test(command)) continue;
      while (/\\\s*$/.test(command) && i + 1 < fence.lines.length) command = command.replace(/\\\s*$/, ' ') + fence.lines[++i].trim();
      const shown: string[] = [];
      while (i + 1 < fence.lines.length && /^#>( |$)/.test(fence.lines[i + 1].trimStart())) shown.push(fence.lines[++i].trimStart().slice(3));
      examples.push({ file, line: fence.line + 1 + first, command, shown: shown.join('\n'), run, language });
    }
  }
  return examples;
}

/**
 * A command line split into words as a POSIX shell would for the forms the guides use: single and
 * double quotes, backslashes, $NAME and ${NAME} from `env`, and a comment to the end of the line.
 * Pipes, redirections, command lists and substitutions are refused: a run example is one request.
 */
export function shellWords(command: string, env: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const add = (s: string) => (word = (word ?? '') + s);
  const variable = (rest: string): [string, number] => {
    const match = /^\{([A-Za-z_]\w*)\}|^([A-Za-z_]\w*)/.exec(rest);
    if (!match) throw new Error(`a $ the tests cannot expand in: ${command}`);
    const name = match[1] ?? match[2];
    if (!(name in env)) throw new Error(`$${name} is not one of the variables the tests set (${Object.keys(env).join(', ')})`);
    return [env[name], match[0].length];
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === '#' && word === null) break;
    else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new Error(`an unclosed ' in: ${command}`);
      add(command.slice(i + 1, end));
      i = end;
    } else if (c === '"') {
      add('');
      for (i++; command[i] !== '"'; i++) {
        if (i >= command.length) throw new Error(`an unclosed " in: ${command}`);
        if (command[i] === '\\' && '"\\$`'.includes(command[i + 1])) add(command[++i]);
        else if (command[i] === '$') {
          const [value, length] = variable(command.slice(i + 1));
          add(value);
          i += length;
        } else if (command[i] === '`') throw new Error(`a command substitution in: ${command}`);
        else add(command[i]);
      }
    } else if (c === '\\') add(command[++i] ?? '');
    else if (c === '$') {
      const [value, length] = variable(command.slice(i + 1));
      add(value);
      i += length;
    } else if ('|&;<>()`'.includes(c)) throw new Error(`"${c}" (a pipe, redirection or list) in a run example: ${command}`);
    else add(c);
  }
  if (word !== null) words.push(word);
  return words;
}

export interface CurlRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
  /** -i or -I: the status line and headers are part of the output. */
  include: boolean;
  /** --compressed: ask for and decode a compressed answer. */
  compressed: boolean;
}

const booleanFlags: Record<string, string> = { s: '--silent', S: '--show-error', i: '--include', I: '--head', L: '--location', G: '--get' };

/** The request a curl command line sends; a flag the tests do not know fails rather than being ignored. */
export function parseCurl(words: string[]): CurlRequest {
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${words.join(' ')}`);
  const request: CurlRequest = { method: '', url: '', headers: [], include: false, compressed: false };
  const data: string[] = [];
  let get = false;
  for (let i = 1; i < words.length; i++) {
    let word = words[i];
    const value = () => {
      if (i + 1 >= words.length) throw new Error(`${word} needs a value`);
      return words[++i];
    };
    if (/^-[a-zA-Z]{2,}$/.test(word) && [...word.slice(1)].every((c) => c in booleanFlags)) {
      words.splice(i + 1, 0, ...[...word.slice(2)].map((c) => `-${c}`));
      word = `-${word[1]}`;
    }
    switch (word) {
      case '-s': case '--silent': case '-S': case '--show-error':
        break;
      case '-i': case '--include':
        request.include = true;
        break;
      case '-I': case '--head':
        request.include = true;
        request.method ||= 'HEAD';
        break;
      case '-G': case '--get':
        get = true;
        break;
      case '-X': case '--request':
        request.method = value();
        break;
      case '-H': case '--header': {
        const header = value();
        const colon = header.indexOf(':');
        if (colon < 1) throw new Error(`a header without a name: ${header}`);
        request.headers.push([header.slice(0, colon).trim(), header.slice(colon + 1).trim()]);
        break;
      }
      case '-d': case '--data': case '--data-raw': case '--data-binary': {
        const item = value();
        if (item.startsWith('@') && word !== '--data-raw') throw new Error(`a body read from a file (${item}) in a run example`);
        data.push(item);
        break;
      }
      case '--data-urlencode': {
        const item = value();
        const eq = item.indexOf('=');
        data.push(eq < 0 ? encodeURIComponent(item) : `${item.slice(0, eq)}=${encodeURIComponent(item.slice(eq + 1))}`);
        break;
      }
      case '-o': case '--output':
        value(); // the answer is read and dropped: the tests write no file
        break;
      case '--compressed':
        request.compressed = true;
        break;
      default:
        if (word.startsWith('-')) throw new Error(`curl ${word} is not a flag the docs tests know (test/docs-markdown.ts)`);
        if (request.url) throw new Error(`two URLs in one example: ${request.url}, ${word}`);
        request.url = word;
    }
  }
  if (!request.url) throw new Error('a curl example without a URL');
  if (data.length > 0 && get) request.url += (request.url.includes('?') ? '&' : '?') + data.join('&');
  else if (data.length > 0) {
    request.body = data.join('&');
    request.method ||= 'POST';
    if (!request.headers.some(([name]) => name.toLowerCase() === 'content-type')) request.headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
  }
  request.method ||= 'GET';
  return request;
}

/** Whether `output` holds each part of `shown` (split at "...", trimmed), in order. */
export function showsInOrder(output: string, shown: string): { ok: true } | { ok: false; missing: string } {
  let from = 0;
  for (const part of shown.split('...').map((p) => p.trim()).filter(Boolean)) {
    const at = output.indexOf(part, from);
    if (at < 0) return { ok: false, missing: part };
    from = at + part.length;
  }
  return { ok: true };
}
