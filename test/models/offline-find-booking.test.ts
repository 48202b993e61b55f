import { describe, expect, it } from 'vitest';
import { nameFit } from '../../lib/models/offline/name-match.ts';
import { nameSpansIn, numberedReferencesIn, ownerSpansIn } from '../../lib/models/offline/name-spans.ts';
import { narrowBookings } from '../../lib/models/offline/narrow-bookings.ts';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import type { ActionCall, ActionOutcome } from '../../lib/ports/booking-api.ts';
import { type FakeBooking, FakeBookingApi } from '../planner/support/fake-booking-api.ts';
import { expectKind, plannerHarness } from '../planner/support/planner-harness.ts';

/** A booking of the unit venue (today Wednesday 11 March 2026): 13 March is a Friday, 16 March a Monday. */
function booking(
  id: string,
  guest: string,
  date: string,
  time: string,
  product: 'room' | 'laser',
): FakeBooking {
  return {
    booking_id: id,
    booking_reference: `BK-${id.replace(/\D/g, '').padStart(4, '0')}`,
    guest_name: guest,
    email: `${id}@example.com`,
    phone: '+61 412 555 019',
    date,
    start_time: time,
    product_id: product === 'room' ? 'prod_party_room' : 'prod_laser_tag',
    product_name: product === 'room' ? 'Birthday Party Room' : 'Laser Tag Arena',
    party_size: 6,
    status: 'confirmed',
    version: 1,
  };
}

/** Names the demo fixture does not have: a surname alone, a hyphenated one, and one shared by two bookings. */
function venueBookings(): FakeBooking[] {
  return [
    booking('bk_201', 'Tomasz Wisniewski', '2026-03-13', '11:00', 'laser'),
    booking('bk_202', 'Priya Raman', '2026-03-13', '13:00', 'room'),
    booking('bk_203', 'Anna Smith-Jones', '2026-03-16', '10:00', 'room'),
    booking('bk_204', 'Wei Chen', '2026-03-13', '15:00', 'room'),
    booking('bk_205', 'Lucy Chen', '2026-03-16', '11:00', 'laser'),
  ];
}

/** Like the booking API, the search also finds a booking by its reference's number ("5012" finds BK-5012). */
class ReferenceNumberApi extends FakeBookingApi {
  override async invoke(call: ActionCall): Promise<ActionOutcome> {
    const text = String(call.args.search_text ?? '');
    if (call.action.action_id !== 'searchBookings' || !/^\d+$/.test(text)) return super.invoke(call);
    this.calls.push({ action_id: 'searchBookings', args: call.args, token: call.token });
    const found = this.bookings.filter((b) => b.booking_reference.replace(/\D/g, '').includes(text));
    const bookings = found.map(({ email: _e, phone: _p, version: _v, ...item }) => item);
    return { ok: true, status: 200, data: { bookings } };
  }
}

function offline() {
  const api = new ReferenceNumberApi(venueBookings());
  return { api, ...plannerHarness({ model: new OfflinePlannerModel(), bookingApi: api }) };
}

describe('OfflinePlannerModel: the booking the operator means (issue 30)', () => {
  it.each([
    ['wisniewski laser tag - make it 11 guests', 'bk_201'],
    [
      'hi team, hope all is well! quick one: raman birthday is growing, can we make it 11 guests please? ta',
      'bk_202',
    ],
    ['smith-jones booking, 11 guests now', 'bk_203'],
    ['hello! 11 guests now on the lucy chen laser session please', 'bk_205'],
  ])('"%s" finds the booking from a name in lower case, without a request shape', async (message, id) => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send(message), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['updateGuestCount', { booking_id: id, party_size: 11 }],
    ]);
  });

  it.each([
    ['the chen party on monday is now 9 guests', 'bk_205'],
    ['chen laser tag, 9 guests now', 'bk_205'],
    ['the 3pm chen booking is now 9 guests', 'bk_204'],
  ])(
    '"%s": a surname two bookings share is made unique by the day, product or time said',
    async (message, id) => {
      // Prepare
      const h = offline();

      // Act
      const outcome = expectKind(await h.send(message), 'plan');

      // Assess
      expect(outcome.plan.actions.map((a) => a.parameters)).toEqual([{ booking_id: id, party_size: 9 }]);
    },
  );

  it.each([
    'the chen booking is now 9 guests',
    // The day a move asks for is the new date, not a description of the booking.
    'move the chen party to monday at 3pm',
  ])('"%s": still two bookings, so it asks with both as candidates', async (message) => {
    // Prepare
    const h = offline();

    // Act
    const question = expectKind(await h.send(message), 'clarification');

    // Assess
    expect(question.asks_for).toBe('booking');
    expect(question.candidates?.map((c) => c.booking_id).sort()).toEqual(['bk_204', 'bk_205']);
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });

  it('words that are only a product or a stray word pick no booking', async () => {
    // Prepare
    const h = offline();

    // Act
    const question = expectKind(await h.send('laser tag arena is now 9 guests'), 'clarification');

    // Assess
    expect(question.asks_for).toBe('booking');
    expect(question.candidates ?? []).toEqual([]);
  });

  it.each([
    'ref 0203: 11 guests now please',
    'booking #0203 is now 11 guests',
    'could you update booking number 0203 to 11 guests',
  ])('"%s" finds the booking by its reference number', async (message) => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send(message), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => a.parameters)).toEqual([{ booking_id: 'bk_203', party_size: 11 }]);
  });

  it('finds the booking named in the clause a note is made of', async () => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(
      await h.send('wisniewski group needs a high chair, add that to the notes'),
      'plan',
    );

    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters.booking_id])).toEqual([
      ['addBookingNote', 'bk_201'],
    ]);
  });

  it('reads the day and product of an answer to "which booking?" as the booking, not as its new date', async () => {
    // Prepare: two Chens; the question offers both.
    const h = offline();
    const asked = expectKind(await h.send('move the chen booking to saturday at 3pm'), 'clarification');
    expect(asked.asks_for).toBe('booking');

    // Act: the answer names the booking by its own day (Friday 13 March) and product.
    const outcome = expectKind(await h.send('the one on friday, party room'), 'plan');

    // Assess: Wei Chen's booking moves to the Saturday asked for, not to Friday.
    expect(outcome.plan.actions.map((a) => a.parameters)).toEqual([
      { booking_id: 'bk_204', date: '2026-03-14', start_time: '15:00' },
    ]);
  });

  it('reads a name and a product searched together in vain word by word ("the chen laser booking")', async () => {
    // Act
    const outcome = expectKind(
      await offline().send('move the chen laser booking to saturday at 3pm'),
      'plan',
    );

    // Assess: Lucy Chen's laser tag session, the one Chen booking of that product.
    expect(outcome.plan.actions.map((a) => a.parameters)).toEqual([
      { booking_id: 'bk_205', date: '2026-03-14', start_time: '15:00' },
    ]);
  });

  it('never reads one word of a name searched in vain as another guest ("Lucy Tan" is not Lucy Chen)', async () => {
    // Act
    const outcome = expectKind(await offline().send('make it 8 guests for lucy tan please'), 'clarification');

    // Assess
    expect(outcome.asks_for).toBe('booking');
  });

  it('searches the candidate spans in one round of lookups', async () => {
    // Prepare
    const h = offline();

    // Act
    await h.send('please bump wisniewski up to 11 guests');

    // Assess
    const texts = h.api.callsOf('searchBookings').map((c) => c.args.search_text);
    expect(texts).toContain('wisniewski');
    expect(h.api.maxInFlight).toBeGreaterThan(1);
  });
});

describe('nameFit', () => {
  it.each([
    ['chen', 'Wei Chen', 'exact'],
    ["o'brien", "Declan O'Brien", 'exact'],
    ['obrien', "Declan O'Brien", 'exact'],
    ['smith-jones', 'Anna Smith-Jones', 'exact'],
    ['jones', 'Anna Smith-Jones', 'exact'],
    ['zoe', 'Zoë Hart', 'exact'],
    ['wisnewski', 'Tomasz Wisniewski', 'close'],
    ['jon smth', 'John Smith', 'close'],
    ['the okafors', 'Ben Okafor', undefined],
    ['okafors', 'Ben Okafor', 'close'],
  ] as const)('"%s" fits "%s": %s', (span, name, fit) => {
    expect(nameFit(span, name)).toBe(fit);
  });

  it.each([
    ['tan', 'Jan Smith'],
    ['chen', 'Cheng Li'],
    ['tom', 'Tomasz Wisniewski'],
    ['laser', 'Tomasz Wisniewski'],
    ['smith', undefined],
  ])('"%s" does not fit "%s"', (span, name) => {
    expect(nameFit(span, name)).toBeUndefined();
  });
});

describe('nameSpansIn', () => {
  it('gives the runs of words that may be a name, longest first, without everyday words', () => {
    expect(nameSpansIn('hi there, could greta schmidt laser tag sat move to 3pm? thanks')).toEqual([
      'greta schmidt',
      'schmidt laser',
      'laser tag',
      'greta',
      'schmidt',
      'laser',
      'tag',
    ]);
  });

  it('ends a run at a possessive and leaves out references, emails and skipped words', () => {
    expect(nameSpansIn("okafor's laser, BK-1042, ana@example.com, note: nikau", ['nikau'])).toEqual([
      'okafor',
      'laser',
    ]);
  });
});

describe('narrowBookings', () => {
  const chens = [
    {
      booking_id: 'a',
      guest_name: 'Lily Chen',
      date: '2026-12-06',
      start_time: '15:00',
      product_name: 'Party Room',
    },
    {
      booking_id: 'b',
      guest_name: 'David Chen',
      date: '2026-12-12',
      start_time: '13:00',
      product_name: 'Laser Tag',
    },
  ];

  it.each([
    ['the Chen party room booking is now 9 guests', ['a']],
    ['the chen party is now 9 guests', ['a', 'b']],
    ['the chen laser booking is now 9 guests', ['b']],
    ['the chen booking on saturday the 12th is now 9 guests', ['b']],
    ['the party one', ['a']],
    ['the laser tag one', ['b']],
    ['the other one', ['a', 'b']],
    // The venue's today (6 December here) and tomorrow describe a booking's day.
    ['the chen booking today - they are now 9', ['a']],
    ['the chen one tomorrow, 9 guests', ['a', 'b']],
  ])('"%s" keeps %j', (text, ids) => {
    // Act
    const kept = narrowBookings(
      chens,
      text,
      { intents: ['guest_count'], partySize: 9 },
      'en-US',
      '2026-12-06',
    );

    // Assess
    expect(kept.map((b) => b.booking_id)).toEqual(ids);
  });
  it('reads a product word with its ending: "climbing" is Clip \'n Climb', () => {
    // Prepare
    const walshes = [
      {
        booking_id: 'c',
        guest_name: 'Liam Walsh',
        date: '2026-12-06',
        start_time: '11:00',
        product_name: "Clip 'n Climb",
      },
      {
        booking_id: 'd',
        guest_name: 'Liam Walsh',
        date: '2026-12-13',
        start_time: '11:00',
        product_name: 'Soft Play',
      },
    ];
    // Act
    const kept = narrowBookings(
      walshes,
      "Liam Walsh's climbing session, can it go to 3pm?",
      { intents: ['reschedule'], timePhrase: '3pm' },
      'en-GB',
    );
    // Assess
    expect(kept.map((b) => b.booking_id)).toEqual(['c']);
  });
});

describe('numberedReferencesIn', () => {
  it('reads a reference said by its number, never a count or a time', () => {
    expect(numberedReferencesIn('ref 5012, booking #5013 and booking number 5014')).toEqual([
      '5012',
      '5013',
      '5014',
    ]);
    expect(numberedReferencesIn('booking 120 guests at 10:30, party of 150')).toEqual([]);
  });
});

describe('ownerSpansIn', () => {
  it('reads whose booking a clause speaks of', () => {
    expect(ownerSpansIn('Garcia party needs wheelchair access')).toEqual(['Garcia']);
    expect(ownerSpansIn('Needs wheelchair access')).toEqual([]);
  });
});
