// `seed add` for open icon sets: a source (seeds/iconify/sources.ts) -> its sets, validated and
// written in one transaction (seeds/iconify/load-sets.ts).
import type { DatabaseHandle } from '../database-handle.ts';
import { writeIconSets, type SetOutcome, type WriteOptions } from './load-sets.ts';
import { openSetSource } from './sources.ts';

export async function addIconSets(handle: DatabaseHandle, spec: string, options: WriteOptions = {}) {
  const started = performance.now();
  const source = await openSetSource(spec);
  try {
    const outcomes = await writeIconSets(handle, source.sets(), { replace: options.replace });
    return { label: source.label, outcomes, skipped: source.skipped, seconds: (performance.now() - started) / 1000 };
  } finally {
    source.cleanup();
  }
}

export function describeOutcome(outcome: SetOutcome): string {
  switch (outcome.status) {
    case 'added':
      return `added ${outcome.prefix} ${outcome.version}: ${outcome.icons} icons`;
    case 'replaced':
      return `replaced ${outcome.prefix} ${outcome.previous} with ${outcome.version}: ${outcome.icons} icons`;
    case 'unchanged':
      return `${outcome.prefix} ${outcome.version} is loaded already`;
    case 'kept-newer':
      return `kept ${outcome.prefix} ${outcome.previous}, newer than ${outcome.version} (--replace to take it)`;
    case 'held-by-font-awesome':
      return `skipped ${outcome.prefix}: made from a Font Awesome release loaded here`;
  }
}
