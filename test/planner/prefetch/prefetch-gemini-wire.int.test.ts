import { afterEach, describe, expect, it } from 'vitest';
import { type GeminiStub, startGeminiStub } from '../../support/gemini-stub.ts';
import { geminiAt, shapeOf } from '../../support/gemini-stub-model.ts';
import { FakeBookingApi } from '../support/fake-booking-api.ts';
import { expectKind, params, plannerHarness } from '../support/planner-harness.ts';

let stub: GeminiStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

/** Issue 32: prefetched lookups reach Gemini as turns it accepts (the strict stub enforces its request rules). */
describe('prefetched lookups on the wire', () => {
  it('sends the search and availability as call/response turns after the user’s text, within Gemini’s rules', async () => {
    // Prepare
    stub = await startGeminiStub();
    stub.reply({
      functionCalls: [
        {
          name: 'propose_plan',
          id: 'g1',
          args: {
            steps: [
              {
                action_id: 'rescheduleBooking',
                parameters: params({ booking_id: 'bk_1045', date: 'Saturday', start_time: '3pm' }),
              },
            ],
          },
        },
      ],
    });
    const model = await geminiAt(stub, 'planner');
    const h = plannerHarness({ model, bookingApi: new FakeBookingApi(), config: { PLANNER_PREFETCH: true } });

    // Act
    const outcome = await h.send('Move BK-1045 to Saturday 3pm');

    // Assess
    expectKind(outcome, 'plan');
    expect(stub.violations).toEqual([]);
    expect(stub.requests).toHaveLength(1);
    expect(shapeOf(stub.requests[0]?.body)).toEqual([
      'user:text',
      'model:call(searchBookings)',
      'user:response(searchBookings)',
      'model:call(getAvailability)',
      'user:response(getAvailability)',
    ]);
  });
});
