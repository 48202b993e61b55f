import { describe, expect, it } from 'vitest';
import { guestNamesIn, MAX_NAME_TRIES } from '../../lib/models/offline/guest-names.ts';
import { noteTextOf } from '../../lib/models/offline/note-text.ts';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import { decideOfflineCall } from '../../lib/models/offline/offline-policy.ts';
import type { OfflineConversation } from '../../lib/models/offline/read-conversation.ts';
import { onlyWithdraws } from '../../lib/models/offline/request-cues.ts';
import type { ActionCall, ActionOutcome } from '../../lib/ports/booking-api.ts';
import { FakeBookingApi, NEXT_SATURDAY } from '../planner/support/fake-booking-api.ts';
import { expectKind, plannerHarness } from '../planner/support/planner-harness.ts';

/**
 * Issue 30: the offline model reads requests as operators type them: names in any case and with typos inside
 * polite messages, notes derived from the request, two contact fields at once, every way of taking it back.
 */

/** A booking API whose search forgives a typo per word, as the real one's fuzzy search does. */
class FuzzySearchApi extends FakeBookingApi {
  override async invoke(call: ActionCall): Promise<ActionOutcome> {
    if (call.action.action_id !== 'searchBookings') return super.invoke(call);
    this.calls.push({ action_id: 'searchBookings', args: call.args, token: call.token });
    const text = String(call.args.search_text).toLowerCase();
    const words = text.split(/\s+/);
    const found = this.bookings.filter((b) => {
      const name = b.guest_name.toLowerCase().split(/\s+/);
      const named = words.every((w) => name.some((n) => editDistance(w, n) <= 1));
      return named || b.booking_reference.toLowerCase() === text;
    });
    const bookings = found.map(({ email: _e, phone: _p, version: _v, ...item }) => item);
    return { ok: true, status: 200, data: { bookings } };
  }
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j] as number;
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] as number;
}

function offline() {
  const api = new FuzzySearchApi();
  return { api, ...plannerHarness({ model: new OfflinePlannerModel(), bookingApi: api }) };
}

describe('OfflinePlannerModel: guest names anywhere in a long polite message', () => {
  it.each([
    [
      'Hello, I was wondering whether it would be possible to change the guest count for john okafor to 9, many thanks',
      { booking_id: 'bk_1044', party_size: 9 },
    ],
    [
      'Good morning! Quick one for you - AISHA KHAN rang and needs to move to saturday at 3pm, cheers',
      { booking_id: 'bk_1046', date: NEXT_SATURDAY, start_time: '15:00' },
    ],
    [
      "hi team, hope you're all well. could you please move jon smth's booking to saturday at 3pm? thanks heaps",
      { booking_id: 'bk_1042', date: NEXT_SATURDAY, start_time: '15:00' },
    ],
    [
      'Morning all, just letting you know sara smyth is now 18 guests. Kind regards',
      { booking_id: 'bk_1045', party_size: 18 },
    ],
  ])('"%s" is planned for the guest it names, found by the search', async (message, parameters) => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send(message), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => a.parameters)).toEqual([parameters]);
    expect(h.api.callsOf('searchBookings').length).toBeGreaterThan(0);
  });

  it('searches the next word that may be a name when the first finds no booking', () => {
    // Prepare: "Aisha Khan" found no booking this turn; "Tom" may be the name instead.
    const conv: OfflineConversation = {
      current: 'Tom here, could you move the booking for aisha khan to Saturday',
      earlier: [],
      aiCount: 1,
      searches: new Map([['Aisha Khan', []]]),
      details: new Map(),
      locale: 'en-AU',
      lastSearch: { searchText: 'Aisha Khan', bookings: [] },
    };
    const tools = { names: new Set(['searchBookings']), planActions: new Set(['rescheduleBooking']) };

    // Act
    const call = decideOfflineCall(conv, tools);

    // Assess
    expect(call).toEqual({ name: 'searchBookings', args: { search_text: 'Tom' } });
  });

  it('searches its own reading of the name when a search it did not choose found nothing', () => {
    // Prepare: the planner searched "Mrs Nguyen" before the first call (issue 32's prefetch); nothing matched.
    const conv: OfflineConversation = {
      current: "Mrs Nguyen's party is now 9",
      earlier: [],
      aiCount: 1,
      searches: new Map([['Mrs Nguyen', []]]),
      details: new Map(),
      locale: 'en-AU',
      lastSearch: { searchText: 'Mrs Nguyen', bookings: [] },
    };
    const tools = { names: new Set(['searchBookings']), planActions: new Set(['updateGuestCount']) };

    // Act
    const call = decideOfflineCall(conv, tools);

    // Assess
    expect(call).toEqual({ name: 'searchBookings', args: { search_text: 'Nguyen' } });
  });

  it('does not try names once the reference it was given found nothing', () => {
    // Prepare
    const conv: OfflineConversation = {
      current: 'Please move BK-2001 for Tom to Saturday at 3pm',
      earlier: [],
      aiCount: 1,
      searches: new Map([['BK-2001', []]]),
      details: new Map(),
      locale: 'en-AU',
      lastSearch: { searchText: 'BK-2001', bookings: [] },
    };
    const tools = { names: new Set(['searchBookings']), planActions: new Set(['rescheduleBooking']) };

    // Act
    const call = decideOfflineCall(conv, tools);

    // Assess
    expect(call).toMatchObject({ name: 'ask_clarification', args: { missing: 'booking' } });
  });

  it('a message naming no one the search knows is a question, never a plan', async () => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(
      await h.send('Hi there, could you please move the booking for zed zebra to saturday at 3pm, thanks'),
      'clarification',
    );

    // Assess
    expect(outcome.asks_for).toBe('booking');
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });
});

describe('OfflinePlannerModel: a note derived from the request', () => {
  it.each([
    ['BK-1045 needs wheelchair access, add that to the notes', 'Needs wheelchair access'],
    [
      "sarah smith's booking: she needs wheelchair access, can you add that to the notes please",
      'she needs wheelchair access',
    ],
    ['BK-1046 needs a high chair. Can you note that down?', 'Needs a high chair'],
    ['BK-1046 please note they are bringing a cake', 'they are bringing a cake'],
  ])('"%s" adds the note "%s", in the user\'s own words', async (message, text) => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send(message), 'plan');

    // Assess: the gate let it through, and the note's words are the user's.
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters.text])).toEqual([
      ['addBookingNote', text],
    ]);
    expect(message.toLowerCase()).toContain(text.toLowerCase());
  });

  it('asks for the note when the words point back at nothing', async () => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send('BK-1046, add that to the notes'), 'clarification');

    // Assess
    expect(outcome.question).toBe('What should the note on BK-1046 (Aisha Khan) say?');
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });
});

describe('OfflinePlannerModel: two contact fields in one message', () => {
  it.each([
    ['BK-1045', 'change her email to x@y.com and phone to 0412 345 678'],
    [
      'Hi, could you please update the contact details for sarah smith',
      'her email is now x@y.com and her mobile is 0412.345.678. Many thanks',
    ],
  ])('"%s" then "%s" is one plan with both', async (first, second) => {
    // Prepare
    const h = offline();
    await h.send(first);

    // Act
    const outcome = expectKind(await h.send(second), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['updateContactDetails', { booking_id: 'bk_1045', email: 'x@y.com', phone: '+61412345678' }],
    ]);
  });
});

describe('OfflinePlannerModel: every common way of changing one’s mind', () => {
  it.each([
    'scratch that',
    'never mind',
    'forget it',
    'leave it as is',
    "actually don't",
    'cancel that request',
    'forget about it mate',
    "Actually don't change anything",
    'please disregard',
    'leave the booking as is',
    "Scratch that - don't move it",
  ])('"%s" leaves no plan to confirm', async (message) => {
    // Prepare
    const h = offline();
    const first = expectKind(await h.send('Move BK-1045 to Saturday at 3pm'), 'plan');

    // Act
    const outcome = expectKind(await h.send(message), 'clarification');

    // Assess
    expect(outcome.reply_type).toBe('cancelled');
    expect((await h.planStore.get(first.plan.plan_id))?.status).toBe('cancelled');
    expect(await h.planStore.listBySession('session-1')).toHaveLength(1);
  });

  it('reads a withdrawal only when nothing else is asked', () => {
    // Act / Assess
    expect(onlyWithdraws('forget about it mate')).toBe(true);
    expect(onlyWithdraws("don't forget the cake")).toBe(false);
    expect(onlyWithdraws('never mind the time, make it 14')).toBe(false);
    expect(onlyWithdraws('leave it as it was, thanks')).toBe(true);
    expect(onlyWithdraws('no, cancel the booking instead')).toBe(false);
  });
});

describe('guestNamesIn', () => {
  it('reads the name whatever its case, and never a greeting or courtesy', () => {
    // Act / Assess
    expect(guestNamesIn('Hello, could you move the booking for john okafor to Friday, many thanks')).toEqual([
      'John Okafor',
    ]);
    expect(guestNamesIn('Good morning! AISHA KHAN rang, she needs 10 now')).toEqual(['Aisha Khan']);
    expect(guestNamesIn('Just had a call from mateo garcia, they need 2pm')).toEqual(['Mateo Garcia']);
    expect(guestNamesIn('Hi there, thanks so much, hope you are well')).toEqual([]);
  });

  it('gives further candidates best first, at most three', () => {
    // Act
    const names = guestNamesIn('Tom here, could you move the booking for aisha khan to Saturday');

    // Assess
    expect(names).toEqual(['Aisha Khan', 'Tom']);
    expect(guestNamesIn('Ann Lee, Bo Chan, Cy Dunn and Di Eno').length).toBeLessThanOrEqual(MAX_NAME_TRIES);
  });
});

describe('noteTextOf', () => {
  it('takes the clause the note instruction points back at, or none', () => {
    // Act / Assess
    expect(noteTextOf('BK-1045 needs wheelchair access, add that to the notes')).toBe(
      'Needs wheelchair access',
    );
    expect(noteTextOf('Hi! she is coeliac - please pop that in the notes, thanks')).toBe('She is coeliac');
    expect(noteTextOf('Add a note to RZ-1: two kids have a nut allergy')).toBe('two kids have a nut allergy');
    expect(noteTextOf('Thanks, add that to the notes')).toBeUndefined();
  });
});
