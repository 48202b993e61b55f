import { fc, test } from '@fast-check/vitest';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type AIMessageChunk } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import { describe, expect, it } from 'vitest';
import { unaskedCarriedSteps } from '../../lib/planner/gate/carried-step-guard.ts';
import { DECLINED_MESSAGE } from '../../lib/planner/record-outcome.ts';
import type { RequestOutcome } from '../../lib/planner/request-outcome.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
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
  phone: {
    says: 'the phone for BK-1042 is 0412 555 777',
    step: { action_id: 'updateContactDetails', parameters: { phone: '0412 555 777' } },
    planned: {
      action_id: 'updateContactDetails',
      parameters: { booking_id: 'bk_1042', phone: '+61412555777' },
    },
  },
  // A step that sets nothing but its booking: the change is the step itself (it once had no fingerprint at all).
  cancel: {
    says: 'cancel BK-1042',
    step: { action_id: 'cancelBooking', parameters: {} },
    planned: { action_id: 'cancelBooking', parameters: { booking_id: 'bk_1042' } },
  },
} as const;
type Change = keyof typeof CHANGES;

/**
 * An adversarial planner model: whatever the user says, it proposes every change the session ever asked for
 * (declined, superseded or not), the way a model that reads the whole history might, merging the changes of one
 * action into one step (a refused email beside a new phone). Only code stands between it and a plan that brings
 * a declined change back.
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
    const merged = new Map<string, Record<string, string>>();
    for (const c of new Set(this.asked())) {
      const { action_id, parameters } = CHANGES[c].step;
      merged.set(action_id, { ...(merged.get(action_id) ?? { booking_id: 'bk_1042' }), ...parameters });
    }
    const steps = [...merged].map(([action_id, values]) => ({ action_id, parameters: params(values) }));
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

  it.each([
    ['declined', true],
    ['superseded', false],
  ])(
    'a %s cancellation (a step that sets nothing but its booking) does not come back beside a new email',
    async (_how, refuse) => {
      // Prepare
      const s = session();
      expect(plannedSteps(await s.ask('cancel'))).toEqual([CHANGES.cancel.planned]);
      if (refuse) await s.refuse();

      // Act: the model proposes the cancellation again beside the email.
      const outcome = await s.ask('email');

      // Assess
      expect(plannedSteps(outcome)).toEqual([CHANGES.email.planned]);
    },
  );

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

  it('a pending contact change carried on by "also" is planned without a new question (the history masks it)', async () => {
    // Prepare: a move, turned down for a phone change; the stored history masks the phone the user typed, so only
    // the pending plan still holds it.
    const s = session();
    await s.ask('reschedule');
    await s.ask('phone', "that's not right, ");

    // Act
    const outcome = await s.ask('reschedule', 'also ');

    // Assess: found by the property (seed -250886921): "Did you also want me to update contact details?".
    expect(plannedSteps(outcome)).toEqual([CHANGES.reschedule.planned, CHANGES.phone.planned]);
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
type Turn = { kind: 'ask'; change: Change; prefix: Prefix } | { kind: 'refuse' };

/** Openers that add to the pending plan, correct it, or turn it down while asking for something else. */
const ADDING = ['also '] as const;
const PLAIN = ['', 'actually, '] as const;
const REFUSING = [
  'no, ',
  'nope — ',
  'hmm no, not that. ',
  'no wait, leave it as it was. ',
  "that's not right, ",
  'keep the date and the time. ',
] as const;
type Prefix = (typeof ADDING)[number] | (typeof PLAIN)[number] | (typeof REFUSING)[number];

const turnArb: fc.Arbitrary<Turn> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('ask' as const),
      change: fc.constantFrom(...(Object.keys(CHANGES) as Change[])),
      prefix: fc.constantFrom<Prefix>(...ADDING, ...PLAIN, ...REFUSING),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'refuse' as const }) },
);

/**
 * The values a plan sets, one `action|booking|parameter=value` per parameter (merged steps compare value by value),
 * and one `action|booking|(whole step)` for a step that sets nothing but its booking (a cancellation).
 */
function valuesOf(steps: readonly { action_id: string; parameters: Readonly<Record<string, unknown>> }[]) {
  return new Set(
    steps.flatMap((s) => {
      const set = Object.entries(s.parameters).filter(([name]) => name !== 'booking_id');
      const target = `${s.action_id}|${String(s.parameters.booking_id)}`;
      if (set.length === 0) return [`${target}|(whole step)`];
      return set.map(([name, value]) => `${target}|${name}=${JSON.stringify(value)}`);
    }),
  );
}

const wantedValues = (changes: readonly Change[]) => valuesOf(changes.map((c) => CHANGES[c].planned));

describe('issue 30: property over multi-turn sessions', () => {
  test.prop([fc.array(turnArb, { minLength: 1, maxLength: 6 })], { numRuns: 40 })(
    'every plan shown, and the plan left to confirm, holds only values still wanted: none of a declined or superseded plan unless the last message states it',
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
        // A user turns down only a plan they were shown: with none pending, a refusing opener is left out.
        const refusing = (REFUSING as readonly string[]).includes(turn.prefix);
        const refuses = refusing && pending.length > 0;
        const outcome = await s.ask(turn.change, refusing && !refuses ? '' : turn.prefix);
        // A message that turns the pending plan down keeps only what it states; one that adds ("also") or asks
        // again for a step of the pending plan (same action, same booking) amends it; any other supersedes it.
        const sameStep = pending.some(
          (c) => CHANGES[c].step.action_id === CHANGES[turn.change].step.action_id,
        );
        const amends = !refuses && (turn.prefix === 'also ' || sameStep);
        const wanted = amends ? [...new Set([...pending, turn.change])] : [turn.change];
        // Assess: the values planned are exactly those of the changes still wanted, nothing declined or dropped.
        expect(valuesOf(plannedSteps(outcome))).toEqual(wantedValues(wanted));
        pending = wanted;
      }
      // Assess: the plan a "yes" would confirm now carries exactly the values still wanted.
      const confirmable = (await s.h.planStore.listBySession('session-1')).filter(
        (p) => p.status === 'pending_confirmation',
      );
      expect(valuesOf(confirmable.flatMap((p) => p.actions))).toEqual(wantedValues(pending));
    },
    180_000,
  );
});

describe('issue 30: a step on the booking an earlier step makes stands and falls with that step', () => {
  const registry = loadCompiledRegistry();
  const create = (size: number) => ({
    action_id: 'createBooking',
    parameters: {
      product_id: 'prod_party_room',
      date: '2026-03-14',
      start_time: '10:00',
      party_size: size,
      guest_name: 'Ana Lee',
    },
  });
  const link = { action_id: 'createPaymentLink', parameters: { booking_id: '{{step_1.booking_id}}' } };
  const guard = (message: string, proposed: ReturnType<typeof create>) =>
    unaskedCarriedSteps({
      steps: [
        { step_number: 1, ...proposed },
        { step_number: 2, ...link },
      ],
      pending: [create(4), link],
      message,
      registry,
      bookings: new Map(),
      bookingFields: new Set(['party_size']),
      locale: 'en-AU',
    });

  it('an amended new booking keeps its payment link ("make it 5 people")', () => {
    expect(guard('make it 5 people', create(5))).toEqual([]);
  });

  it('the payment link of a booking on a named booking is its own change: a new request drops it', () => {
    // Act
    const dropped = unaskedCarriedSteps({
      steps: [
        { step_number: 1, action_id: 'createPaymentLink', parameters: { booking_id: 'bk_1042' } },
        {
          step_number: 2,
          action_id: 'updateGuestCount',
          parameters: { booking_id: 'bk_1042', party_size: 9 },
        },
      ],
      pending: [{ action_id: 'createPaymentLink', parameters: { booking_id: 'bk_1042' } }],
      message: 'make BK-1042 9 guests',
      registry,
      bookings: new Map(),
      bookingFields: new Set(['party_size']),
      locale: 'en-AU',
    });

    // Assess
    expect(dropped.map((d) => [d.step.action_id, d.parameters])).toEqual([['createPaymentLink', undefined]]);
  });
});
