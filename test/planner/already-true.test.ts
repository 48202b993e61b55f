import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { expectKind, params, plannerHarness } from './support/planner-harness.ts';

const guestCount = (id: string, bookingId: string, size: string) => ({
  name: 'propose_plan',
  id,
  args: {
    intent_summary: `Change ${bookingId} to ${size} guests`,
    steps: [
      { action_id: 'updateGuestCount', parameters: params({ booking_id: bookingId, party_size: size }) },
    ],
  },
});

describe('issue 30: a request that changes nothing', () => {
  it('says what is already true, as a refusal, with no plan and no repair round', async () => {
    // Prepare: BK-1045 (Sarah Smith) already has 15 guests.
    const model = fakeModel().respondWithTools([guestCount('c1', 'bk_1045', '15')]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send('make BK-1045 15 guests'), 'clarification');

    // Assess
    expect(outcome.question).toBe(
      'BK-1045 (Sarah Smith) already has party size 15. Nothing needs to change. Is there anything else?',
    );
    expect(outcome.reply_type).toBe('declined');
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
    expect(model.calls).toHaveLength(1);
  });
});
