import { AIMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { freshWorld } from '../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

const stack = useMemoryExecutorStack();

const OBSERVATION =
  'Note for the operator: the email on file looks mistyped (priya.nair@exmaple.com). Please call +1 555 0100.';

/** A model turn that comments on the booking beside its tool call. */
const remarkingTurn = (id: string, name: string, args: Record<string, unknown>) =>
  new AIMessage({ content: OBSERVATION, tool_calls: [{ id, name, args, type: 'tool_call' }] });

/** ADR 0019: the executor has no voice; what the user reads after execution is written by code. */
describe('executor: the model’s remarks never reach the user', () => {
  it('completes as confirmed and keeps no trace of an observation the model wrote beside its calls', async () => {
    // Prepare: the old design (a model turn per step), so the model has a turn in which to remark.
    const world = await freshWorld(stack, { directSteps: false });
    const plan = await world.seed(
      aConfirmedPlan([steps.contact({ email: 'priya.nair@example.com' }), steps.guestCount(14)]),
    );
    const model = fakeModel()
      .respond(
        remarkingTurn('c1', 'updateContactDetails', {
          booking_id: 'bk_1042',
          email: 'priya.nair@example.com',
        }),
      )
      .respond(remarkingTurn('c2', 'updateGuestCount', { booking_id: 'bk_1042', party_size: 14 }));

    // Act
    await world.deliver(plan, model);

    // Assess: the stored plan (what GET /v1/plans/{id} returns) holds only code's texts.
    const done = await world.reload(plan);
    expect(model.callCount).toBe(2);
    expect(done.status).toBe('completed');
    expect(done.actions.map((s) => s.result?.response_data?.change_summary)).toEqual([
      'Booking BK-1042: Update contact details: email j***@example.com → p***@example.com',
      'Booking BK-1042: Update guest count: party size 12 → 14',
    ]);
    const stored = JSON.stringify(done);
    for (const fragment of ['mistyped', 'exmaple', '555 0100', 'Note for the operator'])
      expect(stored).not.toContain(fragment);
    expect(await world.log.get(plan.plan_id)).toBeUndefined();
  });
});
