import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteBookingData } from '../../../lib/contracts/booking-data-block.ts';
import { offeredOptions, renderQuestion } from '../../../lib/executor/ask/render-question.ts';
import type { AskUserArgs } from '../../../lib/executor/graph/ask-user-tool.ts';
import { askRegistry, EVENT_ACTION } from '../../support/ask-registry.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';

/**
 * Issue 14, decision 1: the exact words of each question code renders (the user reads them as they are), the reason
 * the model reads when an ask_user call is refused, and which tool results a choice takes its options from.
 */
const registry = askRegistry();

/** A tool observation of `step_number` whose booking data is `data`, as the executor quotes it. */
const observation = (step_number: number, data: Record<string, unknown>) =>
  new ToolMessage({ tool_call_id: `t${step_number}`, content: quoteBookingData({ step_number, ...data }) });
const slots = (...times: unknown[]) => times.map((start_time) => ({ start_time, capacity: 20 }));
const slotFull = (step_number: number, ...times: string[]) =>
  observation(step_number, { error: 'slot_full', alternatives: slots(...times) });

function render(
  args: AskUserArgs,
  plan = aConfirmedPlan([steps.guestCount(null)]),
  messages: BaseMessage[] = [],
) {
  return renderQuestion(args, plan, plan.actions[0], registry, messages);
}

describe('renderQuestion: the questions', () => {
  it('asks for a value the plan left open with the registry’s description and an example of its type', () => {
    // Prepare: a new booking has no booking to name in the head.
    const plan = aConfirmedPlan([
      {
        action_id: 'createBooking',
        parameters: {
          product_id: 'p_1',
          date: '2026-03-14',
          start_time: '15:00',
          party_size: null,
          guest_name: 'Priya',
        },
      },
    ]);
    // Act
    const rendered = render({ kind: 'missing_value', parameter: 'party_size' }, plan);
    // Assess
    expect(rendered).toEqual({
      ok: true,
      spec: {
        ask_kind: 'missing_value',
        step_number: 1,
        parameter: 'party_size',
        question:
          'Step 1 (Create booking) needs a value the plan left open: Number of guests (a number). What should it be?',
      },
    });
  });

  it('ends a description with one full stop, and adds no example for free text', () => {
    const plan = aConfirmedPlan([
      {
        action_id: EVENT_ACTION,
        parameters: {
          booking_id: 'bk_1042',
          starts_at: '2026-03-14T04:00:00Z',
          notify_guest: true,
          seating_note: '',
        },
      },
    ]);
    const rendered = render({ kind: 'missing_value', parameter: 'seating_note', hint: 'big group' }, plan);
    expect(rendered.ok && rendered.spec.question).toBe(
      'Step 1 (Arrange event for bk_1042) needs a value the plan left open: Where to seat the party. What should it be? Note: big group.',
    );
  });

  it('asks to confirm a change, with the hint as a note ending in one stop', () => {
    const cases: [string, string][] = [
      ['the slot moved', ' Note: the slot moved.'],
      ['St. Kilda room closed', ' Note: St. Kilda room closed.'],
      ['the slot moved!', ' Note: the slot moved!'],
      ['  ', ''],
    ];
    for (const [hint, note] of cases) {
      expect(render({ kind: 'confirm_change', hint })).toEqual({
        ok: true,
        spec: {
          ask_kind: 'confirm_change',
          step_number: 1,
          question: `Step 1 (Update guest count for bk_1042): something changed since you confirmed the plan.${note} Should I go ahead with this step? Please reply yes or no.`,
        },
      });
    }
  });

  it('lists the offered options, numbered from 1, and stores them with the question', () => {
    // Prepare
    const plan = aConfirmedPlan([steps.reschedule('2026-03-14', '14:00')]);
    const messages = [slotFull(1, '15:00', '16:30')];
    // Act
    const rendered = render(
      { kind: 'choose', parameter: 'start_time', hint: 'both indoors' },
      plan,
      messages,
    );
    // Assess
    expect(rendered).toEqual({
      ok: true,
      spec: {
        ask_kind: 'choose',
        step_number: 1,
        parameter: 'start_time',
        options: ['15:00', '16:30'],
        question:
          'Step 1 (Reschedule booking for bk_1042): which start time should I use? 1. 15:00; 2. 16:30. Note: both indoors. Please reply with the number or the option.',
      },
    });
  });
});

describe('renderQuestion: the refusals the model reads', () => {
  it('refuses a rejected hint with the hint’s own reason', () => {
    expect(render({ kind: 'confirm_change', hint: 'see www.example.com' })).toEqual({
      ok: false,
      reason: 'hint may not contain a link',
    });
  });

  it('refuses when no step is open or the step’s action is unknown', () => {
    const reason = 'no step is open: there is nothing left to ask about';
    const plan = aConfirmedPlan([{ action_id: 'retiredAction', parameters: { booking_id: 'bk_1042' } }]);
    expect(renderQuestion({ kind: 'confirm_change' }, plan, undefined, registry, [])).toEqual({
      ok: false,
      reason,
    });
    expect(render({ kind: 'confirm_change' }, plan)).toEqual({ ok: false, reason });
  });

  it('refuses a parameter the step’s action does not have', () => {
    expect(render({ kind: 'missing_value', parameter: 'table_number' })).toEqual({
      ok: false,
      reason: 'missing_value needs parameter: a parameter of step 1 (updateGuestCount)',
    });
  });

  it('never asks for a sensitive parameter, even one the plan left open', () => {
    fc.assert(
      fc.property(fc.constantFrom('missing_value', 'choose'), (kind) => {
        const plan = aConfirmedPlan([
          { action_id: EVENT_ACTION, parameters: { booking_id: 'bk_1042', door_pin: null } },
        ]);
        const messages = [slotFull(1, '15:00')];
        expect(render({ kind, parameter: 'door_pin' }, plan, messages)).toEqual({
          ok: false,
          reason: 'door_pin is sensitive: never asked for',
        });
      }),
    );
  });

  it('refuses a value the confirmed plan did not leave open', () => {
    expect(render({ kind: 'missing_value', parameter: 'booking_id' })).toEqual({
      ok: false,
      reason: 'booking_id is not a value the confirmed plan left open (see missing_required)',
    });
  });

  it('refuses a choice no tool result of the step offered', () => {
    expect(render({ kind: 'choose', parameter: 'party_size' }, undefined, [slotFull(2, '15:00')])).toEqual({
      ok: false,
      reason: 'no tool result of step 1 offered options to choose from',
    });
  });
});

describe('offeredOptions: only start times the booking API offered', () => {
  it('reads the step’s only observation, even when it is the first message', () => {
    expect(offeredOptions([slotFull(1, '15:00')], 1)).toEqual(['15:00']);
  });

  it('skips text that is not booking data, and a model message that quotes some', () => {
    const messages = [
      slotFull(1, '15:00'),
      new AIMessage(quoteBookingData({ step_number: 1, alternatives: slots('11:00') })),
      new ToolMessage({ tool_call_id: 't9', content: 'the booking API did not answer' }),
    ];
    expect(offeredOptions(messages, 1)).toEqual(['15:00']);
  });

  it('offers at most eight options, the first ones', () => {
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'];
    expect(offeredOptions([slotFull(1, ...times)], 1)).toEqual(times.slice(0, 8));
  });

  it('finds alternatives nested in the error body or in a list, and in no other list', () => {
    const messages = [
      observation(1, {
        detail: null,
        booked: slots('18:00'),
        error: { code: 'slot_full', alternatives: [null, ...slots('15:00')] },
        results: [{ alternatives: [{ startTime: '16:00' }] }],
      }),
    ];
    expect(offeredOptions(messages, 1)).toEqual(['15:00', '16:00']);
  });

  it('offers only a start time written HH:MM, once', () => {
    const messages = [
      observation(1, {
        alternatives: slots('2026-03-14T15:00:00Z', ['15:30'], 1600, '3pm', '17:00', '17:00'),
      }),
    ];
    expect(offeredOptions(messages, 1)).toEqual(['17:00']);
  });
});
