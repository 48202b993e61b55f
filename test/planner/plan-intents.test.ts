import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { NEXT_SATURDAY } from './support/fake-booking-api.ts';
import { expectKind, params, plannerHarness, TOKEN } from './support/planner-harness.ts';

/** 000 Acceptance "Core Functionality" (the three intents, smart date defaults) and "Plan & Confirmation". */
describe('createPlanner: the three intents of seed 000', () => {
  it('plans a reschedule: looks the booking up, resolves "Saturday" and "3pm", presents before → after', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'John Smith' }, id: 'c1' }])
      .respondWithTools([
        {
          name: 'propose_plan',
          id: 'c2',
          args: {
            intent_summary: "Move John Smith's booking to Saturday at 3pm",
            steps: [
              {
                action_id: 'rescheduleBooking',
                parameters: params({ booking_id: 'bk_1042', date: 'Saturday', start_time: '3pm' }),
              },
            ],
          },
        },
      ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send("Move John Smith's booking to Saturday at 3pm"), 'plan');

    // Assess
    expect(outcome.plan.status).toBe('pending_confirmation');
    expect(outcome.plan.actions).toEqual([
      {
        step_number: 1,
        action_id: 'rescheduleBooking',
        parameters: { booking_id: 'bk_1042', date: NEXT_SATURDAY, start_time: '15:00' },
        safety_tier: 'normal',
        executed: false,
      },
    ]);
    expect(outcome.presentation).toEqual({
      // Issue 15: the summary shows the resolved date, never the raw words.
      // Issue 14: rendered from the plan line, never the model's words.
      intent_summary: 'Reschedule booking BK-1042 (John Smith) from Fri 13 Mar 11:00 → Sat 14 Mar 15:00',
      steps: [
        {
          step_number: 1,
          line: 'Reschedule booking BK-1042 (John Smith) from Fri 13 Mar 11:00 → Sat 14 Mar 15:00',
          safety_tier: 'normal',
          irreversible: false,
        },
      ],
    });
    const stored = await h.planStore.get(outcome.plan.plan_id);
    expect(stored).toMatchObject({
      version: 1,
      trace_id: h.tracer.ref.traceId,
      trace_root_span_id: h.tracer.ref.rootSpanId,
      expires_at: Date.parse('2026-03-12T01:00:00Z') / 1000,
    });
    const session = await h.sessionStore.get('session-1');
    expect(session?.pending_plan_id).toBe(outcome.plan.plan_id);
    expect(session?.referenced_booking?.booking_id).toBe('bk_1042');
    expect(session?.clarification_count).toBe(0);
  });

  it('plans a guest count change with the count the user gave', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'Sarah Smith' }, id: 'c1' }])
      .respondWithTools([
        {
          name: 'propose_plan',
          id: 'c2',
          args: {
            intent_summary: "Change Sarah Smith's booking to 18 guests",
            steps: [
              {
                action_id: 'updateGuestCount',
                parameters: params({ booking_id: 'bk_1045', party_size: '18' }),
              },
            ],
          },
        },
      ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send("Change Sarah Smith's booking to 18 guests"), 'plan');

    // Assess
    expect(outcome.plan.actions[0]?.parameters).toEqual({ booking_id: 'bk_1045', party_size: 18 });
    expect(outcome.presentation.steps[0]?.line).toBe(
      'Update guest count BK-1045 (Sarah Smith): party size 15 → 18',
    );
  });

  it('plans a contact detail update', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'John Tan' }, id: 'c1' }])
      .respondWithTools([
        {
          name: 'propose_plan',
          id: 'c2',
          args: {
            intent_summary: "Update John Tan's email",
            steps: [
              {
                action_id: 'updateContactDetails',
                parameters: params({ booking_id: 'bk_1043', email: 'john.tan@newmail.com' }),
              },
            ],
          },
        },
      ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send("Update John Tan's email to john.tan@newmail.com"), 'plan');

    // Assess
    expect(outcome.plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_1043',
      email: 'john.tan@newmail.com',
    });
    expect(outcome.presentation.steps[0]?.line).toBe(
      'Update contact details BK-1043 (John Tan): email john.tan@example.com → john.tan@newmail.com',
    );
  });

  it('displays every action of a multi-step plan, with placeholders and the irreversible step flagged', async () => {
    // Prepare
    const model = fakeModel().respondWithTools([
      {
        name: 'propose_plan',
        id: 'c1',
        args: {
          intent_summary: 'Move BK-1042 to Saturday 3pm for 14 guests and email the confirmation',
          steps: [
            {
              action_id: 'rescheduleBooking',
              parameters: params({ booking_id: 'bk_1042', date: 'Saturday', start_time: '15:00' }),
            },
            {
              action_id: 'updateGuestCount',
              parameters: params({ booking_id: '{{step_1.booking_id}}', party_size: '14' }),
            },
            {
              action_id: 'sendBookingConfirmation',
              parameters: params({ booking_id: '{{step_1.booking_id}}', channel: 'email' }),
            },
          ],
        },
      },
    ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(
      await h.send('Move BK-1042 to Saturday 3pm, make it 14 guests and email them the confirmation'),
      'plan',
    );

    // Assess
    expect(outcome.plan.actions.map((a) => a.action_id)).toEqual([
      'rescheduleBooking',
      'updateGuestCount',
      'sendBookingConfirmation',
    ]);
    expect(outcome.plan.actions[1]?.parameters).toEqual({
      booking_id: '{{step_1.booking_id}}',
      party_size: 14,
    });
    expect(outcome.presentation.steps.map((s) => [s.line, s.irreversible])).toEqual([
      ['Reschedule booking BK-1042 (John Smith) from Fri 13 Mar 11:00 → Sat 14 Mar 15:00', false],
      ['Update guest count BK-1042 (John Smith): party size 12 → 14', false],
      ['Send booking confirmation BK-1042 (John Smith): channel email (cannot be undone)', true],
    ]);
  });

  it('marks a high-risk action in the plan and on its line', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'BK-1044' }, id: 'c1' }])
      .respondWithTools([
        {
          name: 'propose_plan',
          id: 'c2',
          args: {
            intent_summary: 'Cancel BK-1044',
            steps: [{ action_id: 'cancelBooking', parameters: params({ booking_id: 'bk_1044' }) }],
          },
        },
      ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send('Cancel BK-1044, they are sick'), 'plan');

    // Assess
    expect(outcome.plan.actions[0]?.safety_tier).toBe('high_risk');
    expect(outcome.presentation.steps[0]).toEqual({
      step_number: 1,
      line: '⚠ HIGH RISK: Cancel booking BK-1044 (John Okafor) (cannot be undone)',
      safety_tier: 'high_risk',
      irreversible: true,
    });
  });

  it('traces user_request with intent_understanding, the lookup and plan_generation, and never persists the token', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'Sarah Smith' }, id: 'c1' }])
      .respondWithTools([
        {
          name: 'propose_plan',
          id: 'c2',
          args: {
            intent_summary: 'Sarah Smith to 18 guests',
            steps: [
              {
                action_id: 'updateGuestCount',
                parameters: params({ booking_id: 'bk_1045', party_size: '18' }),
              },
            ],
          },
        },
      ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send("Change Sarah Smith's booking to 18 guests"), 'plan');

    // Assess
    expect(h.tracer.names('trace')).toEqual(['user_request']);
    expect(h.tracer.names('span')).toEqual([
      'intent_understanding',
      'tool:searchBookings',
      'plan_generation',
    ]);
    const stored = JSON.stringify([
      await h.planStore.get(outcome.plan.plan_id),
      await h.sessionStore.get('session-1'),
    ]);
    expect(stored).not.toContain(TOKEN);
    expect(JSON.stringify(h.tracer.records)).not.toContain(TOKEN);
  });
});
