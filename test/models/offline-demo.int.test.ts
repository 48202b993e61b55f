import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { loadConfig } from '../../lib/config/config.ts';
import { createChatModel } from '../../lib/models/create-chat-model.ts';
import { expectKind, plannerHarness } from '../planner/support/planner-harness.ts';
import {
  bookingId,
  NEXT_SATURDAY,
  PINNED_NOW,
  startTestSandbox,
  type TestSandbox,
} from '../support/sandbox.ts';

/**
 * The demo sentences of docs/models.md, end to end: the offline model (LLM_PROVIDER=offline, as `npm start`
 * without a key) through the real planner against the sandbox booking API over HTTP, clock pinned.
 */
describe('offline model over the local stack: the documented demo sentences', () => {
  let sandbox: TestSandbox;
  let model: BaseChatModel;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    model = await createChatModel(loadConfig({ LOG_LEVEL: 'SILENT' }), 'planner');
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  function offline() {
    return plannerHarness({
      model: () => model,
      bookingApi: new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs: 10_000 }),
      now: PINNED_NOW,
    });
  }
  const id = (reference: string) => bookingId(sandbox, reference);

  it.each([
    [
      "Move Aisha Khan's booking to Sunday at 3pm",
      'BK-1046',
      'rescheduleBooking',
      { date: '2026-03-15', start_time: '15:00' },
      'Reschedule booking BK-1046 (Aisha Khan) from Sat 14 Mar 12:30 → Sun 15 Mar 15:00',
    ],
    [
      'Reschedule BK-1050 to Friday at 3pm',
      'BK-1050',
      'rescheduleBooking',
      { date: '2026-03-13', start_time: '15:00' },
      'Reschedule booking BK-1050 (Chloe Wilson) from Sat 14 Mar 15:00 → Fri 13 Mar 15:00',
    ],
    [
      "Move Jon Smth's booking to Saturday at 10am",
      'BK-1042',
      'rescheduleBooking',
      { date: NEXT_SATURDAY, start_time: '10:00' },
      'Reschedule booking BK-1042 (John Smith) from Sat 14 Mar 15:00 → Sat 14 Mar 10:00',
    ],
    [
      "Change Sarah Smith's booking to 18 guests",
      'BK-1045',
      'updateGuestCount',
      { party_size: 18 },
      'Update guest count BK-1045 (Sarah Smith): party size 15 → 18',
    ],
    [
      'Add two more guests to BK-1051',
      'BK-1051',
      'updateGuestCount',
      { party_size: 8 },
      'Update guest count BK-1051 (Noah Williams): party size 6 → 8',
    ],
    [
      "Update Priya Patel's email to priya.patel@newmail.com",
      'BK-1048',
      'updateContactDetails',
      { email: 'priya.patel@newmail.com' },
      'Update contact details BK-1048 (Priya Patel): email priya.patel@example.com → priya.patel@newmail.com',
    ],
    [
      'The phone number for BK-1052 is now 0412 345 678',
      'BK-1052',
      'updateContactDetails',
      // Issue 30: stored as E.164, shown in the venue's national format.
      { phone: '+61412345678' },
      'Update contact details BK-1052 (Emma Taylor): phone 0407 664 019 → 0412 345 678',
    ],
    // Issue 30: dots and parentheses were a needless question and a cut value ("04) 1234 5678").
    [
      'update BK-1045 phone to 0412.345.678',
      'BK-1045',
      'updateContactDetails',
      { phone: '+61412345678' },
      'Update contact details BK-1045 (Sarah Smith): phone 0433 610 552 → 0412 345 678',
    ],
    [
      'update BK-1045 phone to (04) 1234 5678',
      'BK-1045',
      'updateContactDetails',
      { phone: '+61412345678' },
      'Update contact details BK-1045 (Sarah Smith): phone 0433 610 552 → 0412 345 678',
    ],
  ])('"%s" → a plan for %s', async (sentence, reference, actionId, values, line) => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send(sentence), 'plan');

    // Assess
    expect(outcome.plan.actions).toEqual([
      expect.objectContaining({ action_id: actionId, parameters: { booking_id: id(reference), ...values } }),
    ]);
    expect(outcome.presentation.steps.map((s) => s.line)).toEqual([line]);
  });

  it('"Move John\'s party to Saturday at 3pm" asks which John, then "BK-1044" gives the plan', async () => {
    const h = offline();
    const question = expectKind(await h.send("Move John's party to Saturday at 3pm"), 'clarification');
    expect(question.question).toBe('I found 3 bookings for "John". Which one do you mean?');
    expect(question.candidates?.map((c) => c.display_label)).toEqual([
      'BK-1044 · John Okafor · Fri 13 Mar 2026 11:00 · Open Play · 4 guests · confirmed',
      'BK-1042 · John Smith · Sat 14 Mar 2026 15:00 · Birthday Party Room · 12 guests · confirmed',
      'BK-1043 · John Tan · Mon 16 Mar 2026 13:00 · Laser Tag Arena · 8 guests · confirmed',
    ]);
    const plan = expectKind(await h.send('BK-1044'), 'plan');
    expect(plan.presentation.steps[0]?.line).toBe(
      'Reschedule booking BK-1044 (John Okafor) from Fri 13 Mar 11:00 → Sat 14 Mar 15:00',
    );
  });

  it('"Change the guest count on Chloe Wilson\'s booking" asks how many, then "10" gives the plan', async () => {
    const h = offline();
    const question = expectKind(
      await h.send("Change the guest count on Chloe Wilson's booking"),
      'clarification',
    );
    expect(question.question).toBe('How many guests should BK-1050 (Chloe Wilson) be for?');
    // Laser tag holds 12 a session: 14 is asked about before any plan (issue 14 decision 4), 10 fits.
    const plan = expectKind(await h.send('10'), 'plan');
    expect(plan.plan.actions[0]?.parameters).toEqual({ booking_id: id('BK-1050'), party_size: 10 });
  });

  it('"actually make it 11am" amends the pending plan', async () => {
    const h = offline();
    const first = expectKind(await h.send('Reschedule BK-1050 to Friday at 3pm'), 'plan');
    const second = expectKind(await h.send('actually make it 11am'), 'plan');
    expect(second.plan.actions[0]?.parameters).toEqual({
      booking_id: id('BK-1050'),
      date: '2026-03-13',
      start_time: '11:00',
    });
    expect((await h.planStore.get(first.plan.plan_id))?.invalidated_reason).toBe('superseded');
  });

  it('"Move Sarah Smith\'s booking to Saturday at 12:30" reports the full slot and offers the free ones', async () => {
    const h = offline();
    const outcome = expectKind(
      await h.send("Move Sarah Smith's booking to Saturday at 12:30"),
      'clarification',
    );
    expect(outcome.question).toBe(
      'Sat 14 Mar at 12:30 is not available for 15 guests. Available that day: 10:00. Which time would you like instead?',
    );
    expect(outcome.suggestions).toEqual(['10:00 instead']);

    // The offered reply completes the open request (it is not a new, bookingless one).
    const picked = expectKind(await h.send('10:00 instead'), 'plan');
    expect(picked.plan.actions[0]?.parameters).toEqual({
      booking_id: id('BK-1045'),
      date: NEXT_SATURDAY,
      start_time: '10:00',
    });
  });

  it('"Move Zed Zebra\'s booking to Friday" finds no booking and says what to try', async () => {
    const h = offline();
    const outcome = expectKind(await h.send("Move Zed Zebra's booking to Friday"), 'clarification');
    expect(outcome.question).toMatch(/^No matching booking found for "Zed Zebra"/);
  });

  it('"What\'s the weather like tomorrow?" is declined with what it can do', async () => {
    const h = offline();
    const outcome = expectKind(await h.send("What's the weather like tomorrow?"), 'clarification');
    expect(outcome.question).toMatch(/^I can't plan that request. I can .*reschedule booking/);
  });

  it('"annuler" after a plan cancels it', async () => {
    const h = offline();
    const plan = expectKind(await h.send("Change Sarah Smith's booking to 18 guests"), 'plan');
    const reply = expectKind(await h.send('annuler'), 'clarification');
    expect(reply.question).toMatch(/cancelled that request/);
    expect((await h.planStore.get(plan.plan.plan_id))?.invalidated_reason).toBe('cancelled_by_user');
  });

  it('never calls a mutating operation of the booking API while planning', async () => {
    const h = offline();
    await h.send("Move Aisha Khan's booking to Sunday at 3pm");
    const operations = new Set(sandbox.admin.journal().map((e) => e.operation));
    expect(
      [...operations].every((op) => ['searchBookings', 'getBooking', 'getAvailability'].includes(op)),
    ).toBe(true);
  });
});
