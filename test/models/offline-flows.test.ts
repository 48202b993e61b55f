import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { countFor, pickNote } from '../../lib/models/offline/build-step.ts';
import { NOT_NAMES } from '../../lib/models/offline/extract-slots.ts';
import {
  asksCancel,
  asksNoteRemoval,
  channelOf,
  noteTextOf,
  unsupportedIn,
} from '../../lib/models/offline/intent-cues.ts';
import { decideOfflineCall } from '../../lib/models/offline/offline-policy.ts';
import { productIn } from '../../lib/models/offline/plan-new-booking.ts';
import type { OfflineConversation } from '../../lib/models/offline/read-conversation.ts';
import { splitByBooking } from '../../lib/models/offline/split-by-booking.ts';
import { capabilityList } from '../../lib/registry/capability-list.ts';

const TOOLS = {
  names: new Set(['searchBookings', 'getBooking', 'listProducts']),
  planActions: new Set([
    'searchBookings',
    'getBooking',
    'listProducts',
    'cancelBooking',
    'createBooking',
    'createPaymentLink',
    'rescheduleBooking',
  ]),
};

function conversation(current: string, more: Partial<OfflineConversation> = {}): OfflineConversation {
  return {
    current,
    earlier: [],
    aiCount: 0,
    searches: new Map(),
    details: new Map(),
    locale: 'en-AU',
    ...more,
  };
}

describe('capabilityList', () => {
  it('words the registry ids, in order, without duplicates', () => {
    // Act
    const list = capabilityList(['rescheduleBooking', 'cancelBooking', 'cancelBooking', 'send_confirmation']);

    // Assess
    expect(list).toBe('reschedule booking, cancel booking and send confirmation');
  });
});

describe('countFor', () => {
  test.prop([fc.integer({ min: 1, max: 100 }), fc.integer({ min: -20, max: 20 })])(
    'relative wording yields current ± N, a total yields N',
    (current, delta) => {
      // Act
      const relative = countFor({ intents: [], partyDelta: delta }, current);
      const total = countFor({ intents: [], partySize: current }, current + delta);

      // Assess
      expect(relative).toBe(current + delta);
      expect(total).toBe(current);
    },
  );

  test.prop([fc.integer({ min: 1, max: 100 })])(
    'an unclear count, or a change without the current one, is none',
    (n) => {
      // Act / Assess
      expect(countFor({ intents: [], partySize: n, countUnclear: true }, n)).toBeUndefined();
      expect(countFor({ intents: [], partyDelta: n }, undefined)).toBeUndefined();
    },
  );
});

describe('pickNote', () => {
  const notes = [
    { note_id: 'n1', text: 'Cake arriving at 11' },
    { note_id: 'n2', text: 'Needs two high chairs' },
  ];

  it('picks the note whose words the message shares, else the only one, else none', () => {
    // Act / Assess
    expect(pickNote(notes, 'Remove the high chairs note')?.note_id).toBe('n2');
    expect(pickNote(notes, 'Delete the note')).toBeUndefined();
    expect(pickNote([notes[0] as (typeof notes)[number]], 'Delete the note')?.note_id).toBe('n1');
  });
});

describe('intent cues', () => {
  it.each([
    ['Cancel RZ-1', true],
    ["Kaia can't make it at all", true],
    ['Remove the cake note from RZ-1', false],
  ])('asksCancel("%s") is %s', (text, expected) => {
    expect(asksCancel(text)).toBe(expected);
  });

  it('reads the note, the channel and what the service never does', () => {
    expect(noteTextOf('Add a note to RZ-1: two kids have a nut allergy')).toBe('two kids have a nut allergy');
    expect(channelOf('Text her the booking details')).toBe('sms');
    expect(channelOf('Email the confirmation again')).toBe('email');
    expect(unsupportedIn('Refund RZ-1 please')).toMatch(/refunds can't be made here/);
    expect(unsupportedIn('Move everyone booked on Sunday to Monday')).toMatch(/not every booking/);
    expect(unsupportedIn('Move RZ-1 to Sunday')).toBeUndefined();
    // A delete said of a note named before it removes the note, not the booking.
    expect(unsupportedIn("the cake note on RZ-1 isn't needed any more, please delete it")).toBeUndefined();
    expect(unsupportedIn('delete RZ-1, they are not coming')).toMatch(/can't be deleted/);
    // A note said to go is a removal, however it is said.
    expect(
      asksNoteRemoval("the wheelchair note isn't needed anymore, grandma can't come. can you take it off?"),
    ).toBe(true);
    expect(asksNoteRemoval("Archie's gluten free note can go, they've sorted their own food")).toBe(true);
    expect(asksNoteRemoval('add a note: the cake can go in the fridge')).toBe(false);
  });
});

describe('splitByBooking', () => {
  it('gives each booking its own change, and a bare one the change said right after it', () => {
    // Act
    const parts = splitByBooking('Move AB-123 and CD-456 to Saturday, 12:30', NOT_NAMES);

    // Assess
    expect(parts?.map((p) => [p.key, p.slots.datePhrase, p.slots.timePhrase, p.slots.intents])).toEqual([
      ['AB-123', 'Saturday, 12:30', 'Saturday, 12:30', ['reschedule']],
      ['CD-456', 'Saturday, 12:30', 'Saturday, 12:30', ['reschedule']],
    ]);
  });

  it('never lends a later clause about another booking to a bare one', () => {
    // Act
    const parts = splitByBooking('Ana Lee and Bo Kim are together now — make Bo Kim 11', NOT_NAMES);

    // Assess
    expect(parts?.find((p) => p.key === 'Ana Lee')?.slots.partySize).toBeUndefined();
    expect(parts?.find((p) => p.key === 'Bo Kim')?.slots.partySize).toBe(11);
  });
});

describe('productIn', () => {
  const products = [
    { product_id: 'p1', name: 'Open Jump', session_times: [] },
    { product_id: 'p2', name: 'Little Jumpers', session_times: [] },
    { product_id: 'p3', name: 'Intro to Climbing', session_times: [] },
  ];

  it('picks the product the words share most, and none on a tie', () => {
    expect(productIn('a climbing taster for 3', products)?.product_id).toBe('p3');
    expect(productIn('a jumping session', products)).toBeUndefined();
  });
});

describe('decideOfflineCall: the seeds’ other flows', () => {
  it('cancels a found booking, and declines one already cancelled', () => {
    // Prepare
    const found = (status: string) =>
      new Map([['RZ-1', [{ booking_id: 'bk_1', booking_reference: 'RZ-1', guest_name: 'Ana Lee', status }]]]);
    const search = (status: string) => ({ searchText: 'RZ-1', bookings: found(status).get('RZ-1') ?? [] });

    // Act
    const live = decideOfflineCall(conversation('Cancel RZ-1', { lastSearch: search('confirmed') }), TOOLS);
    const gone = decideOfflineCall(conversation('Cancel RZ-1', { lastSearch: search('cancelled') }), TOOLS);

    // Assess
    expect(live).toEqual({
      name: 'propose_plan',
      args: { steps: [{ action_id: 'cancelBooking', parameters: [{ name: 'booking_id', value: 'bk_1' }] }] },
    });
    expect(gone.name).toBe('decline');
    expect(gone.args.message).toMatch(/already cancelled.*I can cancel booking, create booking/);
  });

  it('books a new reservation from the venue’s products, and asks when the guest count is missing', () => {
    // Prepare
    const products = [{ product_id: 'p1', name: 'Open Jump', session_times: ['10:30'] }];

    // Act
    const lookup = decideOfflineCall(
      conversation('Book open jump for 4 on Saturday at 10:30 for Ana Lee'),
      TOOLS,
    );
    const plan = decideOfflineCall(
      conversation('Book open jump for 4 on Saturday at 10:30 for Ana Lee', { products }),
      TOOLS,
    );
    const question = decideOfflineCall(
      conversation('Book open jump on Saturday at 10:30 for Ana Lee', { products }),
      TOOLS,
    );

    // Assess
    expect(lookup).toEqual({ name: 'listProducts', args: {} });
    const steps = plan.args.steps as Array<{
      action_id: string;
      parameters: { name: string; value: string }[];
    }>;
    expect(steps.map((s) => s.action_id)).toEqual(['createBooking', 'createPaymentLink']);
    expect(Object.fromEntries(steps[0]?.parameters.map((p) => [p.name, p.value]) ?? [])).toEqual({
      product_id: 'p1',
      // The user's words, passed on whole for the planner's resolver.
      date: 'Saturday at 10:30',
      start_time: 'Saturday at 10:30',
      party_size: '4',
      guest_name: 'Ana Lee',
    });
    expect(question.args.missing).toBe('guest_count');
  });

  it.each([
    'Book open jump for 4 on Saturday at 10:30 for Ana Lee, no payment link please',
    'Book open jump for 4 on Saturday at 10:30 for Ana Lee without a payment link',
    "Book open jump for 4 on Saturday at 10:30 for Ana Lee, don't send a pay link",
  ])('plans no payment link when the operator says not to: "%s" (issue 30)', (message) => {
    // Prepare
    const products = [{ product_id: 'p1', name: 'Open Jump', session_times: ['10:30'] }];

    // Act
    const plan = decideOfflineCall(conversation(message, { products }), TOOLS);

    // Assess
    const steps = plan.args.steps as Array<{ action_id: string }>;
    expect(steps.map((s) => s.action_id)).toEqual(['createBooking']);
  });

  it('still plans the link for "don\'t forget the payment link"', () => {
    const products = [{ product_id: 'p1', name: 'Open Jump', session_times: ['10:30'] }];
    const message = "Book open jump for 4 on Saturday at 10:30 for Ana Lee and don't forget the payment link";
    const plan = decideOfflineCall(conversation(message, { products }), TOOLS);
    const steps = plan.args.steps as Array<{ action_id: string }>;
    expect(steps.map((s) => s.action_id)).toEqual(['createBooking', 'createPaymentLink']);
  });

  it('passes a new guest’s phone on as typed, and asks about one that is no number in the venue’s country', () => {
    // Prepare (issue 30)
    const products = [{ product_id: 'p1', name: 'Open Jump', session_times: ['10:30'] }];
    const request = (phone: string, locale: string) =>
      conversation(`Book open jump for 4 on Saturday at 10:30 — Samira Haddad, ${phone}`, {
        products,
        locale,
      });

    // Act
    const plan = decideOfflineCall(request('027 808 1122', 'en-NZ'), TOOLS);
    const question = decideOfflineCall(request('027 8081', 'en-NZ'), TOOLS);

    // Assess
    const steps = plan.args.steps as Array<{ parameters: { name: string; value: string }[] }>;
    expect(steps[0]?.parameters).toContainEqual({ name: 'phone', value: '027 808 1122' });
    expect(question).toEqual({
      name: 'ask_clarification',
      args: {
        missing: 'contact_details',
        question:
          'The phone number “027 8081” is not a complete, valid phone number in New Zealand. What phone number should I use for the Open Jump booking?',
      },
    });
  });

  it('searches by the email that names the booking', () => {
    // Act
    const call = decideOfflineCall(conversation('Cancel the booking under ana@example.com'), TOOLS);

    // Assess
    expect(call).toEqual({ name: 'searchBookings', args: { search_text: 'ana@example.com' } });
  });
});
