import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../../lib/executor/ask/read-answer.ts';
import type { AskSpec } from '../../../lib/executor/ask/render-question.ts';
import { askRegistry, EVENT_ACTION } from '../../support/ask-registry.ts';

/**
 * Issue 14, decision 1: what readAnswer passes on to the model, and the problem the user reads when an answer does
 * not answer the question (each problem is shown as is, so its wording is pinned here).
 */
const registry = askRegistry();
/** Wednesday 11 March 2026, 12:00 in Sydney. */
const when = { now: new Date('2026-03-11T01:00:00Z'), timeZone: 'Australia/Sydney', locale: 'en-AU' };

const missing = (parameter: string): AskSpec => ({
  ask_kind: 'missing_value',
  question: 'q',
  step_number: 1,
  parameter,
});
const confirm: AskSpec = { ask_kind: 'confirm_change', question: 'q', step_number: 1 };
const choose = (options?: string[]): AskSpec => ({
  ask_kind: 'choose',
  question: 'q',
  step_number: 1,
  parameter: 'start_time',
  ...(options ? { options } : {}),
});

const read = (spec: AskSpec, answer: string, action: string) =>
  readAnswer(spec, answer, action, registry, when);
const value = (v: string) => ({ ok: true, value: v });
const problem = (p: string) => ({ ok: false, problem: p });

describe('readAnswer: any kind of question', () => {
  it('says an empty or blank answer is empty, whatever was asked', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(confirm, choose(['15:00']), missing('party_size')),
        fc.constantFrom('', ' ', '  \t ', '\n'),
        (spec, blank) => {
          expect(read(spec, blank, 'updateGuestCount')).toEqual(problem('The answer was empty.'));
        },
      ),
    );
  });
});

describe('readAnswer: confirm_change', () => {
  it('reads yes or no with trailing punctuation, and asks again for anything else', () => {
    expect(read(confirm, 'Yes.', 'updateGuestCount')).toEqual(value('yes'));
    expect(read(confirm, 'No!!', 'updateGuestCount')).toEqual(value('no'));
    // Only a reply that starts with the word is read: the reader never guesses.
    expect(read(confirm, '...yes', 'updateGuestCount')).toEqual(problem('Please answer yes or no.'));
    expect(read(confirm, 'perhaps', 'updateGuestCount')).toEqual(problem('Please answer yes or no.'));
  });
});

describe('readAnswer: choose', () => {
  it('picks by position only for a bare number, and names the range otherwise', () => {
    // Prepare: "12" is also a time (12:00) that is one of the options.
    const spec = choose(['11:00', '12:00']);
    // Act + Assess
    expect(read(spec, '# 2', 'rescheduleBooking')).toEqual(value('12:00'));
    expect(read(spec, '12', 'rescheduleBooking')).toEqual(
      problem('Please reply with one of the options (1 to 2).'),
    );
    expect(read(spec, 'option 2', 'rescheduleBooking')).toEqual(
      problem('Please reply with one of the options (1 to 2).'),
    );
  });

  it('never picks by position beyond the options, however many there are', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom('09:00', '10:30', '11:00', '15:00', '16:00', '18:30'), {
          maxLength: 6,
        }),
        fc.integer({ min: 1, max: 99 }),
        (options, n) => {
          const reading = read(choose(options), String(n), 'rescheduleBooking');
          expect(reading).toEqual(
            n <= options.length
              ? value(options[n - 1]!)
              : problem(`Please reply with one of the options (1 to ${options.length}).`),
          );
        },
      ),
    );
  });

  it('refuses every answer when the question stored no options', () => {
    expect(read(choose(), '1', 'rescheduleBooking')).toEqual(
      problem('Please reply with one of the options (1 to 0).'),
    );
  });

  it('matches an option by its text, whatever the case, or by the time it says', () => {
    // Prepare
    const seats = choose(['Indoor', 'Terrace']);
    const times = choose(['15:00', '16:00']);
    // Act + Assess
    expect(read(seats, 'terrace', 'rescheduleBooking')).toEqual(value('Terrace'));
    expect(read(seats, 'TERRACE', 'rescheduleBooking')).toEqual(value('Terrace'));
    expect(read(seats, 'garden', 'rescheduleBooking')).toEqual(
      problem('Please reply with one of the options (1 to 2).'),
    );
    expect(read(times, '16:00', 'rescheduleBooking')).toEqual(value('16:00'));
    expect(read(times, '4pm', 'rescheduleBooking')).toEqual(value('16:00'));
    expect(read(times, '5pm', 'rescheduleBooking')).toEqual(
      problem('Please reply with one of the options (1 to 2).'),
    );
  });
});

describe('readAnswer: missing_value', () => {
  it('cannot set a value of an action or parameter the registry no longer has', () => {
    expect(read(missing('party_size'), '12', 'retiredAction')).toEqual(
      problem('That value can no longer be set.'),
    );
    expect(read(missing('table_number'), '12', 'updateGuestCount')).toEqual(
      problem('That value can no longer be set.'),
    );
  });

  it('reads a date, and asks which one when the answer could mean several', () => {
    expect(read(missing('date'), 'Saturday', 'rescheduleBooking')).toEqual(value('2026-03-14'));
    expect(read(missing('date'), 'next Saturday', 'rescheduleBooking')).toEqual(
      problem('That answer could mean 2026-03-14 or 2026-03-21; which one?'),
    );
    expect(read(missing('date'), '3pm', 'rescheduleBooking')).toEqual(
      problem('I could not read that answer as a date for the date.'),
    );
  });

  it('reads a time as HH:MM, and names the parameter when it cannot', () => {
    expect(read(missing('start_time'), '3pm', 'rescheduleBooking')).toEqual(value('15:00'));
    expect(read(missing('start_time'), 'Saturday at 3pm', 'rescheduleBooking')).toEqual(value('15:00'));
    expect(read(missing('start_time'), 'whenever', 'rescheduleBooking')).toEqual(
      problem('I could not read that answer as a time for the start time.'),
    );
    expect(read(missing('start_time'), 'Saturday', 'rescheduleBooking')).toEqual(
      problem('I could not read that answer as a time for the start time.'),
    );
  });

  it('reads a datetime only from an answer that says both a date and a time', () => {
    const startsAt = missing('starts_at');
    const unread = problem('I could not read that answer as a datetime for the starts at.');
    expect(read(startsAt, 'whenever', EVENT_ACTION)).toEqual(unread);
    expect(read(startsAt, '3pm', EVENT_ACTION)).toEqual(unread);
    expect(read(startsAt, 'Saturday', EVENT_ACTION)).toEqual(unread);
    // Both said: the venue's Saturday 14 March at 15:00 (AEDT, UTC+11) as the 001 UTC datetime.
    expect(read(startsAt, 'Saturday at 3pm', EVENT_ACTION)).toEqual(value('2026-03-14T04:00:00Z'));
  });

  it('sends a datetime answer as the UTC instant of that day and time on the venue’s clock, in any timezone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Australia/Sydney', 'America/New_York', 'UTC', 'Asia/Kolkata', 'Pacific/Auckland'),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(0, 15, 30, 45),
        (timeZone, hour, minute) => {
          // Prepare: no clock change on Saturday 14 March 2026 in these zones.
          const hhmm = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          // Act
          const reading = readAnswer(missing('starts_at'), `Saturday at ${hhmm}`, EVENT_ACTION, registry, {
            ...when,
            timeZone,
          });
          // Assess: valid for the 001 schema, and the venue reads back the day and time it was told.
          expect(reading.ok).toBe(true);
          const instant = DateTime.fromISO(reading.ok ? reading.value : '', { zone: 'utc' });
          expect(reading.ok && reading.value.endsWith('Z')).toBe(true);
          expect(instant.setZone(timeZone).toFormat("yyyy-MM-dd'T'HH:mm")).toBe(`2026-03-14T${hhmm}`);
        },
      ),
    );
  });

  it('asks again, without guessing, for a datetime the clocks skip or pass twice at the venue', () => {
    const startsAt = missing('starts_at');
    const clocks = (time: string) =>
      problem(
        `The clocks change at ${time} that day in the venue's timezone, so it is not one moment. Which time do you mean?`,
      );
    // Sydney: forward at 02:00 on Sun 4 Oct 2026, back at 03:00 on Sun 5 Apr 2026.
    expect(read(startsAt, 'Sunday 4 October at 02:30', EVENT_ACTION)).toEqual(clocks('02:30'));
    expect(read(startsAt, 'Sunday 5 April at 02:30', EVENT_ACTION)).toEqual(clocks('02:30'));
    expect(read(startsAt, 'Sunday 5 April at 04:00', EVENT_ACTION)).toEqual(value('2026-04-04T18:00:00Z'));
  });

  it('reads a yes/no parameter as a boolean', () => {
    const notify = missing('notify_guest');
    expect(read(notify, 'yes please', EVENT_ACTION)).toEqual(value('true'));
    expect(read(notify, 'no', EVENT_ACTION)).toEqual(value('false'));
    expect(read(notify, 'maybe', EVENT_ACTION)).toEqual(
      problem('I could not read that answer as a boolean for the notify guest.'),
    );
  });

  it('reads an enum value whatever its case, and lists the values otherwise', () => {
    expect(read(missing('channel'), 'SMS', 'sendBookingConfirmation')).toEqual(value('sms'));
    expect(read(missing('channel'), 'email', 'sendBookingConfirmation')).toEqual(value('email'));
    expect(read(missing('channel'), 'fax', 'sendBookingConfirmation')).toEqual(
      problem('The channel must be one of: email, sms.'),
    );
  });

  it('passes a free-text answer on as typed, checked against the parameter’s schema', () => {
    expect(read(missing('text'), 'Window table, 2 high chairs', 'addBookingNote')).toEqual(
      value('Window table, 2 high chairs'),
    );
    expect(read(missing('phone'), 'call me', 'updateContactDetails')).toEqual(
      problem('That is not a valid phone.'),
    );
  });

  it('reads the one number an answer says, decimals included, and checks it against the schema', () => {
    expect(read(missing('amount'), '12.50 dollars', 'refundBooking')).toEqual(value('12.5'));
    expect(read(missing('party_size'), 'twenty  one guests', 'updateGuestCount')).toEqual(value('21'));
    expect(read(missing('party_size'), '500', 'updateGuestCount')).toEqual(
      problem('That is not a valid party size.'),
    );
    expect(read(missing('party_size'), '3pm', 'updateGuestCount')).toEqual(
      problem('I could not read that answer as a number for the party size.'),
    );
  });

  it('never reads two different numbers as one, whatever separates them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom(',', '-', '/', ' or ', '&'),
        (a, b, separator) => {
          fc.pre(a !== b);
          expect(read(missing('party_size'), `${a}${separator}${b}`, 'updateGuestCount')).toEqual(
            problem('I could not read that answer as a number for the party size.'),
          );
        },
      ),
    );
  });
});
