import type { ViewedPlan } from '../../devkit/chat/service-client.ts';
import type { OutcomeExpectation } from './case-schema.ts';
import { matches, sameNumbers, show } from './match.ts';

type Outcome = typeof OutcomeExpectation._output;

/** What the finished plan got wrong against the case's outcome expectation; empty when it passes. */
export function checkOutcome(expect: Outcome, plan: ViewedPlan, prompts: readonly string[]): string[] {
  const failures: string[] = [];
  if (plan.status !== expect.status) {
    const why = plan.failure_reason ? ` (${plan.failure_reason})` : '';
    failures.push(`outcome: status expected ${expect.status}, got ${plan.status}${why}`);
  }
  if (prompts.length !== expect.blocking_prompts.length) {
    failures.push(
      `outcome: expected ${expect.blocking_prompts.length} blocking prompts, got ${prompts.length}`,
    );
  }
  expect.blocking_prompts.forEach((pattern, i) => {
    if (prompts[i] !== undefined && !matches(pattern, prompts[i])) {
      failures.push(`outcome: blocking prompt ${i + 1} ${show(prompts[i])} does not match /${pattern}/`);
    }
  });
  if (expect.failure_reason && !matches(expect.failure_reason, plan.failure_reason)) {
    failures.push(
      `outcome: failure_reason ${show(plan.failure_reason)} does not match /${expect.failure_reason}/`,
    );
  }
  if (expect.rollback) failures.push(...checkRollback(expect.rollback, plan));
  for (const step of expect.executed_steps ?? []) {
    if (!plan.actions[step - 1]?.executed) failures.push(`outcome: step ${step} was not executed`);
  }
  return failures;
}

function checkRollback(expect: NonNullable<Outcome['rollback']>, plan: ViewedPlan): string[] {
  const report = plan.rollback_report;
  if (!report) return ['outcome: expected a rollback_report, got none'];
  const failures: string[] = [];
  const compare = (name: string, want: number[] | undefined, got: number[]) => {
    if (want && !sameNumbers(want, got))
      failures.push(`outcome: rollback ${name} expected [${want}], got [${got}]`);
  };
  if (expect.triggered_by_step !== undefined && report.triggered_by_step !== expect.triggered_by_step) {
    failures.push(
      `outcome: rollback triggered_by_step expected ${expect.triggered_by_step}, got ${report.triggered_by_step}`,
    );
  }
  compare('actions_reversed', expect.actions_reversed, report.actions_reversed);
  compare(
    'actions_failed_to_reverse',
    expect.actions_failed_to_reverse,
    (report.actions_failed_to_reverse ?? []).map((f) => f.step_number),
  );
  compare(
    'irreversible_actions_completed',
    expect.irreversible_actions_completed,
    report.irreversible_actions_completed ?? [],
  );
  return failures;
}
