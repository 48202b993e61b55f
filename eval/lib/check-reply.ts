import type { ChatReply } from '../../devkit/chat/service-client.ts';
import type { TurnExpectation } from './case-schema.ts';
import { matches, show, valueMatches } from './match.ts';
import { asksForProblem } from './score/turn-outcome.ts';

type PlanReply = Extract<ChatReply, { kind: 'plan' }>;
type ClarificationReply = Extract<ChatReply, { kind: 'clarification' }>;

/** What one reply got wrong against its turn expectation; empty when it passes. */
export function checkReply(turn: number, expect: TurnExpectation, reply: ChatReply): string[] {
  const at = `turn ${turn}`;
  if (reply.kind !== expect.kind) {
    const got =
      reply.kind === 'plan'
        ? `a plan [${reply.plan.actions.map((a) => a.action_id).join(', ')}]`
        : `a clarification ${show(reply.question)}`;
    return [`${at}: expected a ${expect.kind}, got ${got}`];
  }
  if (expect.kind === 'plan' && reply.kind === 'plan') return checkPlan(at, expect, reply);
  if (expect.kind === 'clarification' && reply.kind === 'clarification')
    return checkClarification(at, expect, reply);
  return [];
}

function checkPlan(
  at: string,
  expect: Extract<TurnExpectation, { kind: 'plan' }>,
  reply: PlanReply,
): string[] {
  const actual = reply.plan.actions.filter((a) => !expect.ignore_actions.includes(a.action_id));
  const ids = actual.map((a) => a.action_id);
  const wanted = expect.actions.map((a) => a.action_id);
  if (ids.join() !== wanted.join())
    return [`${at}: expected actions [${wanted.join(', ')}], got [${ids.join(', ')}]`];
  const failures: string[] = [];
  expect.actions.forEach((step, i) => {
    const params = actual[i]?.parameters ?? {};
    const where = `${at} step ${i + 1} ${step.action_id}`;
    for (const [name, value] of Object.entries(step.parameters)) {
      if (!valueMatches(value, params[name])) {
        failures.push(`${where}: ${name} expected ${show(value)}, got ${show(params[name])}`);
      }
    }
    for (const name of step.absent) {
      if (params[name] !== undefined)
        failures.push(`${where}: ${name} must not be set, got ${show(params[name])}`);
    }
  });
  if (expect.intent_summary && !matches(expect.intent_summary, reply.plan.intent_summary)) {
    failures.push(
      `${at}: intent_summary ${show(reply.plan.intent_summary)} does not match /${expect.intent_summary}/`,
    );
  }
  const marked = (test: (step: PlanReply['presentation']['steps'][number]) => boolean) => {
    const numbers = new Set(reply.presentation.steps.filter(test).map((s) => s.step_number));
    return reply.plan.actions.filter((a) => numbers.has(a.step_number)).map((a) => a.action_id);
  };
  const flags = [
    ['high-risk', expect.high_risk_actions, marked((s) => s.safety_tier === 'high_risk')],
    ['irreversible', expect.irreversible_actions, marked((s) => s.irreversible)],
  ] as const;
  for (const [what, want, got] of flags) {
    if (want && [...want].sort().join() !== [...got].sort().join()) {
      failures.push(`${at}: ${what} steps expected [${want.join(', ')}], got [${got.join(', ')}]`);
    }
  }
  return failures;
}

function checkClarification(
  at: string,
  expect: Extract<TurnExpectation, { kind: 'clarification' }>,
  reply: ClarificationReply,
): string[] {
  const failures: string[] = [];
  if (expect.question && !matches(expect.question, reply.question)) {
    failures.push(`${at}: question ${show(reply.question)} does not match /${expect.question}/`);
  }
  if (expect.question_not && matches(expect.question_not, reply.question)) {
    failures.push(`${at}: question ${show(reply.question)} must not match /${expect.question_not}/`);
  }
  const asks = asksForProblem(expect.asks_for, reply);
  if (asks) failures.push(`${at}: the question ${asks}`);
  const candidates = reply.candidates ?? [];
  if (expect.candidates !== undefined && candidates.length !== expect.candidates) {
    failures.push(`${at}: expected ${expect.candidates} candidates, got ${candidates.length}`);
  }
  if (expect.candidate_ids) {
    const got = candidates.map((c) => c.booking_id).sort();
    const want = [...expect.candidate_ids].sort();
    if (got.join() !== want.join()) failures.push(`${at}: candidates expected [${want}], got [${got}]`);
  }
  for (const pattern of expect.suggestions ?? []) {
    if (!(reply.suggestions ?? []).some((s) => matches(pattern, s))) {
      failures.push(`${at}: no suggestion matches /${pattern}/ in ${show(reply.suggestions ?? [])}`);
    }
  }
  return failures;
}
