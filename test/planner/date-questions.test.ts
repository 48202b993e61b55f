import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { bookingDataJson } from '../../lib/contracts/booking-data-block.ts';
import { FakeBookingApi } from './support/fake-booking-api.ts';
import {
  expectKind,
  lastInputOf,
  params,
  plannerHarness,
  systemPromptOf,
} from './support/planner-harness.ts';

/** A scripted propose_plan moving BK-1042 (John Smith, Fri 13 Mar 11:00, party room) with the user's words. */
function moveJohn(date: string, time: string, summary = 'Move John Smith’s booking') {
  return fakeModel().respondWithTools([
    {
      name: 'propose_plan',
      id: 'c1',
      args: {
        intent_summary: summary,
        steps: [
          {
            action_id: 'rescheduleBooking',
            parameters: params({ booking_id: 'bk_1042', date, start_time: time }),
          },
        ],
      },
    },
  ]);
}

/** Issue 15 in the planner: dates resolved by lib/dates; what stays unclear is one question, never a repair round. */
describe('createPlanner: dates and times the user said', () => {
  it('asks one question naming the words and the candidates when a date is ambiguous, and plans nothing', async () => {
    // Prepare (now: Wednesday 11 March 2026; Saturday is still ahead this week)
    const model = moveJohn('next Saturday', '3pm');
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send('Move John Smith to next Saturday at 3pm'), 'clarification');

    // Assess
    expect(outcome).toEqual({
      kind: 'clarification',
      reply_type: 'question',
      asks_for: 'date',
      question: '“next Saturday” could mean Sat 14 Mar or Sat 21 Mar. Which one do you mean?',
      suggestions: ['Sat 14 Mar', 'Sat 21 Mar'],
    });
    expect(model.calls).toHaveLength(1);
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
    const event = h.tracer.records.find((r) => r.kind === 'event' && r.name === 'clarification');
    expect(event?.attrs).toMatchObject({ input: { unclear: 'date' } });
  });

  it('never falls back to the booking’s date when the user’s date did not resolve', async () => {
    // Prepare
    const h = plannerHarness({ model: moveJohn('the 35th', '3pm') });

    // Act
    const outcome = expectKind(await h.send('Move John Smith to the 35th at 3pm'), 'clarification');

    // Assess
    expect(outcome.question).toBe('“the 35th” is not a date in the calendar. Which date do you mean?');
  });

  it('keeps the booking’s date when the user gave no date at all', async () => {
    // Prepare: the model copied the only words it had into both parameters.
    const h = plannerHarness({ model: moveJohn('4pm', '4pm') });

    // Act
    const outcome = expectKind(await h.send('Move John Smith to 4pm'), 'plan');

    // Assess
    expect(outcome.plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_1042',
      date: '2026-03-13',
      start_time: '16:00',
    });
  });

  it('plans a time alone exactly as rule 4 of the prompt it was given says, on the booking’s own day (issue 33)', async () => {
    // Prepare: the rule's own example, read from the prompt the planner builds, is what the scripted model writes.
    const probeModel = moveJohn('4pm', '4pm');
    await plannerHarness({ model: probeModel }).send('Move John Smith to 4pm');
    const rule = systemPromptOf(probeModel, 0).match(/^4\. [\s\S]*?(?=^5\. )/m)?.[0] ?? '';
    const [, date = '', timeName, time = ''] = /\(date "([^"]+)", ([a-z_]+) "([^"]+)"\)/.exec(rule) ?? [];
    const h = plannerHarness({ model: moveJohn(date, time) });

    // Act
    const outcome = expectKind(await h.send('Move John Smith to 4pm'), 'plan');

    // Assess: BK-1042 is on Fri 13 Mar at 11:00.
    expect([date, timeName, time]).toEqual(['4pm', 'start_time', '4pm']);
    expect(outcome.plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_1042',
      date: '2026-03-13',
      start_time: '16:00',
    });
  });

  it('reads a phrase relative to the booking against the booking’s own date and time', async () => {
    const h = plannerHarness({ model: moveJohn('the day after', '4 hours later') });
    const outcome = expectKind(await h.send('Move John Smith to the day after, 4 hours later'), 'plan');
    expect(outcome.plan.actions[0]?.parameters).toMatchObject({ date: '2026-03-14', start_time: '15:00' });
  });

  it('takes the one session in a part of the day, and asks with the sessions when there are several', async () => {
    // Prepare: sessions of the fake venue are 10:00, 12:30, 15:00 and 16:00.
    const morning = plannerHarness({ model: moveJohn('Sunday morning', 'Sunday morning') });
    const afternoon = plannerHarness({ model: moveJohn('Sunday afternoon', 'Sunday afternoon') });

    // Act
    const plan = expectKind(await morning.send('Move John Smith to Sunday morning'), 'plan');
    const question = expectKind(await afternoon.send('Move John Smith to Sunday afternoon'), 'clarification');

    // Assess
    expect(plan.plan.actions[0]?.parameters).toMatchObject({ date: '2026-03-15', start_time: '10:00' });
    expect(question).toEqual({
      kind: 'clarification',
      reply_type: 'question',
      asks_for: 'time',
      question:
        '“Sunday afternoon”: there are several afternoon sessions on Sun 15 Mar: 12:30, 15:00 or 16:00. Which one do you mean?',
      suggestions: ['12:30', '15:00', '16:00'],
    });
  });

  it('shows the resolved date in the summary and the plan line, with the year when it is not this year', async () => {
    // Prepare
    const h = plannerHarness({
      model: moveJohn(
        'the 2nd of January 2027',
        '3 in the afternoon',
        'Move John to the 2nd of January 2027 at 3 in the afternoon',
      ),
    });

    // Act
    const outcome = expectKind(
      await h.send('Move John Smith to the 2nd of January 2027 at 3 in the afternoon'),
      'plan',
    );

    // Assess
    const line = 'Reschedule booking BK-1042 (John Smith) from Fri 13 Mar 11:00 → Sat 2 Jan 2027 15:00';
    expect(outcome.presentation.steps[0]?.line).toBe(line);
    expect(outcome.presentation.intent_summary).toBe(line);
  });

  it('never shows the model’s summary (issue 14): the summary is the plan lines', async () => {
    const h = plannerHarness({ model: moveJohn('Sunday', '3pm', 'Move John to Monday at 3pm') });
    const outcome = expectKind(await h.send('Move John Smith to Sunday at 3pm'), 'plan');
    expect(outcome.presentation.intent_summary).toBe(
      'Reschedule booking BK-1042 (John Smith) from Fri 13 Mar 11:00 → Sun 15 Mar 15:00',
    );
  });
});

describe('createPlanner: date parameters of lookups', () => {
  it('resolves a lookup’s date with the same resolver', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([
        { name: 'getAvailability', args: { product_id: 'prod_party_room', date: 'Saturday' }, id: 'c1' },
      ])
      .respondWithTools([{ name: 'decline', args: { message: 'ok' }, id: 'c2' }]);
    const api = new FakeBookingApi();
    const h = plannerHarness({ model, bookingApi: api });

    // Act
    await h.send('Is the party room free on Saturday?');

    // Assess
    expect(api.calls.find((c) => c.action_id === 'getAvailability')?.args).toMatchObject({
      date: '2026-03-14',
    });
  });

  it('answers the model with the same question when a lookup’s date is unclear, and does not call the API', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([
        { name: 'getAvailability', args: { product_id: 'prod_party_room', date: 'next Saturday' }, id: 'c1' },
      ])
      .respondWithTools([{ name: 'decline', args: { message: 'ok' }, id: 'c2' }]);
    const api = new FakeBookingApi();
    const h = plannerHarness({ model, bookingApi: api });

    // Act
    await h.send('Is the party room free next Saturday?');

    // Assess
    expect(api.calls.filter((c) => c.action_id === 'getAvailability')).toEqual([]);
    expect(JSON.parse(bookingDataJson(String(lastInputOf(model, 1)?.content)))).toEqual({
      error_type: 'needs_clarification',
      question: '“next Saturday” could mean Sat 14 Mar or Sat 21 Mar. Which one do you mean?',
    });
  });
});

describe('createPlanner: a new booking at a part of the day', () => {
  it('takes the product’s one morning session on that day', async () => {
    // Prepare: the model finds the product's id with the catalogue lookup first (issue 18: ids come from lookups).
    const model = fakeModel()
      .respondWithTools([{ name: 'listProducts', args: {}, id: 'c0' }])
      .respondWithTools([
        {
          name: 'propose_plan',
          id: 'c1',
          args: {
            intent_summary: 'Book the party room',
            steps: [
              {
                action_id: 'createBooking',
                parameters: params({
                  product_id: 'prod_party_room',
                  date: 'Sunday morning',
                  start_time: 'Sunday morning',
                  party_size: '6',
                  guest_name: 'Lee family',
                }),
              },
            ],
          },
        },
      ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(
      await h.send('Book the party room for 6 on Sunday morning for the Lee family'),
      'plan',
    );

    // Assess
    expect(outcome.plan.actions[0]?.parameters).toMatchObject({ date: '2026-03-15', start_time: '10:00' });
  });
});
