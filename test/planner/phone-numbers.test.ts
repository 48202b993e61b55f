import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import { demoBookings, FakeBookingApi } from './support/fake-booking-api.ts';
import { expectKind, params, plannerHarness, systemPromptOf } from './support/planner-harness.ts';

/** The offline model (the default without a key) through the real planner, in an AU or a US venue. */
function offline(venue: 'AU' | 'US' = 'AU') {
  const config =
    venue === 'US' ? { VENUE_LOCALE: 'en-US', VENUE_TIMEZONE: 'America/Chicago' } : { VENUE_LOCALE: 'en-AU' };
  const api = new FakeBookingApi(demoBookings());
  return plannerHarness({ model: new OfflinePlannerModel(), bookingApi: api, config });
}

/** A scripted model that proposes one contact update with this phone value, as Gemini might copy it. */
function proposing(phone: string) {
  return fakeModel().respondWithTools([
    {
      name: 'propose_plan',
      id: 'c1',
      args: {
        steps: [{ action_id: 'updateContactDetails', parameters: params({ booking_id: 'bk_1045', phone }) }],
      },
    },
  ]);
}

describe('phone numbers (issue 30): any common form is one E.164 value, shown in the national format', () => {
  it.each([
    'update BK-1045 phone to 0412.345.678',
    'update BK-1045 phone to (04) 1234 5678',
    'update BK-1045 phone to 0412-345-678',
    'update BK-1045 phone to +61 412 345 678',
  ])('AU venue: "%s" → phone +61412345678, shown as 0412 345 678', async (message) => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send(message), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['updateContactDetails', { booking_id: 'bk_1045', phone: '+61412345678' }],
    ]);
    expect(outcome.presentation.steps[0]?.line).toBe(
      'Update contact details BK-1045 (Sarah Smith): phone 0412 555 019 → 0412 345 678',
    );
  });

  it('a number alone answers the question for it: "0412.345.678" after "update the mobile on BK-1045"', async () => {
    // Prepare
    const h = offline();
    const question = expectKind(await h.send('update the mobile on BK-1045'), 'clarification');

    // Act
    const outcome = expectKind(await h.send('0412.345.678'), 'plan');

    // Assess
    expect(question.question).toBe(
      'What are the new contact details for BK-1045 (Sarah Smith): email, phone or guest name?',
    );
    expect(outcome.plan.actions[0]?.parameters).toEqual({ booking_id: 'bk_1045', phone: '+61412345678' });
  });

  it('AU venue: another country’s number in international form is kept as that number', async () => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send('update BK-1045 phone to +1 312 555 0142'), 'plan');

    // Assess
    expect(outcome.plan.actions[0]?.parameters).toEqual({ booking_id: 'bk_1045', phone: '+13125550142' });
    expect(outcome.presentation.steps[0]?.line).toBe(
      'Update contact details BK-1045 (Sarah Smith): phone 0412 555 019 → +1 312 555 0142',
    );
  });

  it.each(['(312) 555-0142', '312.555.0142', '312-555-0142'])(
    'US venue: "%s" → +13125550142, shown as (312) 555-0142',
    async (typed) => {
      // Prepare
      const h = offline('US');

      // Act
      const outcome = expectKind(await h.send(`update BK-1045 phone to ${typed}`), 'plan');

      // Assess
      expect(outcome.plan.actions[0]?.parameters).toEqual({ booking_id: 'bk_1045', phone: '+13125550142' });
      expect(outcome.presentation.steps[0]?.line).toBe(
        'Update contact details BK-1045 (Sarah Smith): phone +61 412 555 019 → (312) 555-0142',
      );
    },
  );

  it.each([
    ['0412 345', 'is not a complete, valid phone number in Australia'],
    ['04l2 345 678', 'has letters in it'],
  ])('an invalid number "%s" is a question naming the phone, never a plan', async (typed, why) => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send(`update BK-1045 phone to ${typed}`), 'clarification');

    // Assess
    expect(outcome.question).toBe(
      `The phone number “${typed}” ${why}. What phone number should I use for BK-1045 (Sarah Smith)?`,
    );
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });
});

describe('the gate reads a proposed phone as a number in the venue’s country', () => {
  it.each([
    ['0412.345.678', '0412.345.678'],
    ['(04) 1234 5678', '+61 412 345 678'],
    ['+61 412 345 678', '0412 345 678'],
  ])('the user typed "%s", the model proposed "%s": stated, one E.164 value', async (typed, proposed) => {
    // Prepare
    const h = plannerHarness({ model: proposing(proposed) });

    // Act
    const outcome = expectKind(await h.send(`update BK-1045 phone to ${typed}`), 'plan');

    // Assess
    expect(outcome.plan.actions[0]?.parameters).toEqual({ booking_id: 'bk_1045', phone: '+61412345678' });
  });

  it('declares the accepted forms for every phone parameter of the plan actions (issue 30)', async () => {
    // Prepare
    const model = proposing('0412.345.678');
    const h = plannerHarness({ model });

    // Act
    await h.send('update BK-1045 phone to 0412.345.678');

    // Assess
    const prompt = systemPromptOf(model, 0);
    const lines = prompt.split('\n');
    const updateLine = lines.find((l) => l.startsWith('- updateContactDetails')) ?? '';
    expect(updateLine).toContain('phone (phone, see Phone values)');
    expect(lines.filter((l) => l.startsWith('Phone values:'))).toEqual([
      "Phone values: a phone number as the user wrote it: the venue's national form with spaces, dots, dashes or parentheses, or international with + and the country code.",
    ]);
  });

  it('a number the user never typed is still not theirs', async () => {
    // Prepare
    const model = proposing('0412 345 679').respondWithTools([
      {
        name: 'ask_clarification',
        id: 'c2',
        args: { question: 'What is the new number?', missing: 'contact_details' },
      },
    ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = await h.send('update BK-1045 phone to 0412.345.678');

    // Assess
    expect(outcome.kind).toBe('clarification');
  });

  it('an invalid proposed number is never a plan: the model is told what is wrong and which forms are accepted', async () => {
    // Prepare
    const model = proposing('0412 345').respondWithTools([
      {
        name: 'ask_clarification',
        id: 'c2',
        args: {
          question: 'That number looks short: what is the full phone number?',
          missing: 'contact_details',
        },
      },
    ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send('update BK-1045 phone to 0412 345'), 'clarification');

    // Assess
    expect(outcome.question).toBe('That number looks short: what is the full phone number?');
    const feedback = model.calls[1]?.messages.at(-1)?.text ?? '';
    expect(feedback).toContain('phone: "0412 345" is not a complete, valid phone number in Australia');
    expect(feedback).toContain('international with + and the country code');
  });
});
