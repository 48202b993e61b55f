import { fc, test } from '@fast-check/vitest';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type AIMessageChunk } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import { describe, expect, it } from 'vitest';
import { DECLINED_MESSAGE } from '../../lib/planner/record-outcome.ts';
import type { RequestOutcome } from '../../lib/planner/request-outcome.ts';
import { expectKind, params, plannerHarness } from './support/planner-harness.ts';

/** The changes a session can ask for on BK-1042, each with what the user types and the normalised step. */
const CHANGES = {
  reschedule: {
    says: 'move BK-1042 to Saturday at 3pm',
    step: { action_id: 'rescheduleBooking', parameters: { date: 'Saturday', start_time: '3pm' } },
    planned: {
      action_id: 'rescheduleBooking',
      parameters: { booking_id: 'bk_1042', date: '2026-03-14', start_time: '15:00' },
    },
  },
  guests: {
    says: 'make BK-1042 14 guests',
    step: { action_id: 'updateGuestCount', parameters: { party_size: '14' } },
    planned: { action_id: 'updateGuestCount', parameters: { booking_id: 'bk_1042', party_size: 14 } },
  },
  email: {
    says: 'update the email on BK-1042 to john.new@example.com',
    step: { action_id: 'updateContactDetails', parameters: { email: 'john.new@example.com' } },
    planned: {
      action_id: 'updateContactDetails',
      parameters: { booking_id: 'bk_1042', email: 'john.new@example.com' },
    },
  },
} as const;
type Change = keyof typeof CHANGES;

/**
 * An adversarial planner model: whatever the user says, it proposes every change the session ever asked for
 * (declined, superseded or not), the way a model that reads the whole history might. Only code stands between it
 * and a plan that brings a declined change back.
 */
class EverythingEverAskedModel extends BaseChatModel {
  private calls = 0;

  constructor(private readonly asked: () => readonly Change[]) {
    super({});
  }

  _llmType(): string {
    return 'everything-ever-asked';
  }

  override bindTools(): Runnable<BaseLanguageModelInput, AIMessageChunk> {
    return this as unknown as Runnable<BaseLanguageModelInput, AIMessageChunk>;
  }

  async _generate(): Promise<ChatResult> {
    this.calls += 1;
    const steps = [...new Set(this.asked())].map((c) => ({
      action_id: CHANGES[c].step.action_id,
      parameters: params({ booking_id: 'bk_1042', ...CHANGES[c].step.parameters }),
    }));
    const message = new AIMessage({
      content: '',
      tool_calls: [
        { name: 'propose_plan', id: `p${this.calls}`, args: { intent_summary: 'Change BK-1042', steps } },
      ],
    });
    return { generations: [{ message, text: '' }] };
  }
}

/** A session driven turn by turn: the model proposes every change asked so far. */
function session() {
  const asked: Change[] = [];
  const h = plannerHarness({ model: new EverythingEverAskedModel(() => asked) });
  return {
    h,
    async ask(change: Change, prefix = ''): Promise<RequestOutcome> {
      asked.push(change);
      return h.send(`${prefix}${CHANGES[change].says}`);
    },
    refuse: () => h.send('n'),
  };
}

const plannedSteps = (outcome: RequestOutcome) =>
  expectKind(outcome, 'plan').plan.actions.map((a) => ({ action_id: a.action_id, parameters: a.parameters }));

describe('issue 30: a declined step never comes back', () => {
  it('declined reschedule, then a guest count on the same booking: the plan holds the guest count only', async () => {
    // Prepare
    const s = session();
    expect(plannedSteps(await s.ask('reschedule'))).toEqual([CHANGES.reschedule.planned]);
    expect(expectKind(await s.refuse(), 'clarification').question).toBe(DECLINED_MESSAGE);

    // Act
    const outcome = await s.ask('guests');

    // Assess
    expect(plannedSteps(outcome)).toEqual([CHANGES.guests.planned]);
    const declined = (await s.h.planStore.listBySession('session-1')).find(
      (p) => p.actions[0]?.action_id === 'rescheduleBooking',
    );
    expect(declined?.status).toBe('cancelled');
  });

  it('a plan not confirmed is superseded by a new request that does not amend it', async () => {
    // Prepare
    const s = session();
    await s.ask('reschedule');

    // Act
    const outcome = await s.ask('guests');

    // Assess
    expect(plannedSteps(outcome)).toEqual([CHANGES.guests.planned]);
  });

  it('"also …" amends the pending plan: both changes stay', async () => {
    // Prepare
    const s = session();
    await s.ask('reschedule');

    // Act
    const outcome = await s.ask('guests', 'also ');

    // Assess
    expect(plannedSteps(outcome)).toEqual([CHANGES.reschedule.planned, CHANGES.guests.planned]);
  });

  it('a correction that asks for something else replaces the pending plan ("actually, just …")', async () => {
    // Prepare
    const s = session();
    await s.ask('reschedule');

    // Act
    const outcome = await s.ask('guests', 'actually, just ');

    // Assess
    expect(plannedSteps(outcome)).toEqual([CHANGES.guests.planned]);
  });

  it('a superseded change stays out of a later "also" plan unless the user states it again', async () => {
    // Prepare
    const s = session();
    await s.ask('reschedule');
    await s.ask('guests');

    // Act
    const outcome = await s.ask('email', 'also ');

    // Assess
    expect(plannedSteps(outcome)).toEqual([CHANGES.guests.planned, CHANGES.email.planned]);
  });

  it('a declined change the user asks for again is planned', async () => {
    // Prepare
    const s = session();
    await s.ask('reschedule');
    await s.refuse();

    // Act
    const outcome = await s.ask('reschedule', 'ok, ');

    // Assess
    expect(plannedSteps(outcome)).toEqual([CHANGES.reschedule.planned]);
  });

  it('only the declined change in the proposal: a question, no plan', async () => {
    // Prepare
    const asked: Change[] = ['reschedule'];
    const h = plannerHarness({ model: new EverythingEverAskedModel(() => asked) });
    await h.send(CHANGES.reschedule.says);
    await h.send('no');

    // Act
    const outcome = expectKind(await h.send('go on then'), 'clarification');

    // Assess
    expect(outcome.question).toMatch(/^I left out the change you declined earlier \(reschedule booking\)/);
    expect(
      (await h.planStore.listBySession('session-1')).filter((p) => p.status === 'pending_confirmation'),
    ).toEqual([]);
  });
});

/** One turn of a generated session. */
type Turn = { kind: 'ask'; change: Change; prefix: '' | 'also ' | 'actually, ' } | { kind: 'refuse' };

const turnArb: fc.Arbitrary<Turn> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('ask' as const),
      change: fc.constantFrom(...(Object.keys(CHANGES) as Change[])),
      prefix: fc.constantFrom('' as const, 'also ' as const, 'actually, ' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'refuse' as const }) },
);

describe('issue 30: property over multi-turn sessions', () => {
  test.prop([fc.array(turnArb, { minLength: 1, maxLength: 6 })], { numRuns: 30 })(
    'every plan shown holds exactly the changes still wanted: asked since they were last declined or superseded',
    async (turns) => {
      // Prepare: the oracle tracks the pending plan as the user sees it.
      const s = session();
      let pending: Change[] = [];
      for (const turn of turns) {
        // Act
        if (turn.kind === 'refuse') {
          const outcome = await s.refuse();
          // Assess: a refusal never leaves a confirmable plan.
          if (pending.length > 0)
            expect(expectKind(outcome, 'clarification').question).toBe(DECLINED_MESSAGE);
          pending = [];
          continue;
        }
        const outcome = await s.ask(turn.change, turn.prefix);
        // A message that adds ("also") or asks again for a change of the pending plan amends it; any other request
        // supersedes it.
        const amends = turn.prefix === 'also ' || pending.includes(turn.change);
        const wanted = amends ? [...new Set([...pending, turn.change])] : [turn.change];
        // Assess: the values planned are exactly those of the changes still wanted, nothing declined or dropped.
        const planned = plannedSteps(outcome);
        expect(new Set(planned.map((p) => JSON.stringify(p)))).toEqual(
          new Set(wanted.map((c) => JSON.stringify(CHANGES[c].planned))),
        );
        pending = wanted;
      }
    },
    120_000,
  );
});
