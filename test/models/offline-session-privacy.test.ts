import { describe, expect, it } from 'vitest';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import { FakeBookingApi } from '../planner/support/fake-booking-api.ts';
import { expectKind, plannerHarness } from '../planner/support/planner-harness.ts';

/** 000 Privacy: contact details are passed through, not stored; the session item lives SESSION_TTL_HOURS. */
function offline() {
  const api = new FakeBookingApi();
  return { api, ...plannerHarness({ model: new OfflinePlannerModel(), bookingApi: api }) };
}

describe('Session privacy: contact details never sit unmasked in the stored session', () => {
  it('masks the new email, the old email and the propose_plan values; the pending plan keeps the real one', async () => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send("Update John Tan's email to john.tan@newmail.com"), 'plan');

    // Assess
    const stored = JSON.stringify(await h.sessionStore.get('session-1'));
    expect(stored).toContain('j***@newmail.com');
    expect(stored).not.toContain('john.tan@newmail.com');
    expect(stored).not.toContain('john.tan@example.com');
    expect((await h.planStore.get(outcome.plan.plan_id))?.actions[0]?.parameters.email).toBe(
      'john.tan@newmail.com',
    );
  });

  it('masks a phone number given in the message', async () => {
    const h = offline();
    expectKind(await h.send('The phone number for BK-1045 is now 0412 345 678'), 'plan');
    const stored = JSON.stringify(await h.sessionStore.get('session-1'));
    expect(stored).not.toContain('0412 345 678');
    expect(stored.replace(/\D/g, '')).not.toContain('412345678');
  });

  it('asks for the details, then plans the answer unmasked (this turn is not read from the history)', async () => {
    const h = offline();
    await h.send("Update the contact details on John Tan's booking");
    const plan = expectKind(await h.send('john.tan@newmail.com'), 'plan');
    expect(plan.plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_1043',
      email: 'john.tan@newmail.com',
    });
    expect(JSON.stringify(await h.sessionStore.get('session-1'))).not.toContain('john.tan@newmail.com');
  });

  it('amends a contact plan with the real email carried over; the superseded plan is masked', async () => {
    // Prepare
    const h = offline();
    const first = expectKind(await h.send("Update John Tan's email to john.tan@newmail.com"), 'plan');

    // Act
    const second = expectKind(await h.send('and make it 14 guests'), 'plan');

    // Assess
    expect(second.plan.actions[0]?.parameters.email).toBe('john.tan@newmail.com');
    const old = await h.planStore.get(first.plan.plan_id);
    expect(old).toMatchObject({ invalidated_reason: 'superseded', pii_masked: true });
    expect(JSON.stringify(old)).not.toContain('john.tan@newmail.com');
  });

  it('masks a plan cancelled by the user', async () => {
    const h = offline();
    const first = expectKind(await h.send('The phone number for BK-1045 is now 0412 345 678'), 'plan');
    await h.send('never mind');
    const old = await h.planStore.get(first.plan.plan_id);
    expect(old).toMatchObject({ invalidated_reason: 'cancelled_by_user', pii_masked: true });
    expect(old?.actions[0]?.parameters.phone).toBe('***78');
  });

  it('does not plan a masked value out of the history: it asks for the details again', async () => {
    // Prepare: the email is said in a turn that ends with "which John?"
    const h = offline();
    await h.send("Update John's email to jt@newmail.com");

    // Act
    const outcome = await h.send('BK-1043');

    // Assess
    expect(expectKind(outcome, 'clarification').question).toMatch(/new contact details/);
  });
});
