import * as z from 'zod';
import type { ChatReply } from '../../../devkit/chat/service-client.ts';

/** The reply classes the corpora label (openapi/service.yaml reply_type, with a plan as its own class). */
export const OutcomeClass = z.enum(['plan', 'question', 'decline', 'cancel']);
export type OutcomeClass = z.infer<typeof OutcomeClass>;

/** What a question may be labelled as asking for (openapi/service.yaml asks_for, without `action`). */
export const AsksFor = z.enum(['booking', 'date', 'time', 'party_size', 'contact', 'product', 'other']);
export type AsksFor = z.infer<typeof AsksFor>;

/** The class of one reply. */
export function outcomeClassOf(reply: ChatReply): OutcomeClass {
  if (reply.kind === 'plan') return 'plan';
  if (reply.reply_type === 'declined') return 'decline';
  if (reply.reply_type === 'cancelled') return 'cancel';
  return 'question';
}

/** What one labelled turn must get back: the class, and for a question what it asks for and whom it offers. */
export interface TurnLabel {
  outcome: OutcomeClass;
  asks_for?: AsksFor | undefined;
  candidates?: readonly string[] | undefined;
}

/**
 * How a turn missed its label. `wrong` is a plan the operator could confirm where none was labelled: it would
 * change what the label says must stay as it is. Anything else that differs is a `miss`.
 */
export interface TurnMiss {
  verdict: 'wrong' | 'miss';
  /** A short failure class for the tables: needless question, wrong question, refused… */
  failureClass: string;
  reason: string;
}

/**
 * Whether a question asks for what the label says. A specific label needs the reply's `asks_for` to say the
 * same: a question that does not say what it asks for cannot be told apart from a wrong one. `other` is met by
 * a question about one thing outside the named ones (`other`, `action`) or about several (no asks_for).
 */
export function asksForProblem(expected: AsksFor | undefined, reply: ChatReply): string | undefined {
  if (expected === undefined || reply.kind !== 'clarification') return undefined;
  const got = reply.asks_for;
  if (expected === 'other')
    return got === undefined || got === 'other' || got === 'action'
      ? undefined
      : `asks for ${got}, expected something other than booking, date, time, party size, contact or product`;
  if (got === expected) return undefined;
  return got === undefined
    ? `does not say what it asks for, expected ${expected}`
    : `asks for ${got}, expected ${expected}`;
}

/** Candidates the label names that the question does not offer (extra fuzzy matches are no error). */
export function missingCandidates(expected: readonly string[] | undefined, reply: ChatReply): string[] {
  if (!expected || reply.kind !== 'clarification') return [];
  const offered = new Set((reply.candidates ?? []).map((c) => c.booking_id));
  return expected.filter((id) => !offered.has(id));
}

const MISS_CLASS: Partial<Record<`${OutcomeClass}>${OutcomeClass}`, string>> = {
  'plan>question': 'needless question',
  'plan>decline': 'refused',
  'question>decline': 'refused',
  'decline>question': 'asked instead of declining',
  'cancel>question': 'missed cancel',
  'cancel>decline': 'missed cancel',
};

/**
 * Scores one reply against its label: undefined when it meets it. A plan's values are not looked at here; the
 * suites compare them (blind: the planned values; sealed and golden: the state after execution).
 */
export function scoreTurnOutcome(label: TurnLabel, reply: ChatReply): TurnMiss | undefined {
  const got = outcomeClassOf(reply);
  const said = reply.kind === 'clarification' ? `: ${reply.question.slice(0, 140)}` : '';
  if (got !== label.outcome) {
    if (got === 'plan')
      return { verdict: 'wrong', failureClass: `plan instead of ${label.outcome}`, reason: 'a plan' };
    const failureClass =
      got === 'cancel' ? 'wrongly cancelled' : (MISS_CLASS[`${label.outcome}>${got}`] ?? 'wrong outcome');
    return { verdict: 'miss', failureClass, reason: `${got} instead of ${label.outcome}${said}` };
  }
  if (got !== 'question') return undefined;
  const missing = missingCandidates(label.candidates, reply);
  if (missing.length > 0)
    return {
      verdict: 'miss',
      failureClass: 'wrong candidates',
      reason: `candidates lack ${missing.join(', ')}`,
    };
  const asks = asksForProblem(label.asks_for, reply);
  return asks ? { verdict: 'miss', failureClass: 'wrong question', reason: `${asks}${said}` } : undefined;
}
