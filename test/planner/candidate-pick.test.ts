import { fc, test } from '@fast-check/vitest';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { BookingSummary } from '../../lib/contracts/booking.ts';
import { type CandidatePick, resolveCandidatePick } from '../../lib/planner/pick/candidate-pick.ts';
import { aCandidate } from '../fixtures/candidates.ts';

const OPTIONS = { today: '2026-11-23' };
const FIRST = ['John', 'Sarah', 'Priya', 'Chloe', 'Ethan', 'Ava', 'Liam', 'Noah'];
const LAST = ['Smith', 'Tan', 'Okafor', 'Nguyen', 'Wilson', 'Harris', 'Patel', 'Lee'];
const TIMES = ['09:00', '10:00', '11:00', '12:30', '13:00', '15:00', '15:30', '16:00'];
const ORDINAL_WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** 1 to 10 candidates (the booking API returns at most 10), each with its own id and reference. */
const candidateLists = fc
  .array(
    fc.record({
      first: fc.constantFrom(...FIRST),
      last: fc.constantFrom(...LAST),
      dayOffset: fc.integer({ min: 0, max: 27 }),
      time: fc.constantFrom(...TIMES),
      partySize: fc.integer({ min: 1, max: 40 }),
    }),
    { minLength: 1, maxLength: 10 },
  )
  .map((rows) =>
    rows.map((r, i) =>
      aCandidate({
        booking_id: `bk_c${i}`,
        reference: `BK-${2001 + i}`,
        guest_name: `${r.first} ${r.last}`,
        booking_date: DateTime.fromISO(OPTIONS.today).plus({ days: r.dayOffset }).toISODate() ?? '',
        booking_time: r.time,
        party_size: r.partySize,
      }),
    ),
  );

/** A list and one position in it. */
const listAndIndex = candidateLists.chain((list) =>
  fc.tuple(fc.constant(list), fc.integer({ min: 0, max: list.length - 1 })),
);

function pick(reply: string, list: readonly BookingSummary[]): CandidatePick {
  return resolveCandidatePick(reply, list, OPTIONS);
}

/** What a pick must give when `fits` candidates fit the reply: one → that one; several → asks among exactly them. */
function expectOutcome(result: CandidatePick, fits: readonly BookingSummary[]): void {
  if (fits.length === 1) expect(result).toEqual({ kind: 'picked', candidate: fits[0] });
  else if (fits.length > 1) expect(result).toEqual({ kind: 'ambiguous', matches: fits });
  else expect(result.kind).toBe('no_match');
}

function spokenTime(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${m === 0 ? '' : `:${String(m).padStart(2, '0')}`}${h < 12 ? 'am' : 'pm'}`;
}

describe('resolveCandidatePick', () => {
  describe('every supported form picks exactly the candidate it names', () => {
    test.prop([listAndIndex, fc.constantFrom('', '.', ')')])('by number ("2", "2.")', ([list, i], suffix) => {
      // Act
      const result = pick(`${i + 1}${suffix}`, list);
      // Assess
      expect(result).toEqual({ kind: 'picked', candidate: list[i] });
    });

    test.prop([listAndIndex, fc.constantFrom('the {} one', '{}', 'The {} booking please', "it's the {}")])(
      'by ordinal ("the second one", "second")',
      ([list, i], template) => {
        const result = pick(template.replace('{}', ORDINAL_WORDS[i] ?? ''), list);

        expect(result).toEqual({ kind: 'picked', candidate: list[i] });
      },
    );

    test.prop([listAndIndex])('by numeric ordinal ("the 2nd one")', ([list, i]) => {
      const n = i + 1;
      const suffix = n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th';

      expect(pick(`the ${n}${suffix} one`, list)).toEqual({ kind: 'picked', candidate: list[i] });
    });

    test.prop([listAndIndex])('by day of the month ("the one on the 28th")', ([list, i]) => {
      const day = DateTime.fromISO(list[i]?.booking_date ?? '').day;

      const result = pick(`the one on the ${day}th`, list);

      expectOutcome(
        result,
        list.filter((c) => DateTime.fromISO(c.booking_date).day === day),
      );
    });

    test.prop([candidateLists])('"the last one" is the last candidate', (list) => {
      expect(pick('the last one', list)).toEqual({ kind: 'picked', candidate: list.at(-1) });
    });

    test.prop([listAndIndex, fc.constantFrom('BK-', 'bk-', 'BK')])('by reference', ([list, i], prefix) => {
      const reference = `${prefix}${2001 + i}`;

      expect(pick(reference, list)).toEqual({ kind: 'picked', candidate: list[i] });
    });

    test.prop([listAndIndex])('by full name, asking again when two share it', ([list, i]) => {
      const name = list[i]?.guest_name ?? '';

      expectOutcome(
        pick(name, list),
        list.filter((c) => c.guest_name === name),
      );
    });

    test.prop([listAndIndex])('by surname alone ("Tan")', ([list, i]) => {
      const surname = list[i]?.guest_name.split(' ')[1] ?? '';

      expectOutcome(
        pick(surname, list),
        list.filter((c) => c.guest_name.endsWith(` ${surname}`)),
      );
    });

    test.prop([listAndIndex, fc.constantFrom('the {} one', 'the one at {}', '{}')])(
      'by time ("the 3pm one"), asking again when two are at that time',
      ([list, i], template) => {
        const time = list[i]?.booking_time ?? '';

        const result = pick(template.replace('{}', spokenTime(time)), list);

        expectOutcome(
          result,
          list.filter((c) => c.booking_time === time),
        );
      },
    );

    test.prop([listAndIndex, fc.constantFrom('the one on {}', "{}'s", 'the {} one')])(
      'by weekday ("the one on Friday"), asking again when two fall on it',
      ([list, i], template) => {
        const weekday = DateTime.fromISO(list[i]?.booking_date ?? '').weekday;

        const result = pick(template.replace('{}', WEEKDAY_NAMES[weekday - 1] ?? ''), list);

        expectOutcome(
          result,
          list.filter((c) => DateTime.fromISO(c.booking_date).weekday === weekday),
        );
      },
    );

    test.prop([listAndIndex])('by time and day together ("the 3pm one on Friday")', ([list, i]) => {
      const target = list[i] as BookingSummary;
      const weekday = DateTime.fromISO(target.booking_date).weekday;
      const reply = `the ${spokenTime(target.booking_time ?? '')} one on ${WEEKDAY_NAMES[weekday - 1]}`;

      const fits = list.filter(
        (c) => c.booking_time === target.booking_time && DateTime.fromISO(c.booking_date).weekday === weekday,
      );

      expectOutcome(pick(reply, list), fits);
    });
  });

  describe('never guesses', () => {
    test.prop([candidateLists, fc.string({ maxLength: 40 })])(
      'a pick is always the only candidate fitting the reply by itself, or asks again',
      (list, reply) => {
        const result = pick(reply, list);

        if (result.kind === 'picked') expect(list).toContain(result.candidate);
        if (result.kind === 'ambiguous') expect(result.matches.length).toBeGreaterThan(1);
      },
    );

    it('two candidates at 3pm: "the 3pm one" asks again among those two only', () => {
      // Prepare
      const list = [
        aCandidate({ booking_id: 'bk_a', guest_name: 'John Smith', booking_time: '15:00' }),
        aCandidate({ booking_id: 'bk_b', guest_name: 'John Tan', booking_time: '13:00' }),
        aCandidate({ booking_id: 'bk_c', guest_name: 'John Okafor', booking_time: '15:00' }),
      ];
      // Act
      const result = pick('the 3pm one', list);
      // Assess
      expect(result).toEqual({ kind: 'ambiguous', matches: [list[0], list[2]] });
    });

    test.prop([candidateLists, fc.integer({ min: 0, max: 30 })])(
      'a number outside the list is no match, never the nearest candidate',
      (list, extra) => {
        const n = list.length + 1 + extra;

        expect(pick(String(n), list).kind).toBe('no_match');
      },
    );

    it('a number and a name that disagree are no match', () => {
      const list = [
        aCandidate({ booking_id: 'bk_a', guest_name: 'John Smith' }),
        aCandidate({ booking_id: 'bk_b', guest_name: 'John Tan' }),
      ];

      expect(pick('the second one, John Smith', list).kind).toBe('no_match');
    });
  });

  describe('leaves other replies to the model', () => {
    const list = [
      aCandidate({ booking_id: 'bk_a', guest_name: 'John Smith', booking_time: '15:00' }),
      aCandidate({ booking_id: 'bk_b', guest_name: 'John Tan', booking_time: '13:00' }),
    ];

    it.each([
      'Move it to Saturday at 4pm',
      'not John Smith',
      'the other one',
      'never mind',
      'yes',
      'Change the 3pm one to 4pm',
      'make it 6 guests instead',
    ])('"%s" is not a pick', (reply) => {
      expect(pick(reply, list)).toEqual({ kind: 'not_a_pick' });
    });

    test.prop([fc.string({ maxLength: 30 })])(
      'nothing is a pick when no candidates were offered',
      (reply) => {
        expect(pick(reply, [])).toEqual({ kind: 'not_a_pick' });
      },
    );
  });

  it('reads "today\'s" and "tomorrow\'s" in the venue\'s today', () => {
    const list = [
      aCandidate({ booking_id: 'bk_a', booking_date: '2026-11-23' }),
      aCandidate({ booking_id: 'bk_b', booking_date: '2026-11-24' }),
    ];

    expect([pick("today's", list), pick('the one tomorrow', list)]).toEqual([
      { kind: 'picked', candidate: list[0] },
      { kind: 'picked', candidate: list[1] },
    ]);
  });
});
