import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { receiveAnswerNode } from '../../lib/executor/graph/receive-answer-node.ts';
import { contextVenue, planVenue } from '../../lib/executor/plan-venue.ts';
import { observationMessage } from '../../lib/executor/step/observation.ts';
import { runStep } from '../../lib/executor/step/run-step.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import type { PlannedCall } from '../../lib/ports/execution-log.ts';
import { freshWorld } from '../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../support/executor-plans.ts';
import { nodeContext } from '../support/graph-context.ts';
import { aGraphState, readable } from '../support/graph-states.ts';
import { bookingRead, type Script, stepRig } from '../support/step-run-rig.ts';
import { useMemoryExecutorStack } from '../support/use-memory-executor-stack.ts';

const stack = useMemoryExecutorStack();

const CONFIG = { VENUE_TIMEZONE: 'Australia/Sydney', VENUE_LOCALE: 'en-AU' };

describe('planVenue (issue 27)', () => {
  it('reads a plan in the timezone and locale it was planned under, whatever the config says', () => {
    // Act
    const venue = planVenue({ venue_timezone: 'America/Chicago', venue_locale: 'en-US' }, CONFIG);

    // Assess
    expect(venue).toEqual({ timeZone: 'America/Chicago', locale: 'en-US' });
  });

  it('reads an older plan without them in the config venue, as it was planned then', () => {
    // Act
    const venue = planVenue({}, CONFIG);

    // Assess
    expect(venue).toEqual({ timeZone: 'Australia/Sydney', locale: 'en-AU' });
  });

  it("gives a step context's plan venue, else the config's", () => {
    // Prepare
    const deps = { config: CONFIG };

    // Act
    const withPlan = contextVenue({ deps, venue: { timeZone: 'America/Chicago', locale: 'en-US' } });
    const without = contextVenue({ deps });

    // Assess
    expect(withPlan).toEqual({ timeZone: 'America/Chicago', locale: 'en-US' });
    expect(without).toEqual({ timeZone: 'Australia/Sydney', locale: 'en-AU' });
  });
});

/**
 * The executor's argument rules read a date the model re-formats in the plan's locale: "12/5/2026" is the
 * confirmed 5 December for a plan made at an en-US venue, but 12 May (a changed value, refused) in the en-AU
 * config of the deployment, which is all an older plan has.
 */
describe('runStep reads the model’s dates in the plan’s locale, not the config’s', () => {
  const MOVED = { booking_id: 'bk_1042', date: '2026-12-05', start_time: '14:00', version: 4 };
  const api: Script = (call) =>
    call.action.action_id === 'getBooking'
      ? bookingRead({ date: '2026-11-27', start_time: '11:00' })
      : { ok: true, status: 200, data: MOVED };

  it('sends the confirmed 5 December for a plan planned at an en-US venue', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.reschedule('2026-12-05', '14:00')], api, {
      plan: { venue_timezone: 'America/Chicago', venue_locale: 'en-US' },
    });

    // Act
    const run = await runStep(rig.ctx, rig.state, 1, {
      booking_id: 'bk_1042',
      date: '12/5/2026',
      start_time: '14:00',
    });

    // Assess
    expect(run.outcome.kind).toBe('succeeded');
    expect(rig.calls.find((c) => c.action_id === 'rescheduleBooking')?.args).toMatchObject({
      date: '2026-12-05',
    });
  });

  it('refuses the same words for an older plan, read in the en-AU config as 12 May', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.reschedule('2026-12-05', '14:00')], api);

    // Act
    const run = await runStep(rig.ctx, rig.state, 1, {
      booking_id: 'bk_1042',
      date: '12/5/2026',
      start_time: '14:00',
    });

    // Assess
    expect(run.outcome.kind).toBe('refused');
    expect(rig.calls.map((c) => c.action_id)).not.toContain('rescheduleBooking');
  });
});

/**
 * A blocking-prompt answer is read on the plan's venue clock: just after midnight UTC, "tomorrow" is 23 November
 * for a plan made at the Chicago venue (still the 22nd there) and 24 November in the Sydney config, and "12/5" is
 * 5 December in its en-US order.
 */
describe('receive_answer reads the answer on the plan’s venue clock, not the config’s', () => {
  const CHICAGO = { venue_timezone: 'America/Chicago', venue_locale: 'en-US' };

  async function answerRead(answer: string, venue: Partial<StoredPlan>): Promise<unknown> {
    const world = await freshWorld(stack);
    const plan = await world.seed(
      aConfirmedPlan(
        [
          {
            action_id: 'rescheduleBooking',
            parameters: { booking_id: 'bk_1042', date: null, start_time: '15:00' },
          },
        ],
        { status: 'executing', blocking_answer: answer, ...venue },
      ),
    );
    await world.sessions.claimBlockingSlot(plan.session_id, plan.plan_id);
    const { ctx } = nodeContext(world, plan, fakeModel(), { clock: fixedClock('2026-11-23T00:30:00Z') });
    const ask: PlannedCall = {
      tool_call_id: 'ask-1',
      name: 'ask_user',
      kind: 'ask',
      question: 'Which date?',
      ask_kind: 'missing_value',
      parameter: 'date',
      step_number: 1,
      re_asks: 0,
    };
    const update = await readable(receiveAnswerNode(ctx))(aGraphState({ plan, pending: [ask] }));
    return update.messages;
  }

  it.each([
    ['tomorrow', CHICAGO, '2026-11-23'],
    ['tomorrow', {}, '2026-11-24'],
    ['12/5', CHICAGO, '2026-12-05'],
  ])('reads %j for a plan with %j as %s', async (answer, venue, date) => {
    // Act
    const messages = await answerRead(answer, venue);

    // Assess
    expect(messages).toEqual([observationMessage('ask-1', 'ask_user', { status: 'answered', answer: date })]);
  });
});
