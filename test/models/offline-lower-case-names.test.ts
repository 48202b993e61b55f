import { describe, expect, it } from 'vitest';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import { FakeBookingApi, NEXT_SATURDAY } from '../planner/support/fake-booking-api.ts';
import { expectKind, plannerHarness } from '../planner/support/planner-harness.ts';

/** Issue 30: operators type guest names in lower case; the booking API's search finds them. */
function offline() {
  const api = new FakeBookingApi();
  return { api, ...plannerHarness({ model: new OfflinePlannerModel(), bookingApi: api }) };
}

describe('OfflinePlannerModel: guest names as operators type them', () => {
  it.each([
    [
      "move sarah smith's booking to saturday at 3pm",
      { booking_id: 'bk_1045', date: NEXT_SATURDAY, start_time: '15:00' },
    ],
    [
      'hi there, could you please move john tan to saturday at 3pm? thanks',
      { booking_id: 'bk_1043', date: NEXT_SATURDAY, start_time: '15:00' },
    ],
    ['change the okafor booking to 9 guests', { booking_id: 'bk_1044', party_size: 9 }],
    ['aisha khan is now 10 guests', { booking_id: 'bk_1046', party_size: 10 }],
  ])('"%s" is planned for the guest it names', async (message, parameters) => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send(message), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => a.parameters)).toEqual([parameters]);
    expect(h.api.calls.some((c) => c.action_id === 'searchBookings')).toBe(true);
  });

  it('a lower-case word that names no guest is a question, never a guess', async () => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send('move the zanzibar booking to saturday at 3pm'), 'clarification');

    // Assess
    expect(outcome.asks_for).toBe('booking');
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });
});
