import { describe, expect, it } from 'vitest';
import { expectKind, plannerHarness } from './support/planner-harness.ts';
import { ScriptedProposalModel } from './support/scripted-proposal-model.ts';

/** The venue's clock in the harness: Wednesday 11 March 2026, 12:00 in Sydney. BK-1042 is Fri 13 Mar at 11:00. */
function moveTo(date: string, startTime: string) {
  const model = new ScriptedProposalModel({});
  model.proposal = [
    { action_id: 'rescheduleBooking', parameters: { booking_id: 'bk_1042', date, start_time: startTime } },
  ];
  return plannerHarness({ model });
}

describe('a session today that has already started is in the past (the gate, whatever the model proposes)', () => {
  it.each([
    ['today', '10am'],
    ['today', '12pm'],
  ])('moving a booking to %s at %s asks for a later time, and plans nothing', async (date, time) => {
    // Prepare
    const h = moveTo(date, time);

    // Act
    const outcome = await h.send(`move BK-1042 to ${date} at ${time}`);

    // Assess
    const question = expectKind(outcome, 'clarification');
    expect(question.question).toMatch(
      /^The (10:00|12:00) session today \(Wed 11 Mar\) has already started\. Which later time or other day/,
    );
    expect(
      (await h.planStore.listBySession('session-1')).filter((p) => p.status === 'pending_confirmation'),
    ).toEqual([]);
  });

  it('a later session today is planned', async () => {
    // Prepare
    const h = moveTo('today', '3pm');

    // Act
    const outcome = await h.send('move BK-1042 to today at 3pm');

    // Assess
    expect(expectKind(outcome, 'plan').plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_1042',
      date: '2026-03-11',
      start_time: '15:00',
    });
  });
});
