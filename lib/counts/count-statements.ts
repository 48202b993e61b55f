import { cardinalWordsToDigits } from './cardinal-words.ts';

/** One thing a message says about a number of guests, where it says it (offset in the normalized text). */
export type CountStatement =
  /** "the count is N": "14 pax", "is now 9", "party of 5", "make it 12". */
  | { kind: 'total'; value: number; noun?: string; at: number; corrects?: boolean }
  /** "current ± N": "another two", "3 dropped out", "plus 4", "down by 2". */
  | { kind: 'delta'; value: number; at: number }
  /** "current × F": "double it", "down by half". */
  | { kind: 'scale'; factor: number; at: number }
  /** A count that is not a number: "a couple", "a few more", "another handful". */
  | { kind: 'vague'; words: string; at: number }
  /** A number that is not the new count: "not 3", "up from 18", "it says 18". */
  | { kind: 'ignored'; at: number };

/** People words a count may carry: "14 pax", "3 kids", "10 players". */
export const GUEST_NOUNS =
  'guests?|people|persons?|pax|ppl|peeps|kids?|kiddos?|children|child|adults?|players?|climbers?|jumpers?|toddlers?|teens?|teenagers?|boys?|girls?|participants?|attendees?|members?|friends?|students?|teachers?|parents?|heads?|spots?|places?|seats?|tickets?';

const N = '(\\d{1,3})';
const NOUN = `(${GUEST_NOUNS})`;
const GONE =
  "(?:have |has |had |)(?:dropped out|dropped off|pulled out|dropped|dropouts?|can't come|cant come|cannot come|can't make it|cant make it|won't be coming|wont be coming|won't come|aren't coming|are not coming|not coming|are out|cancelled|canceled|left|pulled)";
/** One person, as "another grown-up" or "one of the boys" names them (not a place, seat or ticket). */
const PERSON =
  'guests?|people|persons?|kids?|kiddos?|children|child|adults?|players?|climbers?|jumpers?|toddlers?|teens?|teenagers?|boys?|girls?|participants?|attendees?|friends?|students?|teachers?|parents?';
/** Words for the party a number of people leave: "2 of the group", "one of her lot", "3 of the kids". */
const GROUP_WORDS = `them|group|party|lot|crew|gang|mob|family|team|${PERSON}`;
const VAGUE =
  '(a couple(?: of)?|couple of|a few|few|several|some|a handful(?: of)?|handful(?: of)?|a bunch(?: of)?|a number of|lots of|a lot of|a lot)';
const VAGUE_CUE = `(?:more|extra|additional|fewer|less|${GUEST_NOUNS}|of them|are coming|coming|joining|dropped|can't|to)`;

/** A statement before its place in the text is known. */
type Unplaced = CountStatement extends infer S ? (S extends CountStatement ? Omit<S, 'at'> : never) : never;
type Reader = (m: RegExpExecArray) => Unplaced | Unplaced[];

/** Count phrases, most specific first; each match is blanked before the next rule runs. */
const RULES: ReadonlyArray<[RegExp, Reader]> = [
  // "20% off", "10 percent": a share, never a number of people.
  [new RegExp(`\\b${N} ?(?:%|percent\\b|per cent\\b)`, 'g'), () => ({ kind: 'ignored' })],
  [new RegExp(`\\b(?:another|add|adding|plus) ${VAGUE}\\b`, 'g'), (m) => ({ kind: 'vague', words: m[0] })],
  [new RegExp(`\\b${VAGUE} ${VAGUE_CUE}\\b`, 'g'), (m) => ({ kind: 'vague', words: m[0] })],
  [new RegExp(`\\bfrom ${N} (?:${NOUN} )?to ${N}\\b`, 'g'), (m) => [{ kind: 'ignored' }, total(m[3])]],
  // An estimate or a range is not a count: "about 20", "12 or 13", "12-13", "20 or so".
  [
    new RegExp(
      `\\b(?:about|around|roughly|approximately|approx|maybe|perhaps|possibly|probably|at least|nearly|almost|give or take) ${N}\\b|\\b${N} ?(?:or|-) ?${N}\\b|\\b${N} (?:or so|odd|ish|give or take)\\b`,
      'g',
    ),
    (m) => ({ kind: 'vague', words: m[0] }),
  ],
  [
    new RegExp(
      `\\b(?:not|instead of|rather than|says|said|was|were|had) ${N}\\b(?! ?(?:more|extra|${GUEST_NOUNS}))`,
      'g',
    ),
    () => ({ kind: 'ignored' }),
  ],
  [
    /\b(?:double|doubled|doubling|twice)\b(?!\s*-?\s*(?:book|check|click|up\b))/g,
    () => ({ kind: 'scale', factor: 2 }),
  ],
  [/\b(?:triple|tripled|tripling)\b/g, () => ({ kind: 'scale', factor: 3 })],
  [/\b(?:by half|in half|halve|halved|halving)\b/g, () => ({ kind: 'scale', factor: 0.5 })],
  [
    new RegExp(
      `\\b(?:lost|losing|lose|cancel|cancelling|canceling|drop|dropping) (?:the )?(?:extra )?${N}\\b`,
      'g',
    ),
    (m) => delta(m[1], -1),
  ],
  [new RegExp(`\\b(?:another|an extra|extra) ${N}\\b`, 'g'), (m) => delta(m[1], 1)],
  // "add another adult", "an extra kid": one more person ("another place" may be another venue, not a seat).
  [new RegExp(`\\b(?:another|an extra|an additional) (?:${PERSON})\\b`, 'g'), () => delta('1', 1)],
  [new RegExp(`\\b${N} (?:${NOUN} )?(?:more|extra|additional)\\b`, 'g'), (m) => delta(m[1], 1)],
  [new RegExp(`\\b${N} (?:${NOUN} )?(?:fewer|less)\\b`, 'g'), (m) => delta(m[1], -1)],
  // A "+" or "plus" between parts of a breakdown ("17 kids + 4 adults", "9 children plus 3 carers") joins them; it
  // adds no one to the current count.
  [new RegExp(`(?<=\\b\\d{1,3} ${NOUN} ?)(?:\\+|plus) ?${N} ${NOUN}\\b`, 'g'), (m) => total(m[2], m[3])],
  [new RegExp(`(?:\\b(?:add|adding|plus|and another)|\\+) ?${N}\\b`, 'g'), (m) => delta(m[1], 1)],
  [
    new RegExp(`(?:\\b(?:minus|subtract|take off|remove|less) |(?:^|\\s)-)${N}\\b`, 'g'),
    (m) => delta(m[1], -1),
  ],
  [
    new RegExp(
      `\\b(?:up|increased?|increasing|raised?|bumped? up|goes up|go up|gone up|went up) by ${N}\\b`,
      'g',
    ),
    (m) => delta(m[1], 1),
  ],
  [
    new RegExp(
      `\\b(?:down|decreased?|decreasing|reduced?|reducing|dropped|cut|lowered?|gone down|went down) by ${N}\\b`,
      'g',
    ),
    (m) => delta(m[1], -1),
  ],
  [
    new RegExp(`\\b${N} (?:${NOUN} )?(?:of (?:them|the group|the party) )?${GONE}\\b`, 'g'),
    (m) => delta(m[1], -1),
  ],
  // "one of the Nguyen crew has pulled out", "3 of his mates can't come": the group named by up to three words.
  [new RegExp(`\\b${N} of (?:[a-z']+ ){0,3}?(?:${GROUP_WORDS}) ${GONE}\\b`, 'g'), (m) => delta(m[1], -1)],
  [new RegExp(`\\b${N} ${NOUN}\\b`, 'g'), (m) => total(m[1], m[2])],
  [
    new RegExp(
      `\\b(?:sorry|i mean|i meant|no wait|make that|or rather|rather|correction|actually|scratch that)(?: it'?s| its| it is)? ${N}\\b`,
      'g',
    ),
    (m) => ({ ...total(m[1]), corrects: true }),
  ],
  [
    new RegExp(
      `\\b(?:now|is|are|be|becomes?|to|of|for|has|have|'s|making it|make it|make that|make them|final|totals?|total of|numbers are|number is|count is|head ?count is|party of|group of) ${N}\\b`,
      'g',
    ),
    (m) => total(m[1]),
  ],
  [new RegExp(`\\b${N} (?:now|each|in total|total|all up|altogether|then)\\b`, 'g'), (m) => total(m[1])],
  [
    // "booking: one of the girls is vegan": a number of the party ("N of …") is none of its size.
    new RegExp(`\\b(?:make|book|booking|put)\\b[^.?!]{0,60}?\\b${N}\\b(?! ?(?:am|pm|:|\\.\\d|of\\b))`, 'g'),
    (m) => total(m[1]),
  ],
];

function total(value: string | undefined, noun?: string): Extract<Unplaced, { kind: 'total' }> {
  return { kind: 'total', value: Number(value), ...(noun ? { noun: singular(noun) } : {}) };
}

function delta(value: string | undefined, sign: 1 | -1): Unplaced {
  return { kind: 'delta', value: sign * Number(value) };
}

function singular(noun: string): string {
  return noun === 'children'
    ? 'child'
    : noun === 'people' || noun === 'ppl'
      ? 'person'
      : noun.replace(/s$/, '');
}

/** Words that carry no count: "12", "ok 10 then", "sorry, I meant 9". */
const BARE = new RegExp(
  `^(?:(?:ok|okay|oh|hmm|um|fine|yes|yeah|yep|no|sorry|actually|i|meant|mean|make|it|that|then|please|pls|thanks|so|just|wait|try|only|guests?|total|now|how about|lets|let's|say|instead)\\s+)*${N}(?:\\s+(?:${GUEST_NOUNS}|please|pls|thanks|then|instead|now|total|in total|all up|each))*$`,
);

/** Lower case, no accents, arrows and dashes spelt out, number words as digits: the text the rules read. */
export function normalizeCountText(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[→⟶>]+/g, ' to ')
    .replace(/[–—−]/g, '-')
    .replace(/(?<=[a-z])-(?=[a-z])/g, ' ')
    .replace(/\+/g, ' + ')
    .replace(/[,;:!?()[\]{}"…]|\.(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cardinalWordsToDigits(s).replace(/\+ (?=\d)/g, '+');
}

/**
 * Every count statement in a text (already masked of references, dates, times, emails and phones: see
 * maskNonCounts), in reading order. A text that is only a number ("12", "sorry, I meant 9") is a total.
 */
export function countStatements(text: string): CountStatement[] {
  let s = ` ${normalizeCountText(text)} `;
  const bare = BARE.exec(s.trim());
  if (bare) return [{ kind: 'total', value: Number(bare[1]), at: 0 }];
  const found: CountStatement[] = [];
  for (const [pattern, read] of RULES) {
    pattern.lastIndex = 0;
    s = s.replace(pattern, (...args) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      const at = args.at(-2) as number;
      const out = read(Object.assign(match, { index: at }));
      for (const statement of Array.isArray(out) ? out : [out])
        found.push({ ...statement, at } as CountStatement);
      return ' '.repeat(String(args[0]).length);
    });
  }
  return found.sort((a, b) => a.at - b.at);
}
