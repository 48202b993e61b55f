import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import type { ExecutorDeps } from '../../../lib/executor/executor-deps.ts';
import { MAX_REASKS, receiveAnswerNode } from '../../../lib/executor/graph/receive-answer-node.ts';
import { NEW_REQUEST_MESSAGE } from '../../../lib/executor/graph/scope-check.ts';
import { observationMessage } from '../../../lib/executor/step/observation.ts';
import type { StoredPlan } from '../../../lib/plans/stored-plan.ts';
import { fixedClock } from '../../../lib/ports/clock.ts';
import type { PlannedCall } from '../../../lib/ports/execution-log.ts';
import { freshWorld } from '../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';
import { nodeContext } from '../../support/graph-context.ts';
import { aGraphState, calls, readable } from '../../support/graph-states.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

const stack = useMemoryExecutorStack();

const QUESTION = 'How many guests?';
const NOT_A_NUMBER = 'I could not read that answer as a number for the party size.';
const askFor = (overrides: Partial<Extract<PlannedCall, { kind: 'ask' }>> = {}): PlannedCall => ({
  tool_call_id: 'ask-1',
  name: 'ask_user',
  kind: 'ask',
  question: QUESTION,
  ask_kind: 'missing_value',
  parameter: 'party_size',
  step_number: 1,
  re_asks: 0,
  ...overrides,
});

/** A plan waiting on its first step's question, with the user's answer stored (as the answer use case leaves it). */
async function answered(
  answer: string,
  pending: PlannedCall[],
  plan?: StoredPlan,
  overrides: Partial<ExecutorDeps> = {},
) {
  const world = await freshWorld(stack);
  const stored = await world.seed(
    plan ??
      aConfirmedPlan([steps.guestCount(null), steps.note('hi')], {
        status: 'executing',
        blocking_answer: answer,
      }),
  );
  await world.sessions.claimBlockingSlot(stored.session_id, stored.plan_id);
  const { ctx, events } = nodeContext(world, stored, fakeModel(), overrides);
  const update = await readable(receiveAnswerNode(ctx))(aGraphState({ plan: stored, pending }));
  return { world, events, update, plan: stored };
}

/** Node 'receive_answer': the stored answer, read against the question before it is used (issue 14). */
describe('executor graph: the receive_answer node', () => {
  it('uses a readable answer once: the question’s tool result, the other calls not run, the slot released', async () => {
    // Act
    const { world, events, update, plan } = await answered('sixteen guests', [askFor(), calls.deferred()]);

    // Assess
    const observations = [
      observationMessage('ask-1', 'ask_user', { status: 'answered', answer: '16' }),
      observationMessage('d1', 'addBookingNote', {
        status: 'not_run',
        reason: 'not run while waiting for the answer; call it again if it is still the next step',
      }),
    ];
    expect(update.messages).toEqual(observations);
    expect(update.pending).toEqual([]);
    expect(update.after_answer).toBe(true);
    expect(update.plan?.blocking_answer).toBeUndefined();
    expect((await world.reload(plan)).blocking_answer).toBeUndefined();
    const logged = await world.log.get(plan.plan_id);
    expect(logged?.pending).toEqual([]);
    expect(logged?.after_answer).toBe(true);
    expect(logged?.messages).toHaveLength(2);
    expect(await world.sessions.claimBlockingSlot(plan.session_id, 'another-plan')).toBe(true);
    expect(events).toEqual([
      { name: 'blocking_prompt_answered', attrs: { metadata: { plan_id: plan.plan_id } } },
    ]);
  });

  it('asks again, with what was wrong, an answer it cannot read; the slot stays claimed', async () => {
    // Act
    const { world, events, update, plan } = await answered('lots', [askFor({ re_asks: 1 })]);

    // Assess
    expect(update.outcome).toEqual({ kind: 'blocked' });
    expect(update.messages).toEqual([]);
    expect(update.pending).toEqual([askFor({ re_asks: 2 })]);
    expect((await world.log.get(plan.plan_id))?.pending).toEqual([askFor({ re_asks: 2 })]);
    const stored = await world.reload(plan);
    expect(stored.blocking_prompt).toBe(`${NOT_A_NUMBER} ${QUESTION}`);
    expect(stored.blocking_answer).toBeUndefined();
    expect(await world.sessions.claimBlockingSlot(plan.session_id, 'another-plan')).toBe(false);
    expect(events).toEqual([
      { name: 'blocking_prompt_reasked', attrs: { metadata: { plan_id: plan.plan_id, re_asks: 2 } } },
    ]);
  });

  it(`stops after ${MAX_REASKS} re-asks, saying how many tries and what was wrong`, async () => {
    // Act
    const { update, world, plan } = await answered('lots', [askFor({ re_asks: MAX_REASKS })]);

    // Assess
    expect(update).toEqual({
      outcome: {
        kind: 'failed',
        failure: {
          kind: 'answer_unusable',
          step_number: 1,
          message: `Step 1 needed an answer I could not use after 3 tries (${NOT_A_NUMBER}). Nothing more was changed; please start the request again.`,
        },
      },
    });
    expect(await world.log.get(plan.plan_id)).toBeUndefined();
  });

  it('fails as a new request when the answer names another booking, before reading it', async () => {
    // Act
    const { update } = await answered('16, and also BK-2077', [askFor()]);

    // Assess
    expect(update).toEqual({
      outcome: {
        kind: 'failed',
        failure: { kind: 'scope_changed', step_number: 1, message: NEW_REQUEST_MESSAGE },
      },
    });
  });

  it('stops on a "no" to a changed condition; a "yes" goes on', async () => {
    // Prepare
    const confirm = askFor({ ask_kind: 'confirm_change', parameter: undefined, question: 'Go ahead?' });

    // Act
    const no = await answered('no', [confirm]);
    const yes = await answered('yes', [confirm]);

    // Assess
    expect(no.update).toEqual({
      outcome: {
        kind: 'failed',
        failure: {
          kind: 'scope_changed',
          step_number: 1,
          message: 'You chose not to go ahead. Nothing more was changed.',
        },
      },
    });
    expect(yes.update.messages).toEqual([
      observationMessage('ask-1', 'ask_user', { status: 'answered', answer: 'yes' }),
    ]);
  });

  it('without a pending question the answer is passed on as written', async () => {
    // Act
    const { update } = await answered('16', []);

    // Assess
    expect(update.messages).toEqual([]);
    expect(update.after_answer).toBe(true);
  });

  it('names the open step when the answer names another booking after earlier steps succeeded', async () => {
    // Prepare
    const base = aConfirmedPlan([steps.note('a'), steps.guestCount(null)], {
      status: 'executing',
      blocking_answer: 'BK-2077 please',
    });
    const plan = {
      ...base,
      actions: base.actions.map((a, i) => (i === 0 ? { ...a, step_state: 'succeeded' as const } : a)),
    };

    // Act
    const { update } = await answered('BK-2077 please', [askFor({ step_number: 2 })], plan);

    // Assess
    expect(update.outcome).toMatchObject({ failure: { kind: 'scope_changed', step_number: 2 } });
  });

  it('reads a relative date in the venue’s time zone, from the clock', async () => {
    // Prepare: 14:05 UTC is already 21 November in Sydney.
    const plan = aConfirmedPlan(
      [
        {
          action_id: 'rescheduleBooking',
          parameters: { booking_id: 'bk_1042', date: null, start_time: '15:00' },
        },
      ],
      { status: 'executing', blocking_answer: 'tomorrow' },
    );
    const ask = askFor({ parameter: 'date', question: 'Which date?' });

    // Act
    const { update } = await answered('tomorrow', [ask], plan, {
      clock: fixedClock('2026-11-20T14:05:00.000Z'),
    });

    // Assess
    expect(update.messages).toEqual([
      observationMessage('ask-1', 'ask_user', { status: 'answered', answer: '2026-11-22' }),
    ]);
  });

  it('reads a missing answer as an empty one and asks again', async () => {
    // Prepare
    const plan = aConfirmedPlan([steps.guestCount(null)], { status: 'executing' });

    // Act
    const { world } = await answered('', [askFor()], plan);

    // Assess
    expect((await world.reload(plan)).blocking_prompt).toBe(`The answer was empty. ${QUESTION}`);
  });
});
