// How far two judges of the same queries agree: each judge's best answer (the first name of its
// `first` list) scored against the other's lists, as an engine's first answer is scored by
// bench/search-relevance.ts. Where two judges who saw no answer agree, a judged query is not a
// matter of taste: an engine that misses it is wrong. Usage:
//   node bench/judge-agreement.ts bench/fixtures/search-relevance-dev6.json bench/fixtures/search-relevance-dev6-second-judge.json
import { readJudged, type Judged } from './judged-queries.ts';

const [a, b] = process.argv.slice(2).map(readJudged);
const keyOf = ({ kind, prefix, query }: Judged) => JSON.stringify([kind, prefix ?? null, query]);
const second = new Map(b.map((judged) => [keyOf(judged), judged]));
/** Whether `judge`'s best answer is among `other`'s first answers, and among its first five. */
const scored = (judge: Judged, other: Judged) => [other.first.includes(judge.first[0]), other.first.includes(judge.first[0]) || (other.top5 ?? []).includes(judge.first[0])];

const byKind = new Map<string, { count: number; aIn1: number; aIn5: number; bIn1: number; bIn5: number }>();
for (const judgedA of a) {
  const judgedB = second.get(keyOf(judgedA));
  if (!judgedB) throw new Error(`the second file lacks ${keyOf(judgedA)}`);
  const tally = byKind.get(judgedA.kind) ?? { count: 0, aIn1: 0, aIn5: 0, bIn1: 0, bIn5: 0 };
  const [bIn1, bIn5] = scored(judgedB, judgedA);
  const [aIn1, aIn5] = scored(judgedA, judgedB);
  tally.count++;
  tally.aIn1 += Number(aIn1);
  tally.aIn5 += Number(aIn5);
  tally.bIn1 += Number(bIn1);
  tally.bIn5 += Number(bIn5);
  byKind.set(judgedA.kind, tally);
}
const share = (n: number, count: number) => (n / count).toFixed(3);
for (const [kind, { count, aIn1, aIn5, bIn1, bIn5 }] of byKind) {
  console.log(`${kind}: ${count} queries; the second judge's best answer is the first's at 1 ${share(bIn1, count)}, at 5 ${share(bIn5, count)}; the first's is the second's at 1 ${share(aIn1, count)}, at 5 ${share(aIn5, count)}`);
}
