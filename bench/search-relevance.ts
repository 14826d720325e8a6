// Relevance and cost of the one search engine over every open icon set: the judged queries of
// test/fixtures/search-relevance-sets.json (or JUDGED=<file>), sent as the Iconify API's /search
// reads them, on a database with every set of @iconify/json imported (DATABASE_PATH). Prints
// success@1 and @5 per kind of query, the queries without results, and the time each search held
// the event loop (median, p99, most). Usage:
//   DATABASE_PATH=./data/all.sqlite node bench/search-relevance.ts
import pino from 'pino';
import { openDatabase } from '../db/client.ts';
import { sqliteDatabase } from '../db/database.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { parseSearchQuery } from '../server/iconify/icon-set-search.ts';
import { readJudged } from './judged-queries.ts';

const file = process.env.JUDGED ?? new URL('../test/fixtures/search-relevance-sets.json', import.meta.url).pathname;
const judged = readJudged(file);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = sqliteDatabase(openDatabase(config.databasePath));
const app = createApp({ database, config, logger: pino({ level: 'silent' }) });
let started = performance.now();
await app.iconSetSearch.warm();
console.log(`index built in ${(performance.now() - started).toFixed(0)} ms; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);

/** The Iconify API's answer, each icon by its own name (an answer may name it by an alias: mdi:gear is mdi:cog). */
const search = async (query: string, prefix?: string) => {
  const parsed = parseSearchQuery({ query, limit: '64', ...(prefix ? { prefixes: prefix } : {}) });
  if (!parsed.ok) throw new Error(`refused: ${query}`);
  const { names } = await app.iconSetSearch.search(parsed.value);
  const { icons } = await app.iconSearch.find({ query: parsed.value.words.join(' '), prefixes: parsed.value.prefixes, limit: 64, endings: true });
  const own = new Map(icons.flatMap((icon) => [[icon.id, icon.id], ...icon.aliases.map((alias) => [`${icon.prefix}:${alias}`, icon.id] as const)]));
  return names.map((id) => own.get(id) ?? id);
};

const byKind = new Map<string, { at1: number; at5: number; empty: string[]; misses: string[]; count: number }>();
for (const { kind, query, prefix, first, top5 = [] } of judged) {
  const names = (await search(query, prefix)).slice(0, 5).map((id) => id.slice(id.indexOf(':') + 1));
  const tally = byKind.get(kind) ?? { at1: 0, at5: 0, empty: [], misses: [], count: 0 };
  tally.count++;
  if (names.length === 0) tally.empty.push(query);
  if (first.includes(names[0])) tally.at1++;
  else {
    const top = (await app.iconSearch.find({ query, prefixes: prefix ? [prefix] : undefined, limit: 1, explain: true })).icons[0];
    tally.misses.push(`${prefix ? `${prefix}: ` : ''}${query} -> ${names.join(' ')}${top ? ` (${top.id}: ${top.why!.join(', ')})` : ''}`);
  }
  if (names.some((name) => first.includes(name) || top5.includes(name))) tally.at5++;
  byKind.set(kind, tally);
}
for (const [kind, { at1, at5, empty, misses, count }] of byKind) {
  console.log(`${kind}: ${count} queries, success@1 ${(at1 / count).toFixed(3)}, success@5 ${(at5 / count).toFixed(3)}, without results ${empty.length}`);
  if (process.env.VERBOSE) for (const miss of misses) console.log(`  not first: ${miss}`);
}

// Cost: every judged query, then prefixes of 1-4 letters of common words, each timed alone.
const probes = [...judged.map((q) => q.query), ...['a', 'ar', 'arr', 'arra', 's', 'se', 'set', 'c', 'co', 'ch', 'che', 'b', 'm', 'mi', 'ic', 'l', 'lo', 'p', 'pe', 't'], 'arrow left circle outline bold', 'x'.repeat(200)];
const times: number[] = [];
let slowest = { ms: 0, query: '' };
for (const query of probes) {
  started = performance.now();
  await search(query);
  const ms = performance.now() - started;
  times.push(ms);
  if (ms > slowest.ms) slowest = { ms, query };
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
console.log(`${times.length} searches: median ${at(0.5)} ms, p99 ${at(0.99)} ms, most ${slowest.ms.toFixed(2)} ms ("${slowest.query.slice(0, 40)}")`);
console.log(`RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
await app.close();
