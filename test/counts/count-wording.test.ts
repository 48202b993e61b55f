import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { cardinalInWords } from '../../lib/counts/cardinal-words.ts';
import { licensedCounts } from '../../lib/counts/licensed-counts.ts';
import { maskNonCounts } from '../../lib/counts/mask-non-counts.ts';
import { countAfter, readCount } from '../../lib/counts/read-count.ts';

/**
 * Issue 16: the plan's count agrees with the wording. Relative wording yields current ± N, a total yields N, and an
 * unclear wording licenses no count at all (the planner asks). Every property builds a request the way an operator
 * writes it (who, said by name, possessive, reference; the number in digits or words; a date beside it) and checks
 * the rule on every outcome, not on hand-picked phrases.
 */
const OPTIONS = { locale: 'en-AU' };

const who = fc.oneof(
  fc.constantFrom('Priya Patel', 'Tan', 'Okafor', "O'Brien", 'Chloe Nguyen', 'the Wilson family'),
  fc.integer({ min: 1000, max: 99_999 }).map((n) => `BK-${n}`),
);
/** A number as an operator types it: digits or words ("22", "twenty-two"). */
const spelt = (n: number) => fc.constantFrom(String(n), cardinalInWords(n));
const when = fc.constantFrom(
  '',
  ' on Saturday',
  ' on Friday 12 Dec at 3pm',
  ' tomorrow at 10:30',
  ' next week',
);

const MORE: ReadonlyArray<(n: string, w: string) => string> = [
  (n, w) => `${w} has another ${n} guests coming`,
  (n, w) => `${n} more people for ${w}`,
  (n, w) => `add ${n} guests to ${w}`,
  (n, w) => `plus ${n} for ${w} please`,
  (n, w) => `${w}: up by ${n}`,
  (n, w) => `an extra ${n} kids are joining ${w}`,
];
const FEWER: ReadonlyArray<(n: string, w: string) => string> = [
  (n, w) => `${n} people dropped out of ${w}`,
  (n, w) => `${n} guests can't come to ${w}`,
  (n, w) => `${n} fewer guests for ${w}`,
  (n, w) => `${w} is down by ${n}`,
  (n, w) => `minus ${n} for ${w}`,
];
const TOTAL: ReadonlyArray<(n: string, w: string) => string> = [
  (n, w) => `make it ${n} guests for ${w}`,
  (n, w) => `${w} party is now ${n} people`,
  (n, w) => `change ${w} to ${n} guests`,
  (n, w) => `the new number for ${w} is ${n}`,
  (n, w) => `${w} will be ${n} pax`,
];
const UNCLEAR: ReadonlyArray<(w: string) => string> = [
  (w) => `${w} has a couple more guests coming`,
  (w) => `a few people dropped out of ${w}`,
  (w) => `add some more kids to ${w}`,
  (w) => `${w} might have another handful`,
  (w) => `${w} will be 12 or 13 guests`,
  (w) => `${w} is about 20 people now`,
];

const relative = (templates: typeof MORE, sign: 1 | -1) =>
  fc
    .record({
      template: fc.constantFrom(...templates),
      n: fc.integer({ min: 1, max: 30 }),
      current: fc.integer({ min: 1, max: 60 }),
      who,
      when,
    })
    .filter(({ n, current }) => current + sign * n >= 1)
    .chain((r) => spelt(r.n).map((word) => ({ ...r, text: r.template(word, r.who) + r.when, sign })));

describe('guest counts from wording (issue 16)', () => {
  test.prop([fc.oneof(relative(MORE, 1), relative(FEWER, -1))])(
    'relative wording reads as a change of ±N and licenses exactly current ± N',
    ({ text, n, current, sign }) => {
      // Act
      const reading = readCount(maskNonCounts(text, OPTIONS));
      const licensed = licensedCounts(text, current, OPTIONS);

      // Assess
      expect(reading).toEqual({ kind: 'relative', delta: sign * n });
      expect(countAfter(reading, current)).toBe(current + sign * n);
      expect([...licensed]).toEqual([current + sign * n]);
    },
  );

  test.prop([fc.oneof(relative(MORE, 1), relative(FEWER, -1))])(
    'a wrong plan is never licensed for relative wording: not the bare N, not the current count',
    ({ text, n, current, sign }) => {
      // Act
      const licensed = licensedCounts(text, current, OPTIONS);

      // Assess: only current ± N; N itself (the "party size 2 for a party of 6" plan) never is.
      if (n !== current + sign * n) expect(licensed.has(n)).toBe(false);
      expect(licensed.has(current)).toBe(false);
    },
  );

  test.prop([
    fc
      .record({ template: fc.constantFrom(...TOTAL), n: fc.integer({ min: 1, max: 100 }), who, when })
      .chain((r) => spelt(r.n).map((word) => ({ ...r, text: r.template(word, r.who) + r.when }))),
    fc.integer({ min: 1, max: 60 }),
  ])('a total licenses N whatever the current count', ({ text, n }, current) => {
    // Act
    const reading = readCount(maskNonCounts(text, OPTIONS));
    const licensed = licensedCounts(text, current, OPTIONS);

    // Assess
    expect(reading).toEqual({ kind: 'total', value: n });
    expect([...licensed]).toEqual([n]);
  });

  test.prop([fc.constantFrom(...UNCLEAR), who, when, fc.integer({ min: 1, max: 60 })])(
    'an unclear wording asks: it reads as a question and licenses no count',
    (template, name, at, current) => {
      // Prepare
      const text = template(name) + at;

      // Act
      const reading = readCount(maskNonCounts(text, OPTIONS));
      const licensed = licensedCounts(text, current, OPTIONS);

      // Assess
      expect(reading.kind).toBe('ask');
      expect([...licensed]).toEqual([]);
    },
  );

  test.prop([
    fc.integer({ min: 1, max: 9 }),
    fc.integer({ min: 1, max: 9 }),
    fc.integer({ min: 20, max: 60 }),
    who,
  ])(
    'changes said across clauses about one booking add up, and no part of them is licensed alone',
    (gone, extra, current, name) => {
      // Prepare
      const text = `${name}: ${gone} dropped out but ${extra} extra are coming`;

      // Act
      const licensed = licensedCounts(text, current, OPTIONS);

      // Assess
      expect([...licensed]).toEqual([current - gone + extra]);
    },
  );

  test.prop([
    fc.integer({ min: 1, max: 40 }),
    fc.integer({ min: 1, max: 9 }),
    fc.integer({ min: 1, max: 40 }),
  ])(
    'a total and a change that disagree license nothing for one booking, and both for several',
    (total, change, current) => {
      fc.pre(current + change !== total);
      // Prepare
      const text = `make it ${total}, ${change} more`;

      // Act
      const one = licensedCounts(text, current, OPTIONS);
      const several = licensedCounts(text, current, { ...OPTIONS, severalBookings: true });

      // Assess
      expect([...one]).toEqual([]);
      expect([...several].sort((a, b) => a - b)).toEqual([total, current + change].sort((a, b) => a - b));
    },
  );

  test.prop([fc.integer({ min: 1, max: 99 }), who, fc.integer({ min: 1, max: 60 })])(
    'an age is never a count: "turning N", "aged N", "Nth birthday"',
    (age, name, current) => {
      // Prepare
      const texts = [
        `${name}: the birthday boy is turning ${age}`,
        `${name}'s kid is aged ${age}`,
        `${name}'s ${age}th birthday`,
      ];

      // Act
      const licensed = texts.map((text) => [...licensedCounts(text, current, OPTIONS)]);

      // Assess
      expect(licensed).toEqual([[], [], []]);
    },
  );

  test.prop([fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 9 }).chain((d) => spelt(d))])(
    'a total and a change in one clause read as a question, never as either one',
    (total, change) => {
      // Act
      const reading = readCount(`make it ${total} guests with ${change} more`);

      // Assess
      expect(reading).toEqual({ kind: 'ask', reason: 'mixed' });
    },
  );
});

describe('issue 30: a total said with its breakdown', () => {
  const PARTS = ['kids', 'adults', 'teens', 'toddlers'] as const;
  test.prop([
    who,
    fc.uniqueArray(fc.constantFrom(...PARTS), { minLength: 2, maxLength: 3 }),
    fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 3, maxLength: 3 }),
    fc.constantFrom('total', 'guests total', 'guests', 'people'),
    fc.constantFrom(' (%s)', ': %s', ', %s'),
    fc.integer({ min: 1, max: 40 }),
    fc.constantFrom(' ', ' + ', '+', ' and ', ', '),
  ])(
    'licenses the total when the parts add up to it, and nothing when they do not',
    (name, nouns, sizes, word, wrap, current, separator) => {
      // Prepare
      const parts = nouns.map((noun, i) => `${sizes[i]} ${noun}`);
      const sum = parts.reduce((acc, _, i) => acc + (sizes[i] ?? 0), 0);
      const breakdown = wrap.replace('%s', parts.join(separator));

      // Act
      const agreeing = licensedCounts(`${name} is now ${sum} ${word}${breakdown}`, current, OPTIONS);
      const disagreeing = licensedCounts(`${name} is now ${sum + 1} ${word}${breakdown}`, current, OPTIONS);

      // Assess
      expect([...agreeing]).toEqual([sum]);
      expect(disagreeing.has(sum + 1)).toBe(false);
    },
  );
});

describe('issue 30: a count written straight after a date and time', () => {
  test.prop([
    fc.constantFrom('Dec 27th at 12:30', 'Saturday at 3pm', 'friday, 3pm', 'tomorrow at 10:30'),
    fc.integer({ min: 2, max: 60 }).chain((n) => spelt(n).map((said) => [n, said] as const)),
    fc.constantFrom('guests', 'people', 'kids', 'pax'),
    fc.integer({ min: 1, max: 60 }),
  ])(
    'reads the number before the noun as the count, not as a second time',
    (when, [n, said], noun, current) => {
      // Prepare
      const text = `new booking: party room, ${when}, ${said} ${noun}, Holly Nash`;

      // Act
      const reading = readCount(maskNonCounts(text, OPTIONS));
      const licensed = licensedCounts(text, current, OPTIONS);

      // Assess
      expect(reading).toEqual({ kind: 'total', value: n });
      expect([...licensed]).toEqual([n]);
    },
  );
});

describe('issue 30: "one" standing for a thing already named is no count', () => {
  test.each([
    ['actually make it the 11pm one', 8],
    ['move them to the party one instead', 8],
    ['no, the other one please', 12],
    ['that one is fine, keep it', 5],
  ])('"%s" licenses no count (current %i)', (message, current) => {
    // Assess
    expect(licensedCounts(message, current, OPTIONS)).toEqual(new Set());
  });

  test.each([
    ['one more kid is coming', 8, 9],
    ['just one guest now', 8, 1],
    ['the last one dropped out, so one fewer', 8, 7],
  ])('"%s" still counts (current %i → %i)', (message, current, expected) => {
    // Assess
    expect(licensedCounts(message, current, OPTIONS)).toEqual(new Set([expected]));
  });
});

describe('a person leaving or joining without a digit', () => {
  test.each([
    ['one of the Okafor lot has dropped out', 8, 7],
    ["2 of her kids can't make it", 8, 6],
    ['add another adult to the booking', 8, 9],
    ['an extra kid is coming', 8, 9],
    // Parts that say the same number still add up.
    ['2 adults 2 kids', 8, 4],
  ])('"%s" licenses current %i → %i', (message, current, expected) => {
    // Assess
    expect(licensedCounts(message, current, OPTIONS)).toEqual(new Set([expected]));
  });

  test.each([
    ['book another session for them'],
    ['the other group is fine'],
    ['cancel it, they double booked with another place'],
    ['give them 20% off, they had a rough time'],
    ['the Ali booking - one of the kids is deaf, note the marshal should use hand signals'],
  ])('"%s" licenses no count', (message) => {
    expect(licensedCounts(message, 8, OPTIONS)).toEqual(new Set());
  });
});
