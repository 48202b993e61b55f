import { NAME, NOT_NAMES, SETTLED_BOOKING } from './name-words.ts';

export { NAME, NOT_NAMES };

/** At most this many names are tried in the booking API's search for one message (each try is one lookup). */
export const MAX_NAME_TRIES = 3;

/**
 * The words of a message that may name the guest, best first (issue 30). Operators type names in any case, inside
 * long polite messages, with typos: capital letters are only a hint. Each candidate is looked up through the
 * booking API's fuzzy search, which decides (a typo like "jon smth" is its job, not ours); no match for any
 * candidate is a question, never a guess.
 *
 * 1. The name in a request shape ("X's booking", "the X party", "booking for X", "move X", "for X", "X is now 9"),
 *    as capitalised.
 * 2. The same shapes with the case read from the words instead: everyday words lower-case, any other word
 *    capitalised ("hello, could you move the booking for john okafor" → "John Okafor").
 * 3. A capitalised run anywhere that is not everyday words ("Okafor party is now 9").
 */
export function guestNamesIn(message: string): string[] {
  // An email address or web address holds words that name no one ("ana@example.com").
  const text = message.replace(/\S+@\S+|\bhttps?:\/\/\S+/g, ' ').replace(SETTLED_BOOKING, ' | ');
  const found = [shapedName(text), shapedName(caseFromWords(text)), anywhereName(text)];
  const names = found.filter((n): n is string => n !== undefined);
  return [...new Set(names)].slice(0, MAX_NAME_TRIES);
}

const SHAPES = [
  new RegExp(`((?:${NAME}\\s+){0,2}${NAME})['’]s\\b`),
  new RegExp(
    `\\bthe\\s+((?:${NAME}\\s+){0,2}${NAME})\\s+(?:booking|party|reservation|family|group|birthday)`,
  ),
  new RegExp(`\\b(?:booking|reservation|party)\\s+(?:for|of|under)\\s+((?:${NAME}\\s*){1,3})`),
  new RegExp(
    `\\b(?:[Mm]ove|[Rr]eschedule|[Ss]hift|[Pp]ush|[Cc]hange|[Uu]pdate)\\s+(${NAME}(?:\\s+${NAME})?)\\b(?!['’])`,
  ),
  new RegExp(`\\bfor\\s+(${NAME}(?:\\s+${NAME})?)`),
  // "had a call from mateo garcia", "just spoke to grace kim": who the operator heard from.
  new RegExp(`\\b(?:call|calls|message|email|text|word|note|request)\\s+from\\s+(${NAME}(?:\\s+${NAME})?)`),
  new RegExp(
    `\\b(?:spoke|spoken|speaking|talked|talking|chatted|heard)\\s+(?:to|with|from)\\s+(${NAME}(?:\\s+${NAME})?)`,
  ),
  // "sarah smith is now 18", "Okafor has 3 more coming": the subject of the sentence.
  new RegExp(
    `(?:^|[.!?,;:—-]\\s*|\\b(?:know|that|and|so|but|fyi|btw)\\s+)((?:${NAME}\\s+){0,2}${NAME})\\s+(?:is|are|has|have|needs?|wants?|will|would|cannot|rang|called)\\b`,
  ),
  new RegExp(`^\\s*(?:it's\\s+|its\\s+|the one for\\s+)?(${NAME}(?:\\s+${NAME}){0,2})\\s*[.!]?\\s*$`),
];

function shapedName(text: string): string | undefined {
  for (const pattern of SHAPES) {
    const name = cleanName(pattern.exec(text)?.[1]);
    if (name) return name;
  }
  return undefined;
}

/** "Okafor party is now 9", "Ben Carter has a new email": a capitalised run that is not everyday words. */
function anywhereName(text: string): string | undefined {
  for (const m of text.matchAll(new RegExp(`${NAME}(?:\\s+${NAME}){0,2}`, 'g'))) {
    const name = cleanName(m[0].replace(/['’]s$/, ''));
    if (name) return name;
  }
  return undefined;
}

/**
 * The message with its case read from the words: everyday request words lower-case, any other word of three
 * letters or more capitalised. Capital letters an operator typed, or left out, no longer decide what is a name.
 */
function caseFromWords(text: string): string {
  return text.replace(/[\p{L}][\p{L}'’-]*/gu, (word) => {
    const plain = word.toLowerCase().replace(/['’]s$/, '');
    if (word === 'I') return word;
    if (COMMON_WORDS.has(plain)) return word.toLowerCase();
    if (plain.length < 3) return word;
    return (word[0] ?? '').toUpperCase() + word.slice(1).toLowerCase();
  });
}

/** A name without the non-name words at its edges; none when it is only everyday words or too short. */
export function cleanName(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const words = raw.trim().split(/\s+/);
  while (words.length > 0 && NOT_NAMES.has(words[0] as string)) words.shift();
  while (words.length > 0 && NOT_NAMES.has(words.at(-1) as string)) words.pop();
  if (words.every((w) => COMMON_WORDS.has(w.toLowerCase().replace(/['’]s$/, '')))) return undefined;
  const name = words.join(' ');
  return name.length >= 3 ? name : undefined;
}

/**
 * Words of a request that are not guest names, in lower case: the capitalised non-names, the everyday words of
 * booking requests, and the greetings and courtesies of a polite message. Anything else may be a name.
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set([
  ...[...NOT_NAMES].map((w) => w.toLowerCase()),
  ...(
    'a about above after again all also am an and any are around as at be because been before being below between ' +
    'both but by can cannot could did do does doing done dont down during each few for from further get got had has ' +
    'have having he her here hers him his how i if in into is it its just me more most my myself no nor not now of ' +
    'off on once only or other our ours out over own same she should so some such than that the their theirs them ' +
    'then there these they this those through to too under until up very was we were what when where which while ' +
    'who whom why will with would you your yours ' +
    'hi hello hey morning afternoon evening night noon midnight tonight today tomorrow yesterday week weeks weekend ' +
    'day days month months year pm am oclock time times date dates session sessions slot slots instead actually ' +
    'please pls thanks thank cheers sorry ok okay yes yeah yep sure great thx ta mate guys team ' +
    'booking bookings booked reservation reservations party parties event group family kids kid children child ' +
    'adults adult people person persons guests guest pax heads total number numbers count headcount size ' +
    'change changes changed update updated move moved moving reschedule rescheduled shift push pushed bring brought ' +
    'put make made set add added remove removed cancel cancelled canceled delete drop dropped swap switch need needs ' +
    'needed want wants wanted like would let know tell see check confirm confirmed send sent resend text sms email ' +
    'emails mail phone mobile cell contact details detail address name names note notes link payment pay paid ' +
    'new old extra another more less fewer earlier later back forward instead same next last first second third ' +
    'one two three four five six seven eight nine ten eleven twelve dozen half quarter couple few several ' +
    'coming come arrive arriving attend attending going go come joining join left leave staying stay ' +
    'birthday cake allergy allergies wheelchair access accessible high chair chairs decorations balloons food ' +
    'room lane lanes court arena area deck table tables zone pass passes ticket tickets session class lesson ' +
    'is are be been our us i im ive id were was has have had thats its whats lets ' +
    // The courtesies around a request in a long polite message.
    'good dear hope hoping well wondering wonder whether possible possibly kindly kind regards best many much lot ' +
    'lovely nice appreciate appreciated appreciate grateful cheers favour favor quick quickly asap urgent urgently ' +
    'just could would might may shall wish wishes rang called rung phoned emailed messaged asked said says told ' +
    'also again still already today via re regarding about their there everyone everybody someone somebody ' +
    'u ur pls plz thx ty cya bye thankyou tia xx request requests requested help assist ' +
    'up down over around towards toward upon onto anything something nothing everything anyone someone none ' +
    'call calls message messages word spoke spoken speaking talked talking chatted heard letting saying heads fyi btw scratch scrap forget ignore disregard never mind leave keep worry bother'
  ).split(' '),
]);
