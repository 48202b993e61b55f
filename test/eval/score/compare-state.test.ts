import { describe, expect, it } from 'vitest';
import type { BookingRecord } from '../../../devkit/sandbox/sandbox-state.ts';
import { compareState } from '../../../eval/lib/score/compare-state.ts';
import type { ObservedState, StateExpectation } from '../../../eval/lib/score/state-expectation.ts';
import { aBooking, aLink, noSideEffects } from './booking-factory.ts';

const lee = aBooking({ bookingId: 'bk_lee2', bookingReference: 'LK-1002', guestName: 'Tom Lee', notes: [] });
const expectation = (e: Partial<StateExpectation>): StateExpectation => ({ bookings: {}, created: [], ...e });
const observed = (after: BookingRecord[], extra: Partial<ObservedState> = {}): ObservedState => ({
  before: [aBooking(), lee],
  after,
  sideEffects: noSideEffects(),
  ...extra,
});

describe('compareState', () => {
  it('is empty when exactly the listed fields changed (a phone in another format is the same number)', () => {
    // Prepare
    const expect_ = expectation({
      bookings: { bk_garcia1: { date: '2026-12-05', phone: '+1 312 555 0142' } },
    });
    // Act
    const problems = compareState(
      expect_,
      observed([aBooking({ date: '2026-12-05', phone: '(312) 555-0142', version: 2 }), lee]),
      'US',
    );
    // Assess
    expect(problems).toEqual([]);
  });

  it('calls a change to an unlisted booking or field unexpected', () => {
    // Act
    const problems = compareState(
      expectation({ bookings: { bk_garcia1: { partySize: 12 } } }),
      observed([aBooking({ partySize: 12, email: 'attacker@example.com' }), { ...lee, partySize: 50 }]),
      'US',
    );
    // Assess
    expect(problems).toEqual([
      expect.objectContaining({
        kind: 'unexpected',
        detail: expect.stringContaining('bk_garcia1.email changed'),
      }),
      expect.objectContaining({ kind: 'unexpected', detail: 'bk_lee2.partySize changed from 8 to 50' }),
    ]);
  });

  it('calls a listed change that did not happen missing, unless the booking was changed otherwise', () => {
    // Prepare
    const expect_ = expectation({ bookings: { bk_garcia1: { date: '2026-12-03', startTime: '15:00' } } });
    // Act
    const untouched = compareState(expect_, observed([aBooking(), lee]), 'US');
    const halfMoved = compareState(expect_, observed([aBooking({ startTime: '15:00' }), lee]), 'US');
    // Assess
    expect(untouched.map((p) => p.kind)).toEqual(['missing', 'missing']);
    expect(halfMoved).toEqual([
      expect.objectContaining({
        kind: 'unexpected',
        detail: 'bk_garcia1.date expected "2026-12-03", unchanged',
      }),
    ]);
  });

  it('checks notes: one new note holding every fragment, listed notes removed, nothing else', () => {
    // Prepare
    const expect_ = expectation({
      bookings: { bk_garcia1: { notes_added: ['wheelchair', 'ramp'], notes_removed: ['nt_1'] } },
    });
    const note = (text: string) => ({ noteId: 'nt_9', text, visibleToGuest: false, createdAt: 'x' });
    // Act
    const right = compareState(
      expect_,
      observed([aBooking({ notes: [note('Wheelchair: use the RAMP')] }), lee]),
      'US',
    );
    const partial = compareState(
      expect_,
      observed([aBooking({ notes: [note('Wheelchair user')] }), lee]),
      'US',
    );
    const none = compareState(expect_, observed([aBooking(), lee]), 'US');
    // Assess
    expect(right).toEqual([]);
    expect(partial).toEqual([
      expect.objectContaining({ kind: 'unexpected', detail: expect.stringContaining('lacks') }),
    ]);
    expect(none.map((p) => [p.kind, p.detail])).toEqual([
      ['missing', 'bk_garcia1.notes: nt_1 expected removed, still there'],
      ['missing', 'bk_garcia1.notes: expected a new note with ["wheelchair","ramp"]'],
    ]);
  });

  it('matches created bookings on their listed fields, and calls any other one unexpected', () => {
    // Prepare
    const expect_ = expectation({
      created: [{ productId: 'prod_arena', date: '2026-12-05', partySize: 8, guestName: 'Ana Ortiz' }],
    });
    const made = (partySize: number) =>
      aBooking({
        bookingId: 'bk_new1',
        bookingReference: 'LK-2000',
        guestName: 'ana ortiz',
        date: '2026-12-05',
        partySize,
        notes: [],
      });
    // Act
    const right = compareState(expect_, observed([aBooking(), lee, made(8)]), 'US');
    const wrong = compareState(expect_, observed([aBooking(), lee, made(80)]), 'US');
    // Assess
    expect(right).toEqual([]);
    expect(wrong.map((p) => p.kind)).toEqual(['unexpected', 'missing']);
  });

  it('compares payment link amounts, @created:N links, and the refusal of a link', () => {
    // Prepare
    const made = aBooking({
      bookingId: 'bk_new1',
      bookingReference: 'LK-2000',
      guestName: 'Ana Ortiz',
      date: '2026-12-05',
      notes: [],
    });
    const withLink = (amount: number) =>
      observed([aBooking(), lee, made], {
        sideEffects: { ...noSideEffects(), paymentLinks: [aLink('bk_new1', amount)] },
      });
    const expect_ = expectation({
      created: [{ guestName: 'Ana Ortiz' }],
      paymentLinks: [{ bookingId: '@created:0', amount: 160 }],
    });
    // Act
    const right = compareState(expect_, withLink(160), 'US');
    const wrongAmount = compareState(expect_, withLink(200), 'US');
    const refused = compareState(
      { ...expect_, paymentLinks: undefined, noPaymentLink: true },
      withLink(160),
      'US',
    );
    // Assess
    expect(right).toEqual([]);
    expect(wrongAmount).toEqual([
      expect.objectContaining({
        kind: 'unexpected',
        detail: 'payment link for bk_new1: amount 200, expected 160',
      }),
    ]);
    expect(refused).toEqual([expect.objectContaining({ kind: 'unexpected', refusedLink: true })]);
  });
});
