import { ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { bookingDataJson } from '../../lib/contracts/booking-data-block.ts';
import { contactHintOf, isContactSearch } from '../../lib/planner/contact-hints.ts';
import { demoBookings, FakeBookingApi } from './support/fake-booking-api.ts';
import { expectKind, lastInputOf, plannerHarness } from './support/planner-harness.ts';

/** The demo venue, with Sarah Smith's contact details made distinct so a phone or email search finds her alone. */
function venueWithSarah() {
  const bookings = demoBookings().map((b) =>
    b.booking_id === 'bk_1045' ? { ...b, phone: '+61 433 610 552', email: 'sarah.smith@harbour.example' } : b,
  );
  return new FakeBookingApi(bookings);
}

function searchThenAsk(searchText: string) {
  return fakeModel()
    .respondWithTools([{ name: 'searchBookings', args: { search_text: searchText }, id: 'c1' }])
    .respondWithTools([
      {
        name: 'ask_clarification',
        id: 'c2',
        args: { question: 'What should change on the booking?', missing: 'action' },
      },
    ]);
}

/** The search result the model read after its first call, as JSON text and parsed. */
function searchResultFedTo(model: ReturnType<typeof fakeModel>) {
  const fed = lastInputOf(model, 1) as ToolMessage;
  expect(ToolMessage.isInstance(fed)).toBe(true);
  const text = bookingDataJson(fed.text);
  return { text, data: JSON.parse(text) as { bookings: Record<string, unknown>[] } };
}

/** Issue 33: a booking found by phone or email can be checked against what the user gave, never by the full value. */
describe('createPlanner: contact hints in search results', () => {
  it('shows the last three digits of the phone of a match found by phone, never the number', async () => {
    // Prepare
    const api = venueWithSarah();
    const model = searchThenAsk('610 552');
    const h = plannerHarness({ model, bookingApi: api });

    // Act
    expectKind(await h.send('The booking under 0433 610 552'), 'clarification');

    // Assess
    const { text, data } = searchResultFedTo(model);
    expect(data.bookings).toHaveLength(1);
    expect(data.bookings[0]).toMatchObject({
      booking_id: 'bk_1045',
      contact_hint: { phone: '•••• 552', email: 's•••@harbour.example' },
    });
    expect(text).not.toContain('610 552');
    expect(text).not.toContain('433610552');
    expect(text).not.toContain('sarah.smith@');
  });

  it('shows the masked email of a match found by email', async () => {
    // Prepare
    const model = searchThenAsk('sarah.smith@harbour');
    const h = plannerHarness({ model, bookingApi: venueWithSarah() });

    // Act
    expectKind(await h.send('Find sarah.smith@harbour.example'), 'clarification');

    // Assess
    const { text, data } = searchResultFedTo(model);
    expect(data.bookings[0]?.contact_hint).toEqual({ phone: '•••• 552', email: 's•••@harbour.example' });
    expect(text).not.toContain('sarah.smith@');
  });

  it('reads no booking for a search by name or reference (their matches are checked by what they show)', async () => {
    // Prepare
    const api = venueWithSarah();
    const model = searchThenAsk('BK-1045');
    const h = plannerHarness({ model, bookingApi: api });

    // Act
    expectKind(await h.send('Look at BK-1045'), 'clarification');

    // Assess
    expect(api.callsOf('getBooking')).toEqual([]);
    expect(searchResultFedTo(model).data.bookings[0]).not.toHaveProperty('contact_hint');
  });
});

describe('contact hints', () => {
  it.each([
    ['0433 610 552', true],
    ['sarah@', true],
    ['BK-1045', false],
    ['Sarah Smith', false],
    ['Smith 552', true],
  ])('isContactSearch(%j) is %s', (text, expected) => {
    // Act / Assess
    expect(isContactSearch(text)).toBe(expected);
  });

  it('keeps no more than the last three digits and the first letter of the email', () => {
    // Act
    const hint = contactHintOf({ phone: '(312) 555-0142', email: 'Jo.Nguyen@example.com' });

    // Assess
    expect(hint).toEqual({ phone: '•••• 142', email: 'J•••@example.com' });
  });
});
