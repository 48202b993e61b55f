import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextVenue, planVenue } from '../../lib/executor/plan-venue.ts';
import { runStep } from '../../lib/executor/step/run-step.ts';
import { type ExecutorStack, memoryExecutorStack } from '../support/executor-harness.ts';
import { steps } from '../support/executor-plans.ts';
import { bookingRead, type Script, stepRig } from '../support/step-run-rig.ts';

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
  let stack: ExecutorStack;
  beforeAll(async () => {
    stack = await memoryExecutorStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

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
