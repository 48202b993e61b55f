import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { demoBookings, FakeBookingApi } from './support/fake-booking-api.ts';
import { expectKind, params, plannerHarness } from './support/planner-harness.ts';

/** The unit venue with BK-1043 in `status`: a booking that can no longer change (the sandbox's rule). */
function venueWith(status: string): FakeBookingApi {
  return new FakeBookingApi(demoBookings().map((b) => (b.booking_id === 'bk_1043' ? { ...b, status } : b)));
}

/** A model that finds BK-1043, then proposes `action_id` on it. */
function proposing(action_id: string, values: Record<string, string>) {
  return fakeModel()
    .respondWithTools([{ name: 'searchBookings', args: { search_text: 'BK-1043' }, id: 'c1' }])
    .respondWithTools([
      {
        name: 'propose_plan',
        id: 'c2',
        args: {
          intent_summary: 'Change BK-1043',
          steps: [{ action_id, parameters: params({ booking_id: 'bk_1043', ...values }) }],
        },
      },
    ]);
}

describe('issue 30: a change to a booking that is over is declined, never planned', () => {
  it.each([
    ['completed', 'updateGuestCount', { party_size: '10' }, 'BK-1043 has 2 more now'],
    ['completed', 'cancelBooking', { reason: 'customer request' }, 'cancel BK-1043'],
    ['cancelled', 'updateGuestCount', { party_size: '10' }, 'BK-1043 has 2 more now'],
  ])('a %s booking: %s is answered with why, and no plan', async (status, action, values, message) => {
    // Prepare
    const h = plannerHarness({ model: proposing(action, values), bookingApi: venueWith(status) });

    // Act
    const outcome = expectKind(await h.send(message), 'clarification');

    // Assess
    expect(outcome.question).toBe(
      `BK-1043 (John Tan) is ${status}, and a ${status} booking can't be changed or restored here. I can make a new booking instead, or change another booking.`,
    );
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });
});
