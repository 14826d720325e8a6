// What a query's words are for: the words that name or describe an icon, the words that only join
// them ("table of contents", "zoom in"), the words that say what kind of picture is wanted ("user
// icon"), and the words of a request that carry no meaning of their own ("an icon for when the
// phone is charging"). Requests from people and AI agents are sentences; their meaning is in the
// nouns, verbs and states, which search reads.
import { iconNamesOf } from './class-names.ts';
import { words } from './index-builder.ts';
import uiIntents from './ui-intents.json' with { type: 'json' };

/** Query words read at most: past a phrase, more words only narrow an answer that is empty already. */
export const MAX_QUERY_WORDS = 8;

/**
 * Words that join a query's words ("table of contents", "zoom in", "call me"): they rank the icons
 * that have them higher but need not match, unless the query is nothing else. Not "us": the
 * country ("us flag": flag-usa).
 */
const JOINING_WORDS = new Set([
  ...['a', 'an', 'the', 'of', 'and', 'or', 'for', 'to', 'in', 'on', 'at', 'with', 'by', 'my', 'me', 'our', 'your', 'you'],
  // Light verbs, whose picture is the word after them ("turn off", "go back", "take a photo"), and
  // "find", whose picture is what is looked for ("find a nearby restaurant"; "find" alone is the
  // magnifier still). Not "show": "show the password" is the eye.
  ...['turn', 'go', 'get', 'take', 'make', 'let', 'find'],
  // Their other forms ("location is turned off", "going back", "took a photo").
  ...['turns', 'turned', 'turning', 'goes', 'going', 'went', 'gets', 'getting', 'got', 'takes', 'taking', 'took', 'makes', 'making', 'made', 'lets', 'letting'],
]);

/**
 * Words of a request around what it asks for ("something that shows the user is typing", "an icon I
 * can use when a file is being uploaded"): grammar, not a picture. Dropped before the words are
 * read, unless the query is nothing else. Not "show", "new", "off", "up" or "out": those are
 * pictures (an eye, a badge, a state, an arrow).
 */
const REQUEST_WORDS = new Set([
  ...['is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'it', 'its', 'this', 'that', 'these', 'those', 'there'],
  ...['i', 'we', 'they', 'he', 'she', 'him', 'her', 'them', 'their', 'his'],
  ...['can', 'could', 'should', 'would', 'will', 'shall', 'might', 'must', 'does', 'did', 'has', 'have', 'had'],
  ...['when', 'while', 'which', 'who', 'whom', 'what', 'where', 'whose', 'how', 'if', 'then', 'than', 'so', 'as', 'into', 'onto', 'about'],
  ...['some', 'something', 'someone', 'somebody', 'any', 'anything', 'thing', 'things', 'kind'],
  ...['need', 'needs', 'want', 'wants', 'looking', 'use', 'used', 'using', 'represent', 'represents', 'representing'],
  ...['indicate', 'indicates', 'indicating', 'indicator', 'meaning', 'means', 'depicting', 'depicts', 'suitable'],
  ...['please', 'just', 'very', 'really', 'currently'],
]);

/**
 * Verbs whose own picture is another thing than the act ("book a flight" is no book, "check my
 * heart rate" no check mark, "watch a movie" no wristwatch): before what they act on, a
 * determiner or "to" ("switch to light mode"), they say only that something is wanted of it, and
 * are dropped as the words of a request are. Alone or in a name ("check", "book", "light
 * switch") they are pictures. Not the verbs that are their own picture ("delete the file",
 * "share this page") or an intent's ("show the password": the eye).
 */
const VERBS_OF_THEIR_OBJECT = new Set(['book', 'check', 'watch', 'see', 'look', 'track', 'order', 'set', 'change', 'manage', 'plan', 'choose', 'pick', 'switch', 'browse', 'explore', 'visit', 'view']);
/**
 * Articles, grammar before the word they go with ("book a flight": flight, as it names an icon);
 * not a letter, as in "a to z" or "z to a".
 */
const ARTICLES = new Set(['a', 'an', 'the']);
/** What follows such a verb when it acts on something. */
const BEFORE_AN_OBJECT = new Set(['a', 'an', 'the', 'my', 'your', 'our', 'his', 'her', 'their', 'its', 'this', 'that', 'these', 'those', 'some', 'to', 'at']);

/**
 * Words that say what kind of picture is wanted, not of what ("user icon", "close button",
 * "github logo"): optional as joining words are, and not part of the name a query gives.
 */
export const DESCRIBING_WORDS = new Set(['icon', 'icons', 'symbol', 'symbols', 'button', 'buttons', 'glyph', 'glyphs', 'logo', 'logos', 'pictogram', 'emblem']);
/** Words for a picture, which before "of" say what kind of picture, not of what. */
const PICTURE_WORDS = new Set(['picture', 'image', 'photo', 'drawing', 'illustration', 'icon', 'symbol', 'sign']);
/** Words asking for a brand's logo: the logos are not put after the other icons then. */
export const LOGO_WORDS = new Set(['logo', 'logos']);
export const optionalWord = (word: string) => JOINING_WORDS.has(word) || DESCRIBING_WORDS.has(word);

/**
 * Words that say a state of what a sentence speaks of (ui-intents.json's states: "the printer is
 * offline", "the file upload failed"): an icon that does not draw the state is not what is meant,
 * however well it draws the rest.
 */
const STATE_WORDS = new Set(Object.values(uiIntents.states).flat());
export const stateWord = (word: string) => STATE_WORDS.has(word);

/**
 * The words search reads of a query: lowercase, Font Awesome's class names as the names they give,
 * the words of a request's grammar dropped (all of them kept when nothing else is left), each
 * once, at most MAX_QUERY_WORDS.
 */
export function queryWordsOf(query: string): string[] {
  // "the user's profile": the user, not the words user and s (read together: users).
  const all = words(iconNamesOf(query).replace(/(\w)['’]s\b/g, '$1'));
  // "a picture of a cat", "an icon of a bell": what the picture is of.
  const meant = all.filter(
    (word, i) =>
      !REQUEST_WORDS.has(word) &&
      !(PICTURE_WORDS.has(word) && all[i + 1] === 'of') &&
      !(VERBS_OF_THEIR_OBJECT.has(word) && BEFORE_AN_OBJECT.has(all[i + 1])) &&
      !(ARTICLES.has(word) && all[i + 1] !== undefined && all[i + 1] !== 'to'),
  );
  // A word said twice means no more than once ("house house").
  return [...new Set(meant.some((word) => !optionalWord(word)) ? meant : all)].slice(0, MAX_QUERY_WORDS);
}

/** Two or three words in each order but the one given, joined by hyphens as ids are. */
export function otherOrders(words: string[]): string[] {
  const [a, b, c] = words;
  const orders = c === undefined ? [[b, a]] : [[a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]];
  return orders.map((order) => order.join('-'));
}
