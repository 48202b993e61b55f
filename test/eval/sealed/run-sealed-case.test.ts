import { describe, expect, it } from 'vitest';
import type { ChatReply, ViewedPlan } from '../../../devkit/chat/service-client.ts';
import type { BookingRecord } from '../../../devkit/sandbox/sandbox-state.ts';
import { runSealedCase, type SealedCaseTarget } from '../../../eval/lib/sealed/run-sealed-case.ts';
import { SealedCase } from '../../../eval/lib/sealed/sealed-case.ts';
import { aBooking, noSideEffects } from '../score/booking-factory.ts';
import { aPlanReply, aQuestionReply, aViewedPlan } from '../score/reply-factory.ts';

const guestCount = (booking_id: string, party_size: number) => ({
  action_id: 'updateGuestCount',
  parameters: { booking_id, party_size },
});

/**
 * A scripted service and sandbox: each turn gets the next reply; confirming "executes" by applying `execute`
 * to the bookings and ends in `status` (or leaves a blocking prompt open).
 */
function useScriptedTarget(options: {
  replies: ChatReply[];
  execute?: (b: BookingRecord[]) => BookingRecord[];
  status?: ViewedPlan['status'];
  prompt?: string;
}) {
  const calls = { confirmed: [] as string[], sent: [] as string[] };
  let bookings = [
    aBooking(),
    aBooking({ bookingId: 'bk_lee2', bookingReference: 'LK-1002', guestName: 'Tom Lee' }),
  ];
  const replies = [...options.replies];
  const finished = (): ViewedPlan => ({
    ...aViewedPlan([], options.prompt ? 'executing' : (options.status ?? 'completed')),
    ...(options.prompt ? { blocking_prompt: options.prompt } : {}),
  });
  const target: SealedCaseTarget = {
    client: {
      sendRequest: async (_session, message) => {
        calls.sent.push(message);
        const next = replies.shift();
        if (!next) throw new Error('no scripted reply left');
        return next;
      },
      confirm: async (planId) => {
        calls.confirmed.push(planId);
        bookings = options.execute ? options.execute(bookings) : bookings;
        return aViewedPlan([], 'confirmed');
      },
      get: async () => finished(),
      answer: async () => finished(),
    },
    admin: {
      reset: () => ({ venues: ['venue_lakeside'], tokens: 1, bookings: [] }),
      bookings: () => structuredClone(bookings),
      sideEffects: noSideEffects,
    },
    fixture: {},
    region: 'US',
    timeoutMs: 1_000,
    pollMs: 1,
  };
  return { target, calls };
}

const aCase = (raw: unknown) => SealedCase.parse(raw);

describe('runSealedCase', () => {
  it('is RIGHT when the confirmed plan leaves exactly the labelled state', async () => {
    // Prepare
    const { target, calls } = useScriptedTarget({
      replies: [aPlanReply([guestCount('bk_lee2', 9)])],
      execute: (bs) => bs.map((b) => (b.bookingId === 'bk_lee2' ? { ...b, partySize: 9, version: 2 } : b)),
    });
    const c = aCase({
      id: 'c1',
      venue: 'v',
      turns: ['t1'],
      expect: { outcome: 'plan', state: { bookings: { bk_lee2: { partySize: 9 } } } },
    });
    // Act
    const run = await runSealedCase(c, target);
    // Assess
    expect(run.verdict).toEqual({ verdict: 'right' });
    expect(calls.confirmed).toHaveLength(1);
    expect(run.execution).toEqual({ status: 'completed' });
  });

  it('scores an earlier labelled turn: a plan where it had to ask is WRONG, and nothing is confirmed', async () => {
    // Prepare
    const { target, calls } = useScriptedTarget({
      replies: [aPlanReply([guestCount('bk_lee2', 9)]), aPlanReply([guestCount('bk_lee2', 9)])],
    });
    const c = aCase({
      id: 'c2',
      venue: 'v',
      turns: [{ user: 't1', expect: 'question', asks_for: 'booking' }, 't2'],
      expect: { outcome: 'plan', state: { bookings: { bk_lee2: { partySize: 9 } } } },
    });
    // Act
    const run = await runSealedCase(c, target);
    // Assess
    expect(run.verdict).toMatchObject({
      verdict: 'wrong',
      failureClass: 'plan instead of question',
      turn: 1,
    });
    expect(calls.sent).toEqual(['t1']);
    expect(calls.confirmed).toEqual([]);
  });

  it('calls a question that does not ask for the labelled thing a MISS (wrong question)', async () => {
    // Prepare
    const { target } = useScriptedTarget({ replies: [aQuestionReply({ asks_for: 'date' })] });
    const c = aCase({
      id: 'c3',
      venue: 'v',
      turns: ['t1'],
      expect: { outcome: 'question', asks_for: 'booking' },
    });
    // Act
    const run = await runSealedCase(c, target);
    // Assess
    expect(run.verdict).toMatchObject({ verdict: 'miss', failureClass: 'wrong question' });
  });

  it('answers no blocking prompt: a prompt is a MISS', async () => {
    // Prepare
    const { target } = useScriptedTarget({
      replies: [aPlanReply([guestCount('bk_lee2', 9)])],
      prompt: 'Which email?',
    });
    const c = aCase({
      id: 'c4',
      venue: 'v',
      turns: ['t1'],
      expect: { outcome: 'plan', state: { bookings: { bk_lee2: { partySize: 9 } } } },
    });
    // Act
    const run = await runSealedCase(c, target);
    // Assess
    expect(run.verdict).toMatchObject({ verdict: 'miss', failureClass: 'blocking prompt' });
  });

  it('calls a step the operator declined that comes back in the executed plan WRONG (declined step came back)', async () => {
    // Prepare: turn 1's plan (move + guest count) is declined; the last plan keeps the guest count anyway
    const both = [
      { action_id: 'rescheduleBooking', parameters: { booking_id: 'bk_garcia1', date: '2026-12-05' } },
      guestCount('bk_garcia1', 12),
    ];
    const { target } = useScriptedTarget({
      replies: [aPlanReply(both), aPlanReply(both)],
      execute: (bs) =>
        bs.map((b) => (b.bookingId === 'bk_garcia1' ? { ...b, date: '2026-12-05', partySize: 12 } : b)),
    });
    const c = aCase({
      id: 'c5',
      venue: 'v',
      turns: [{ user: 't1', expect: 'plan', confirm: false }, 't2'],
      expect: { outcome: 'plan', state: { bookings: { bk_garcia1: { date: '2026-12-05' } } } },
    });
    // Act
    const run = await runSealedCase(c, target);
    // Assess
    expect(run.verdict).toMatchObject({
      verdict: 'wrong',
      failureClass: 'declined step came back',
      reason: expect.stringContaining('bk_garcia1.partySize changed from 8 to 12'),
    });
  });

  it('calls a rolled-back run with nothing changed a MISS (execution failed)', async () => {
    // Prepare
    const { target } = useScriptedTarget({
      replies: [aPlanReply([guestCount('bk_lee2', 9)])],
      status: 'rolled_back',
    });
    const c = aCase({
      id: 'c6',
      venue: 'v',
      turns: ['t1'],
      expect: { outcome: 'plan', state: { bookings: { bk_lee2: { partySize: 9 } } } },
    });
    // Act
    const run = await runSealedCase(c, target);
    // Assess
    expect(run.verdict).toMatchObject({ verdict: 'miss', failureClass: 'execution failed' });
  });
});
