import * as z from 'zod';
import { FaultSpec } from '../../devkit/sandbox/faults.ts';
import { FixtureBooking } from '../../devkit/sandbox/fixture-schema.ts';
import { PlanStatus } from '../../lib/contracts/enums.ts';
import { AsksFor } from './score/turn-outcome.ts';

/**
 * The golden-conversation case format (docs/eval.md "Case format"): one YAML file per case under eval/cases/.
 * Every object is strict, so a misspelt expectation is an error instead of a silently skipped check.
 */

/** A regular expression written as a string; matched case-insensitively. */
const Pattern = z.string().min(1).refine(compiles, 'must be a valid regular expression');

/** An expected parameter value: a scalar (compared as text: 14 matches "14") or `{ regex }`. */
export const ExpectedValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.strictObject({ regex: Pattern }),
]);
export type ExpectedValue = z.infer<typeof ExpectedValue>;

/** One expected plan step. Parameters are a subset match; `absent` names parameters that must not be set. */
export const ExpectedAction = z.strictObject({
  action_id: z.string().min(1),
  parameters: z.record(z.string(), ExpectedValue).default({}),
  absent: z.array(z.string()).default([]),
});

const PlanExpectation = z.strictObject({
  kind: z.literal('plan'),
  /** The plan's steps, exactly these action ids in this order (after dropping `ignore_actions`). */
  actions: z.array(ExpectedAction).min(1),
  /** Steps a model may add or not without changing the outcome, e.g. a read-only getAvailability step. */
  ignore_actions: z.array(z.string().min(1)).default([]),
  intent_summary: Pattern.optional(),
  /** Action ids the confirmation screen must mark high-risk / irreversible, and no others (default: unchecked). */
  high_risk_actions: z.array(z.string().min(1)).optional(),
  irreversible_actions: z.array(z.string().min(1)).optional(),
});

const ClarificationExpectation = z.strictObject({
  kind: z.literal('clarification'),
  /** The question must match (case-insensitive). */
  question: Pattern.optional(),
  /** The question must not match, e.g. a party size the user never gave. */
  question_not: Pattern.optional(),
  /** Exact number of booking candidates offered (000 Booking Resolution 4). */
  candidates: z.number().int().min(0).optional(),
  /** The candidates' booking ids, in any order. */
  candidate_ids: z.array(z.string()).optional(),
  /** Each pattern must match at least one suggestion (e.g. alternative slots). */
  suggestions: z.array(Pattern).optional(),
  /** What the question must say it asks for (the reply's `asks_for`; eval/lib/score/turn-outcome.ts). */
  asks_for: AsksFor.optional(),
});

/** What one user turn must produce. */
export const TurnExpectation = z.discriminatedUnion('kind', [PlanExpectation, ClarificationExpectation]);
export type TurnExpectation = z.infer<typeof TurnExpectation>;

export const Turn = z.strictObject({
  user: z.string().min(1).max(4000),
  expect: TurnExpectation,
});
export type Turn = z.infer<typeof Turn>;

/** A booking of the case's own fixture; bookingId is required so expectations can name it. */
export const CaseBooking = FixtureBooking.extend({
  bookingId: z
    .string()
    .regex(/^bk_[a-z0-9]+$/, 'must be bk_ + lowercase letters/digits (openapi BookingId pattern)'),
});

export const CaseFixture = z.strictObject({
  /** `eval`: eval/fixtures/venue.yaml with only these bookings; `demo`: the demo venue plus these bookings. */
  base: z.enum(['eval', 'demo']).default('eval'),
  bookings: z.array(CaseBooking).default([]),
});

/** Confirming a plan that must be refused (a superseded or cancelled plan): 409 with a message. */
const RejectedConfirm = z.strictObject({
  /** 1-based index of the turn whose plan is confirmed. */
  turn: z.number().int().min(1),
  status: z.number().int().default(409),
  message: Pattern.optional(),
});

export const ConfirmStep = z.strictObject({
  /** 1-based index of the turn whose plan is confirmed; default the last turn that answered with a plan. */
  turn: z.number().int().min(1).optional(),
  /** Answers to blocking prompts, in order; a prompt with no answer left fails the trial. */
  answers: z.array(z.string().min(1)).default([]),
});

export const OutcomeExpectation = z.strictObject({
  status: PlanStatus.extract(['completed', 'failed', 'rolled_back']),
  /** Each blocking prompt, in order, must match its pattern; default: none may appear. */
  blocking_prompts: z.array(Pattern).default([]),
  failure_reason: Pattern.optional(),
  rollback: z
    .strictObject({
      triggered_by_step: z.number().int().min(1).optional(),
      actions_reversed: z.array(z.number().int().min(1)).optional(),
      actions_failed_to_reverse: z.array(z.number().int().min(1)).optional(),
      irreversible_actions_completed: z.array(z.number().int().min(1)).optional(),
    })
    .optional(),
  /** Steps whose `executed` flag must be true after the run (reversed steps stay executed). */
  executed_steps: z.array(z.number().int().min(1)).optional(),
});

/** Booking fields the database check compares (raw sandbox records, camelCase). */
export const BookingFields = z.strictObject({
  guestName: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  date: z.string().optional(),
  startTime: z.string().optional(),
  productId: z.string().optional(),
  partySize: z.number().int().optional(),
  status: z.enum(['confirmed', 'pending', 'cancelled', 'completed']).optional(),
});
export type BookingFields = z.infer<typeof BookingFields>;

/** An expected change of a fixture booking: fields, plus notes added (text fragments) or removed (note ids). */
export const BookingChange = BookingFields.extend({
  /** A new note must hold every fragment (case-insensitive); no other note may be added. */
  notes_added: z.array(z.string().min(1)).min(1).optional(),
  /** These note ids must be gone; no other note may be removed. */
  notes_removed: z.array(z.string().min(1)).min(1).optional(),
});

export const DatabaseExpectation = z.strictObject({
  /** Expected changes by bookingId; every other field of these bookings, and every other booking, is unchanged. */
  bookings: z.record(z.string(), BookingChange).default({}),
  /** Bookings that must exist afterwards and did not before (the new-reservation flow). */
  created: z.array(BookingFields).default([]),
  /** Committed mutating calls in order (the journal), e.g. [rescheduleBooking, rescheduleBooking] for a rollback. */
  committed_operations: z.array(z.string()).optional(),
  /**
   * Payment links issued (side effects that leave the booking as it is): how many, or which, each with its
   * booking (`@created:N` for the Nth created booking) and, when given, its amount.
   */
  payment_links: z
    .union([
      z.number().int().min(0),
      z.array(z.strictObject({ bookingId: z.string().min(1), amount: z.number().min(0).optional() })),
    ])
    .default(0),
  confirmations_sent: z.number().int().min(0).default(0),
});
export type DatabaseExpectation = z.infer<typeof DatabaseExpectation>;

/** One golden conversation. */
export const EvalCase = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case'),
    title: z.string().min(1).max(200),
    tags: z.array(z.string().min(1)).min(1),
    /** Whether the deterministic offline model is expected to pass it (docs/models.md lists what it covers). */
    offline_in_scope: z.boolean(),
    /** Why the offline model cannot pass it; required when offline_in_scope is false. */
    out_of_scope_reason: z.string().min(1).optional(),
    fixture: CaseFixture.default({ base: 'eval', bookings: [] }),
    /** Sandbox faults (docs/sandbox.md "Faults"), injected after the conversation, just before confirming. */
    faults: z.array(FaultSpec).default([]),
    turns: z.array(Turn).min(1),
    confirm_rejected: z.array(RejectedConfirm).default([]),
    confirm: ConfirmStep.optional(),
    outcome: OutcomeExpectation.optional(),
    database: DatabaseExpectation.default({
      bookings: {},
      created: [],
      payment_links: 0,
      confirmations_sent: 0,
    }),
  })
  .superRefine(function checkCase(c, ctx) {
    const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (!c.offline_in_scope && !c.out_of_scope_reason) {
      issue(['out_of_scope_reason'], 'say why the offline model cannot pass this case');
    }
    if (c.confirm && !c.outcome) issue(['outcome'], 'a confirmed case needs an outcome expectation');
    if (!c.confirm && c.outcome) issue(['confirm'], 'an outcome needs a confirm step');
    if (c.faults.length > 0 && !c.confirm) issue(['faults'], 'faults are injected before confirming');
    const planTurns = c.turns.flatMap((t, i) => (t.expect.kind === 'plan' ? [i + 1] : []));
    if (c.confirm && planTurns.length === 0) issue(['confirm'], 'no turn expects a plan to confirm');
    const named = [c.confirm?.turn, ...c.confirm_rejected.map((r) => r.turn)];
    for (const turn of named) {
      if (turn !== undefined && !planTurns.includes(turn)) {
        issue(['confirm'], `turn ${turn} does not expect a plan`);
      }
    }
    const ids = new Set(c.fixture.bookings.map((b) => b.bookingId));
    for (const id of Object.keys(c.database.bookings)) {
      if (c.fixture.base === 'eval' && !ids.has(id))
        issue(['database', 'bookings', id], 'not a fixture booking');
    }
  });
export type EvalCase = z.infer<typeof EvalCase>;
export type EvalCaseInput = z.input<typeof EvalCase>;

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'i');
    return true;
  } catch {
    return false;
  }
}
