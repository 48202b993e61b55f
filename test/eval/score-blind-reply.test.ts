import { describe, expect, it } from 'vitest';
import type { ChatReply } from '../../devkit/chat/service-client.ts';
import type { BlindCase } from '../../eval/lib/blind/blind-case.ts';
import { loadBlindSuite } from '../../eval/lib/blind/blind-case.ts';
import { samePhoneNumber, scoreBlindReply } from '../../eval/lib/blind/score-blind-reply.ts';

const READ_ONLY = new Set(['getAvailability', 'searchBookings', 'getBooking']);
const isReadOnly = (id: string) => READ_ONLY.has(id);

function aPlan(steps: Array<{ action_id: string; parameters: Record<string, unknown> }>): ChatReply {
  const actions = steps.map((s, i) => ({
    step_number: i + 1,
    action_id: s.action_id,
    parameters: s.parameters,
    safety_tier: 'normal' as const,
    executed: false,
  }));
  return {
    kind: 'plan',
    plan: {
      plan_id: '3b0f6a52-4c1e-4d7a-9f0e-2a1b3c4d5e6f',
      session_id: 's',
      user_id: 'u',
      intent_summary: 'x',
      status: 'pending_confirmation',
      actions,
      created_at: '2026-11-23T00:00:00.000Z',
    },
    presentation: {
      intent_summary: 'x',
      steps: actions.map((a) => ({
        step_number: a.step_number,
        line: 'l',
        safety_tier: 'normal',
        irreversible: false,
      })),
    },
  };
}

function aQuestion(extra: Partial<Extract<ChatReply, { kind: 'clarification' }>> = {}): ChatReply {
  return { kind: 'clarification', question: 'Which one?', reply_type: 'question', ...extra };
}

function aCase(expect: BlindCase['expect']): BlindCase {
  return { id: 'c-1', turns: ['x'], expect };
}

const guestCount = aCase({
  outcome: 'plan',
  actions: [{ action_id: 'updateGuestCount', parameters: { booking_id: 'bk_a', party_size: 8 } }],
});

describe('scoreBlindReply', () => {
  it('is right when the plan has exactly the expected steps and values (numbers compared as numbers)', () => {
    // Act
    const v = scoreBlindReply(
      guestCount,
      [aPlan([{ action_id: 'updateGuestCount', parameters: { booking_id: 'bk_a', party_size: '8' } }])],
      isReadOnly,
    );
    // Assess
    expect(v).toEqual({ verdict: 'right' });
  });

  it('calls a plan with the wrong count a wrong plan, not a mere failure', () => {
    const v = scoreBlindReply(
      guestCount,
      [aPlan([{ action_id: 'updateGuestCount', parameters: { booking_id: 'bk_a', party_size: 2 } }])],
      isReadOnly,
    );
    expect(v).toMatchObject({ verdict: 'wrong_plan', reason: expect.stringContaining('party_size') });
  });

  it('calls any plan a wrong plan when a question, decline or cancel was expected', () => {
    for (const outcome of ['question', 'decline', 'cancel'] as const) {
      const v = scoreBlindReply(
        aCase({ outcome }),
        [aPlan([{ action_id: 'updateGuestCount', parameters: {} }])],
        isReadOnly,
      );
      expect(v.verdict).toBe('wrong_plan');
    }
  });

  it('counts a question where a plan was expected as a failure, not a wrong plan', () => {
    expect(scoreBlindReply(guestCount, [aQuestion()], isReadOnly).verdict).toBe('failed');
  });

  it('flags a key field the case did not ask to change', () => {
    const v = scoreBlindReply(
      guestCount,
      [
        aPlan([
          {
            action_id: 'updateGuestCount',
            parameters: { booking_id: 'bk_a', party_size: 8, date: '2026-12-01' },
          },
        ]),
      ],
      isReadOnly,
    );
    expect(v).toMatchObject({ verdict: 'wrong_plan', reason: expect.stringContaining('date') });
  });

  it('ignores read-only steps and renumbers placeholders over the mutating steps', () => {
    const create = aCase({
      outcome: 'plan',
      actions: [
        { action_id: 'createBooking', parameters: { product_id: 'p1' } },
        { action_id: 'createPaymentLink', parameters: { booking_id: '{{step_1.booking_id}}' } },
      ],
    });
    const plan = aPlan([
      { action_id: 'getAvailability', parameters: { product_id: 'p1' } },
      { action_id: 'createBooking', parameters: { product_id: 'p1' } },
      { action_id: 'createPaymentLink', parameters: { booking_id: '{{step_2.booking_id}}' } },
    ]);
    expect(scoreBlindReply(create, [plan], isReadOnly)).toEqual({ verdict: 'right' });
    const wrongRef = aPlan([
      { action_id: 'getAvailability', parameters: { product_id: 'p1' } },
      { action_id: 'createBooking', parameters: { product_id: 'p1' } },
      { action_id: 'createPaymentLink', parameters: { booking_id: '{{step_1.booking_id}}' } },
    ]);
    expect(scoreBlindReply(create, [wrongRef], isReadOnly).verdict).toBe('wrong_plan');
  });

  it('resolves {candidate: N} against the previous reply and accepts independent steps in any order', () => {
    const pick = aCase({
      outcome: 'plan',
      actions: [
        { action_id: 'updateGuestCount', parameters: { booking_id: { candidate: 2 }, party_size: 10 } },
        { action_id: 'updateGuestCount', parameters: { booking_id: 'bk_c', party_size: 3 } },
      ],
    });
    const question = aQuestion({
      candidates: [
        { booking_id: 'bk_a', guest_name: 'A', booking_date: '2026-12-01' },
        { booking_id: 'bk_b', guest_name: 'B', booking_date: '2026-12-02' },
      ],
    });
    const plan = aPlan([
      { action_id: 'updateGuestCount', parameters: { booking_id: 'bk_c', party_size: 3 } },
      { action_id: 'updateGuestCount', parameters: { booking_id: 'bk_b', party_size: 10 } },
    ]);
    expect(scoreBlindReply(pick, [question, plan], isReadOnly)).toEqual({ verdict: 'right' });
  });

  it('checks the offered candidates and what a question asks for', () => {
    const ask = aCase({ outcome: 'question', asks_about: 'booking', candidates: ['bk_a', 'bk_b'] });
    const offered = [
      { booking_id: 'bk_a', guest_name: 'A', booking_date: '2026-12-01' },
      { booking_id: 'bk_b', guest_name: 'B', booking_date: '2026-12-02' },
    ];
    expect(
      scoreBlindReply(ask, [aQuestion({ candidates: offered, asks_for: 'booking' })], isReadOnly).verdict,
    ).toBe('right');
    expect(scoreBlindReply(ask, [aQuestion({ candidates: offered.slice(0, 1) })], isReadOnly).verdict).toBe(
      'failed',
    );
    expect(
      scoreBlindReply(ask, [aQuestion({ candidates: offered, asks_for: 'time' })], isReadOnly).verdict,
    ).toBe('failed');
  });

  it('tells a decline and a cancellation from a question by reply_type', () => {
    expect(
      scoreBlindReply(aCase({ outcome: 'decline' }), [aQuestion({ reply_type: 'declined' })], isReadOnly)
        .verdict,
    ).toBe('right');
    expect(
      scoreBlindReply(aCase({ outcome: 'cancel' }), [aQuestion({ reply_type: 'cancelled' })], isReadOnly)
        .verdict,
    ).toBe('right');
    expect(scoreBlindReply(aCase({ outcome: 'decline' }), [aQuestion()], isReadOnly).verdict).toBe('failed');
  });
});

describe('scoreBlindReply (issue 30 fixes)', () => {
  const offered = [
    { booking_id: 'bk_a', guest_name: 'A', booking_date: '2026-12-01' },
    { booking_id: 'bk_b', guest_name: 'B', booking_date: '2026-12-02' },
  ];

  it('does not count a question that does not say what it asks for as asking for the date', () => {
    // Prepare
    const ask = aCase({ outcome: 'question', asks_about: 'date' });
    // Act
    const v = scoreBlindReply(ask, [aQuestion()], isReadOnly);
    // Assess
    expect(v).toMatchObject({ verdict: 'failed', reason: expect.stringContaining('expected date') });
  });

  it('does not count a question about the date as asking for something other', () => {
    // Prepare
    const ask = aCase({ outcome: 'question', asks_about: 'other' });
    // Act
    const dated = scoreBlindReply(ask, [aQuestion({ asks_for: 'date' })], isReadOnly);
    const other = scoreBlindReply(ask, [aQuestion({ asks_for: 'other' })], isReadOnly);
    // Assess
    expect(dated.verdict).toBe('failed');
    expect(other.verdict).toBe('right');
  });

  it('calls a plan at the turn a candidate pick answers a wrong plan, even when the pick lands right', () => {
    // Prepare: the last turn picks "the 2nd candidate", so the turn before had to ask
    const pick = aCase({
      outcome: 'plan',
      actions: [
        { action_id: 'updateGuestCount', parameters: { booking_id: { candidate: 2 }, party_size: 10 } },
      ],
    });
    const guessed = aPlan([
      { action_id: 'updateGuestCount', parameters: { booking_id: 'bk_b', party_size: 10 } },
    ]);
    // Act
    const v = scoreBlindReply(pick, [guessed, guessed], isReadOnly);
    // Assess
    expect(v).toMatchObject({ verdict: 'wrong_plan', reason: expect.stringContaining('turn 1') });
    expect(scoreBlindReply(pick, [aQuestion({ candidates: offered }), guessed], isReadOnly)).toEqual({
      verdict: 'right',
    });
  });

  it('compares a listed note text by fragment, and a different text as a wrong plan', () => {
    // Prepare
    const note = aCase({
      outcome: 'plan',
      actions: [{ action_id: 'addBookingNote', parameters: { booking_id: 'bk_a', text: 'nut allergy' } }],
    });
    const plan = (text: string) =>
      aPlan([{ action_id: 'addBookingNote', parameters: { booking_id: 'bk_a', text } }]);
    // Act
    const fits = scoreBlindReply(note, [plan('Two kids have a NUT ALLERGY')], isReadOnly);
    const other = scoreBlindReply(note, [plan('Two kids are vegetarian')], isReadOnly);
    // Assess
    expect(fits).toEqual({ verdict: 'right' });
    expect(other).toMatchObject({ verdict: 'wrong_plan', reason: expect.stringContaining('text') });
  });

  it('calls an amount the case does not name a wrong plan', () => {
    // Prepare
    const link = aCase({
      outcome: 'plan',
      actions: [{ action_id: 'createPaymentLink', parameters: { booking_id: 'bk_a' } }],
    });
    // Act
    const v = scoreBlindReply(
      link,
      [aPlan([{ action_id: 'createPaymentLink', parameters: { booking_id: 'bk_a', amount: 500 } }])],
      isReadOnly,
    );
    // Assess
    expect(v).toMatchObject({ verdict: 'wrong_plan', reason: expect.stringContaining('amount') });
  });
});

describe('eval/blind/requests', () => {
  it('loads: at least 300 cases with unique ids, a venue with a timezone, and a pinned now', () => {
    const suite = loadBlindSuite();
    expect(suite.cases.length).toBeGreaterThanOrEqual(300);
    expect(new Set(suite.cases.map((c) => c.id)).size).toBe(suite.cases.length);
    expect(suite.timeZone).toMatch(/\//);
    expect(suite.meta.now).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

describe('samePhoneNumber (issue 30: E.164 at rest, the corpus as typed)', () => {
  it.each([
    ['021 448 9031', '+64214489031', true],
    ['+64 22 555 0199', '+64225550199', true],
    ['0275550123', '+64275550123', true],
    ['021 448 9031', '+64214489032', false],
    ['021 448 9031', '+6421448903', false],
    ['(312) 555-0142', '+13125550142', true],
  ])('%s vs %s: %s', (want, actual, same) => {
    expect(samePhoneNumber(want, actual)).toBe(same);
  });
});
