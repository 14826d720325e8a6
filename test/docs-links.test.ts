// Links that hold: README.md is a short front page whose two commands come first and which links
// every guide; every relative link of README.md and docs/*.md names a file that exists (and a
// heading there, when it has an anchor); every `npm run` names a script; and every setting in
// .env.example (read now: keys added later count too) has its row in the operators guide, with
// the default .env.example gives and the range server/config.ts's schema allows; and every seed or
// admin command they show exists, with the flags it is given.
import { expect } from 'chai';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { z } from 'zod';
import type { Command } from 'commander';
import { buildAdminProgram } from '../scripts/admin-program.ts';
import { buildSeedProgram } from '../seeds/cli.ts';
import { configSchema } from '../server/config.ts';
import { anchors, docFiles, readDoc, relativeLinks, root } from './docs-markdown.ts';

const files = docFiles();
const guides = files.filter((file) => file.startsWith('docs/'));

describe('the README and the guides', () => {
  it('keep the README a front page: at most 250 lines, the two commands in its first 40', () => {
    const lines = readDoc('README.md').split('\n');
    expect(lines.length).to.be.at.most(251); // the last line's newline
    const head = lines.slice(0, 40).join('\n');
    expect(head).to.include('npm install && npm start');
    expect(head).to.match(/^npm test\b/m);
  });

  it('are at least five guides, each linked from the README', () => {
    expect(guides.length).to.be.at.least(5);
    const linked = new Set(relativeLinks(readDoc('README.md')).map((l) => normalize(l.target.split('#')[0])));
    expect(guides.filter((guide) => !linked.has(guide))).to.deep.equal([]);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const { target, line } of relativeLinks(readDoc(file))) {
        const [path, anchor] = target.split('#');
        const resolved = path ? normalize(join(dirname(file), decodeURIComponent(path))) : file;
        if (resolved.startsWith('..') || !existsSync(join(root, resolved))) {
          broken.push(`${file}:${line} ${target}: no such file`);
          continue;
        }
        if (anchor !== undefined && resolved.endsWith('.md') && statSync(join(root, resolved)).isFile() && !anchors(readDoc(resolved)).has(anchor)) {
          broken.push(`${file}:${line} ${target}: no heading #${anchor} in ${resolved}`);
        }
      }
    }
    expect(broken).to.deep.equal([]);
  });

  it('run only npm scripts that package.json has', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const unknown: string[] = [];
    for (const file of files) {
      for (const [i, line] of readDoc(file).split('\n').entries()) {
        for (const match of line.matchAll(/npm run ([a-z][\w:-]*)/g)) if (!(match[1] in scripts)) unknown.push(`${file}:${i + 1} npm run ${match[1]}`);
      }
    }
    expect(unknown).to.deep.equal([]);
  });
});

describe('the seed and admin commands the guides show', () => {
  const unused = () => {
    throw new Error('not run');
  };
  const programs: Record<string, Command> = { seed: buildSeedProgram(), admin: buildAdminProgram({ services: unused, checkDatabase: unused, print: () => {} }) };

  it('name commands and flags that exist', () => {
    const wrong: string[] = [];
    let seen = 0;
    for (const file of files) {
      for (const [i, line] of readDoc(file).split('\n').entries()) {
        for (const match of line.matchAll(/(?:npm run (seed|admin) --|iconmeta (seed|admin))((?:\s+[^\s#|`]+)*)/g)) {
          seen++;
          let command = programs[match[1] ?? match[2]];
          const words = match[3].trim().split(/\s+/).filter(Boolean);
          let elided = words.length === 0; // "iconmeta admin ...": the tree, not one command
          for (const word of words) {
            if (word === '...') elided = true;
            if (elided) break;
            const sub = command.commands.find((c) => c.name() === word);
            if (sub) command = sub;
            else if (!word.startsWith('-')) break;
          }
          const flags = words.filter((w) => /^--[a-z]/.test(w)).map((w) => w.replace(/[=\]].*$/, ''));
          for (const flag of flags) if (!command.options.some((o) => o.long === flag)) wrong.push(`${file}:${i + 1} ${command.name()} has no ${flag}`);
          if (command.commands.length > 0 && !elided) wrong.push(`${file}:${i + 1} ${command.name()} ${words.join(' ')}: no such subcommand`);
        }
      }
    }
    expect(seen).to.be.at.least(20);
    expect(wrong).to.deep.equal([]);
  });
});

describe('the operators guide', () => {
  const guide = existsSync(join(root, 'docs/operators.md')) ? readDoc('docs/operators.md') : '';
  /** The settings table's rows by key: their cells after the key's. */
  const rows = new Map<string, string[]>();
  for (const line of guide.split('\n')) {
    const cells = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|(.*)\|\s*$/.exec(line);
    if (cells) rows.set(cells[1], cells[2].split('|').map((c) => c.trim().replace(/`/g, '')));
  }
  const example = readFileSync(join(root, '.env.example'), 'utf8');
  const settings = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, key, value]) => ({ key, value: value.trim() }));
  const schema = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }).properties as Record<string, { default?: unknown; minimum?: number; maximum?: number; enum?: string[] }>;

  it('reads .env.example, which has settings', () => {
    expect(settings.length).to.be.at.least(20);
  });

  it('explains every setting of .env.example in a row: key, default, range, effect', () => {
    const missing = settings.filter(({ key }) => !rows.has(key)).map(({ key }) => key);
    expect(missing, 'add a row "| `KEY` | default | range | effect |" to docs/operators.md').to.deep.equal([]);
    const thin = [...rows].filter(([, cells]) => cells.length < 3 || cells.some((cell) => cell === '')).map(([key]) => key);
    expect(thin, 'rows with an empty cell').to.deep.equal([]);
  });

  it('gives each setting the default .env.example gives it', () => {
    const names = (cell: string, value: string) => new RegExp(`(^|[\\s(:])${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}($|[\\s),;])`).test(cell);
    const wrong = settings.filter(({ key, value }) => rows.has(key) && value !== '' && !names(rows.get(key)![0], value));
    expect(wrong.map(({ key, value }) => `${key}: .env.example says ${value}, the guide ${rows.get(key)![0]}`)).to.deep.equal([]);
  });

  it('gives each setting the range the configuration schema allows', () => {
    const wrong: string[] = [];
    for (const [key, cells] of rows) {
      const rule = schema[key];
      if (!rule) continue;
      const range = cells[1];
      const words = new Set(range.split(/[^\w./-]+/).flatMap((w) => w.split('-')).filter(Boolean));
      const bounds = [rule.minimum, rule.maximum].filter((n) => n !== undefined).map(String);
      for (const needed of [...bounds, ...(rule.enum ?? []).filter((v) => v !== '0' && v !== '1')]) if (!words.has(needed)) wrong.push(`${key}: the range "${range}" lacks ${needed}`);
    }
    expect(wrong).to.deep.equal([]);
  });
});
