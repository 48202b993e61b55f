import type { ChatReply } from '../../../devkit/chat/service-client.ts';
import { outcomeClassOf, scoreTurnOutcome } from '../score/turn-outcome.ts';
import type { BlindCase, ExpectedAction, ExpectedValue } from './blind-case.ts';

/** How one blind case came out. A wrong plan is a plan the operator could confirm that does not do what was asked. */
export type BlindVerdict =
  | { verdict: 'right' }
  | { verdict: 'wrong_plan'; reason: string }
  | { verdict: 'failed'; reason: string };

/** Fields that change what a booking is: a plan that sets one the case does not expect changes something unasked. */
const KEY_FIELDS = new Set([
  'date',
  'start_time',
  'party_size',
  'email',
  'phone',
  'guest_name',
  'product_id',
  'amount',
]);
const PLACEHOLDER = /^\{\{\s*step_(\d+)\.([a-z0-9_.]+)\s*\}\}$/i;

type Step = { action_id: string; parameters: Record<string, unknown> };

/** Free text compared by fragment: a note's wording is free, so a listed text must appear in it. */
const FREE_TEXT = new Set(['text']);

function norm(name: string, value: unknown): string {
  const text = String(value).trim();
  if (name === 'phone') return text.replace(/[\s().-]/g, '');
  return text.replace(/\s+/g, ' ').toLowerCase();
}

/**
 * One phone number, however written: the corpus keeps the operator's form ("021 448 9031") and the service stores
 * E.164 ("+64214489031", issue 30). Digits without the trunk 0 must agree, apart from a 1-3 digit country code.
 */
export function samePhoneNumber(want: unknown, actual: unknown): boolean {
  const national = (v: unknown) => String(v).replace(/\D/g, '').replace(/^0+/, '');
  const [a, b] = [national(want), national(actual)].sort((x, y) => x.length - y.length) as [string, string];
  return a.length >= 6 && b.endsWith(a) && b.length - a.length <= 3;
}

function sameValue(name: string, want: unknown, actual: unknown): boolean {
  if (name === 'phone') return samePhoneNumber(want, actual);
  if (FREE_TEXT.has(name)) return norm(name, actual).includes(norm(name, want));
  return norm(name, actual) === norm(name, want);
}

/** Compares one expected value with the planned one; returns why they differ, or undefined. */
function valueProblem(
  name: string,
  expected: ExpectedValue,
  actual: unknown,
  ctx: { previous: ChatReply | undefined; stepIndex: Map<number, number> },
): string | undefined {
  let want: unknown = expected;
  if (typeof expected === 'object') {
    const prev = ctx.previous;
    const candidate =
      prev?.kind === 'clarification' ? prev.candidates?.[expected.candidate - 1]?.booking_id : undefined;
    if (!candidate) return `${name}: the previous reply listed no candidate ${expected.candidate}`;
    want = candidate;
  }
  if (actual === undefined) return `${name} missing (expected ${JSON.stringify(want)})`;
  const wantPh = typeof want === 'string' ? PLACEHOLDER.exec(want) : null;
  if (wantPh) {
    const gotPh = typeof actual === 'string' ? PLACEHOLDER.exec(actual) : null;
    // The corpus numbers mutating steps only; the plan may hold read-only steps too.
    const target = ctx.stepIndex.get(Number(gotPh?.[1]));
    return gotPh && target === Number(wantPh[1]) && gotPh[2] === wantPh[2]
      ? undefined
      : `${name}: ${JSON.stringify(actual)} is not ${want}`;
  }
  if (typeof want === 'number') return Number(actual) === want ? undefined : `${name}: ${actual} ≠ ${want}`;
  return sameValue(name, want, actual)
    ? undefined
    : `${name}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(want)}`;
}

function stepProblems(
  expected: ExpectedAction,
  actual: Step,
  ctx: { previous: ChatReply | undefined; stepIndex: Map<number, number> },
): string[] {
  if (expected.action_id !== actual.action_id)
    return [`${actual.action_id} instead of ${expected.action_id}`];
  const problems = Object.entries(expected.parameters).flatMap(([name, want]) => {
    const p = valueProblem(name, want, actual.parameters[name], ctx);
    return p ? [p] : [];
  });
  for (const name of Object.keys(actual.parameters)) {
    if (KEY_FIELDS.has(name) && !(name in expected.parameters))
      problems.push(`${name} set to ${JSON.stringify(actual.parameters[name])}, which was not asked for`);
  }
  return problems;
}

/** Matches planned steps to expected ones: in order, or in any order when no step refers to another. */
function planProblems(
  expected: readonly ExpectedAction[],
  planned: readonly Step[],
  ctx: { previous: ChatReply | undefined; stepIndex: Map<number, number> },
): string | undefined {
  const got = planned.map((s) => s.action_id).join(', ');
  if (planned.length !== expected.length)
    return `planned [${got}], expected [${expected.map((a) => a.action_id).join(', ')}]`;
  const inOrder = expected.flatMap((e, i) => stepProblems(e, planned[i] as Step, ctx));
  if (inOrder.length === 0) return undefined;
  const independent = planned.every(
    (s) => !Object.values(s.parameters).some((v) => PLACEHOLDER.test(String(v))),
  );
  if (independent) {
    const left = [...planned];
    const matchedAll = expected.every((e) => {
      const i = left.findIndex((s) => stepProblems(e, s, ctx).length === 0);
      if (i < 0) return false;
      left.splice(i, 1);
      return true;
    });
    if (matchedAll) return undefined;
  }
  return inOrder.join('; ');
}

/** Whether the last turn picks "the Nth candidate" of the question the turn before it must have asked. */
function picksACandidate(blindCase: BlindCase): boolean {
  return (blindCase.expect.actions ?? []).some((a) =>
    Object.values(a.parameters).some((v) => typeof v === 'object'),
  );
}

/**
 * Scores a blind case (eval/blind/requests/README.md). The last reply is scored against the label; an earlier
 * turn is scored where the label implies what it had to be: when the last turn picks `{candidate: N}`, the turn
 * before it had to be a question listing candidates, and a plan there guessed the booking (a wrong plan, even
 * if the pick then lands right). Read-only steps (lookups a model may add to a plan) are dropped before
 * comparing, and `{{step_N.x}}` is renumbered over the mutating steps.
 */
export function scoreBlindReply(
  blindCase: BlindCase,
  replies: readonly ChatReply[],
  isReadOnly: (actionId: string) => boolean,
): BlindVerdict {
  const reply = replies.at(-1);
  if (!reply) return { verdict: 'failed', reason: 'no reply' };
  const previous = replies.at(-2);
  if (picksACandidate(blindCase) && previous && outcomeClassOf(previous) === 'plan')
    return {
      verdict: 'wrong_plan',
      reason: `turn ${replies.length - 1}: a plan where the next turn picks from a question's candidates`,
    };
  const want = blindCase.expect;
  const miss = scoreTurnOutcome(
    { outcome: want.outcome, asks_for: want.asks_about, candidates: want.candidates },
    reply,
  );
  if (miss?.verdict === 'wrong')
    return { verdict: 'wrong_plan', reason: `a plan instead of a ${want.outcome}` };
  if (miss) return { verdict: 'failed', reason: miss.reason };
  if (reply.kind !== 'plan') return { verdict: 'right' };
  const stepIndex = new Map<number, number>();
  const mutating = reply.plan.actions.filter((a) => !isReadOnly(a.action_id));
  reply.plan.actions.forEach((a) => {
    const at = mutating.indexOf(a);
    if (at >= 0) stepIndex.set(a.step_number, at + 1);
  });
  const problem = planProblems(want.actions ?? [], mutating, { previous, stepIndex });
  return problem ? { verdict: 'wrong_plan', reason: problem } : { verdict: 'right' };
}
