/**
 * What a reply to "which booking do you mean?" says about the booking it picks, read deterministically. Every
 * field is one way of pointing at a candidate; a reply may combine several ("the 3pm one on Friday"). A reply that
 * says anything else ("move it to 4pm", "not John Smith") is not a pick at all: the model reads it instead.
 */
export interface PickPhrase {
  /** 1-based position in the list offered ("2", "2.", "#2", "the second one"); -1 is "the last one". */
  position?: number;
  /** A booking reference, upper case: "BK-1044". */
  reference?: string;
  /** A booking id: "bk_1044". */
  bookingId?: string;
  /** Lower-case words of a guest name ("john", "tan"). */
  nameWords?: string[];
  /** A clock time; without a meridiem, 3 may be 03:00 or 15:00. */
  time?: { hour: number; minute: number; meridiem?: 'am' | 'pm' };
  partOfDay?: 'morning' | 'afternoon' | 'evening';
  /** ISO weekday, Monday = 1. */
  weekday?: number;
  dayOfMonth?: number;
  /** 1–12; only with dayOfMonth. */
  month?: number;
  /** Days from today: "today" 0, "tomorrow" 1. */
  daysFromToday?: number;
  partySize?: number;
}

const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten eleven twelve'.split(' ');
const ORDINALS = 'first second third fourth fifth sixth seventh eighth ninth tenth'.split(' ');
const WEEKDAYS: ReadonlyArray<[RegExp, number]> = [
  [/^mon(day)?$/, 1],
  [/^tue(s|sday)?$/, 2],
  [/^wed(nesday)?$/, 3],
  [/^thu(r|rs|rsday)?$/, 4],
  [/^fri(day)?$/, 5],
  [/^sat(urday)?$/, 6],
  [/^sun(day)?$/, 7],
];
const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*';
const SUFFIX = '(?:st|nd|rd|th)';
const MERIDIEM = '(am|pm|a\\.m\\.|p\\.m\\.)';
/** Words that carry no choice ("it's the one on Friday please"). */
const FILLER = new Set(
  "a an the one ones one's booking bookings reservation party i i'm im mean meant want it it's its is was that that's this on at for in of from with please pls thanks thank you ok okay yes yeah yep no sure oh um er sorry and or guest's list go".split(
    ' ',
  ),
);
/** A reply that negates or contrasts never picks: "not John Smith", "the other one". */
const NEGATION = /\b(not|isn't|isnt|neither|except|other|another|none|wrong|instead)\b/;

type Rule = [RegExp, (m: RegExpExecArray) => PickPhrase];

/** Rules in order; each match is removed from the text before the next rule runs. */
const RULES: readonly Rule[] = [
  [/\bbk_[a-z0-9]+\b/, (m) => ({ bookingId: m[0] })],
  [/\bbk-?\s?(\d{3,})\b/, (m) => ({ reference: `BK-${m[1]}` })],
  [/(?:#|\bno\.?\s*|\bnumber\s+|\boption\s+|\bchoice\s+)(\d{1,2})\b\.?/, (m) => ({ position: num(m[1]) })],
  [
    new RegExp(`\\b(\\d{1,3}|${NUMBER_WORDS.join('|')})\\s+(?:guests?|people|persons?|pax|kids)\\b`),
    (m) => ({ partySize: num(m[1]) }),
  ],
  [new RegExp(`\\b(?:at\\s+)?(\\d{1,2})[:.](\\d{2})\\s*${MERIDIEM}?`), (m) => ({ time: time(m) })],
  [new RegExp(`\\b(?:at\\s+)?(\\d{1,2})()\\s*${MERIDIEM}`), (m) => ({ time: time(m) })],
  [/\b(?:at\s+)?(\d{1,2})()\s*o'?clock\b/, (m) => ({ time: time(m) })],
  [new RegExp(`\\bat\\s+(\\d{1,2})()\\b(?!\\s*${SUFFIX})`), (m) => ({ time: time(m) })],
  [/\b(noon|midday)\b/, () => ({ time: { hour: 12, minute: 0, meridiem: 'pm' } })],
  [/\b(morning|afternoon|evening)\b/, (m) => ({ partOfDay: m[1] as PickPhrase['partOfDay'] })],
  [new RegExp(`\\b(\\d{1,2})${SUFFIX}?\\s+(?:of\\s+)?${MONTH}\\b`), (m) => date(m[1], m[2])],
  [new RegExp(`\\b${MONTH}\\s+(?:the\\s+)?(\\d{1,2})${SUFFIX}?\\b`), (m) => date(m[2], m[1])],
  [new RegExp(`\\bon\\s+the\\s+(\\d{1,2})${SUFFIX}\\b`), (m) => ({ dayOfMonth: num(m[1]) })],
  // "the 2nd" is a position in a list of at most 10; "the 28th" can only be a day of the month.
  [
    new RegExp(`\\b(\\d{1,2})${SUFFIX}\\b`),
    (m) => {
      const n = num(m[1]);
      return n <= ORDINALS.length ? { position: n } : { dayOfMonth: n };
    },
  ],
  [/\b(today|tomorrow)(?:'s)?\b/, (m) => ({ daysFromToday: m[1] === 'today' ? 0 : 1 })],
  [new RegExp(`\\b(${ORDINALS.join('|')}|last)\\b`), (m) => ({ position: ordinal(m[1]) })],
];

/** Reads a reply; undefined when it is not a pick (no choice in it, or words a pick does not use). */
export function parsePickPhrase(reply: string): PickPhrase | undefined {
  let text = ` ${reply.toLowerCase().replace(/[’‘]/g, "'").trim()} `;
  if (text.length > 100 || NEGATION.test(text)) return undefined;
  const phrase: PickPhrase = {};
  for (const [pattern, apply] of RULES) {
    const match = pattern.exec(text);
    if (!match) continue;
    Object.assign(phrase, apply(match));
    text = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`;
  }
  for (const raw of text.split(/[\s,;:!?()]+/)) {
    const word = raw.replace(/\.+$/, '').replace(/'s$/, '');
    if (word === '' || FILLER.has(word) || FILLER.has(raw)) continue;
    const weekday = WEEKDAYS.find(([re]) => re.test(word))?.[1];
    if (weekday !== undefined && phrase.weekday === undefined) phrase.weekday = weekday;
    else if (/^\d{1,2}[.)]?$/.test(raw) && phrase.position === undefined) phrase.position = num(word);
    else if (/^[a-z][a-z'-]*$/.test(word)) phrase.nameWords = [...(phrase.nameWords ?? []), word];
    else return undefined;
  }
  return Object.keys(phrase).length > 0 ? phrase : undefined;
}

function num(text: string | undefined): number {
  const word = text ?? '';
  const index = NUMBER_WORDS.indexOf(word);
  return index >= 0 ? index : Number(word);
}

function ordinal(word: string | undefined): number {
  return word === 'last' ? -1 : ORDINALS.indexOf(word ?? '') + 1;
}

function time(m: RegExpExecArray): PickPhrase['time'] {
  const meridiem = m[3]?.startsWith('a') ? 'am' : m[3]?.startsWith('p') ? 'pm' : undefined;
  return { hour: num(m[1]), minute: m[2] ? Number(m[2]) : 0, ...(meridiem ? { meridiem } : {}) };
}

function date(day: string | undefined, month: string | undefined): PickPhrase {
  return { dayOfMonth: num(day), month: MONTHS.indexOf((month ?? '').slice(0, 3)) + 1 };
}
