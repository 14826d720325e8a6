// A query word's synonyms, from ui-synonyms.json: the stems of the other words of its groups (and
// of the groups a looser word leads to). A
// word listed in a group means that group's idea ("news" is not "new"); another word reaches the
// groups of the words it inflects ("notifications" those of notification; "important" none of
// import's), or of its other forms (word-forms.json).
import { stemmer } from 'stemmer';
import synonymGroups from './ui-synonyms.json' with { type: 'json' };
import { inflects } from './word-forms.ts';

const synonymsByWord = new Map<string, string[]>();
const groupWordsByStem = new Map<string, string[]>();
/** The groups each listed word is in (their indices). */
const groupsByWord = new Map<string, number[]>();
synonymGroups.groups.forEach((group, index) => {
  const stems = [...new Set(group.map((word) => stemmer(word)))];
  for (const word of group) {
    groupsByWord.set(word, [...(groupsByWord.get(word) ?? []), index]);
    const own = stemmer(word);
    const others = synonymsByWord.get(word) ?? [];
    for (const other of stems) if (other !== own && !others.includes(other)) others.push(other);
    synonymsByWord.set(word, others);
    const sameStem = groupWordsByStem.get(own) ?? [];
    if (!sameStem.includes(word)) sameStem.push(word);
    groupWordsByStem.set(own, sameStem);
  }
});

// A word that leads to a group's idea without being one of its words ("inbox" finds what "mail"
// finds, envelopes; "mail" does not find inboxes): it reaches the group, the group does not reach it.
for (const [word, heads] of Object.entries(synonymGroups.leads as Record<string, string[]>)) {
  const own = stemmer(word);
  const others = synonymsByWord.get(word) ?? [];
  for (const head of heads) {
    for (const index of groupsByWord.get(head) ?? []) {
      for (const other of synonymGroups.groups[index]) if (stemmer(other) !== own && !others.includes(stemmer(other))) others.push(stemmer(other));
    }
  }
  synonymsByWord.set(word, others);
  const sameStem = groupWordsByStem.get(own) ?? [];
  if (!sameStem.includes(word)) sameStem.push(word);
  groupWordsByStem.set(own, sameStem);
}

/** Whether two words are listed in synonym groups, none the same: different ideas, whatever their stems ("news", "new"). */
export function inOtherGroups(word: string, other: string): boolean {
  const own = groupsByWord.get(word);
  const others = groupsByWord.get(other);
  return own !== undefined && others !== undefined && !own.some((group) => others.includes(group));
}

/** The stems of `word`'s synonyms (`stem`: its own), or undefined. */
export function synonymsOf(word: string, stem: string): string[] | undefined {
  const own = synonymsByWord.get(word);
  if (own) return own;
  const inflected = groupWordsByStem.get(stem)?.filter((groupWord) => inflects(word, groupWord));
  return inflected?.length ? [...new Set(inflected.flatMap((groupWord) => synonymsByWord.get(groupWord)!))] : undefined;
}

/** The synonyms of a word's other forms (word-forms.json), for a word with none of its own. */
export function synonymsOfForms(forms: readonly string[]): string[] | undefined {
  const found = forms.flatMap((form) => synonymsOf(form, stemmer(form)) ?? []);
  return found.length > 0 ? [...new Set(found)] : undefined;
}
