import type { RollbackReport } from '../../lib/contracts/action-result.ts';
import type { ChatReply, ViewedPlan } from './service-client.ts';

/** Markers a person can scan on a phone-sized terminal; also spelled out for screen readers and logs. */
export const HIGH_RISK = '⚠ HIGH RISK';
export const IRREVERSIBLE = '⛔ cannot be undone';

export function formatReply(reply: ChatReply): string {
  if (reply.kind === 'clarification') {
    const lines = [`? ${reply.question}`];
    reply.candidates?.forEach((c, i) => {
      const label =
        c.display_label ??
        [c.guest_name, c.booking_date, c.booking_time, c.party_size ? `${c.party_size} guests` : undefined]
          .filter(Boolean)
          .join(' · ');
      lines.push(`  ${i + 1}. ${label}${c.status && c.status !== 'confirmed' ? ` (${c.status})` : ''}`);
    });
    if (reply.suggestions?.length) lines.push(`  Try: ${reply.suggestions.map((s) => `"${s}"`).join(', ')}`);
    return lines.join('\n');
  }
  const lines = [`Plan: ${reply.presentation.intent_summary}`];
  // A plan made by "try again" says first what changed since the failed attempt (ADR 0015).
  if (reply.presentation.retry_note) lines.unshift(reply.presentation.retry_note);
  for (const step of reply.presentation.steps) {
    const marks = [step.safety_tier === 'high_risk' ? HIGH_RISK : '', step.irreversible ? IRREVERSIBLE : '']
      .filter(Boolean)
      .join(' ');
    lines.push(`  ${step.step_number}. ${step.line}${marks ? `  [${marks}]` : ''}`);
  }
  return lines.join('\n');
}

export function formatRollback(report: RollbackReport): string[] {
  const lines = [`  Step ${report.triggered_by_step} failed.`];
  if (report.actions_reversed.length) lines.push(`  Undone: step(s) ${report.actions_reversed.join(', ')}.`);
  for (const f of report.actions_failed_to_reverse ?? [])
    lines.push(`  Could not undo step ${f.step_number}: ${f.reason}`);
  if (report.irreversible_actions_completed?.length) {
    lines.push(
      `  Still in effect (cannot be undone): step(s) ${report.irreversible_actions_completed.join(', ')}.`,
    );
  }
  if (report.manual_recovery_steps?.length) {
    lines.push('  What to do by hand:');
    for (const s of report.manual_recovery_steps) lines.push(`   - ${s}`);
  }
  return lines;
}

/** The end of a plan's life, for a person: what changed, or what failed and what was undone. */
export function formatOutcome(plan: ViewedPlan): string {
  if (plan.status === 'completed') {
    const lines = ['✔ Done.'];
    for (const a of plan.actions) {
      // The executor writes a before → after line per completed step (docs/executor.md "Success").
      const summary = a.result?.response_data?.change_summary;
      lines.push(`  ${a.step_number}. ${typeof summary === 'string' ? summary : `${a.action_id}: done`}`);
    }
    return lines.join('\n');
  }
  const lines = [`✖ ${plan.status === 'rolled_back' ? 'Failed and rolled back' : 'Failed'}.`];
  if (plan.failure_reason) lines.push(`  ${plan.failure_reason}`);
  if (plan.rollback_report) lines.push(...formatRollback(plan.rollback_report));
  return lines.join('\n');
}
