import type { PlanStatus } from '../contracts/enums.ts';

/**
 * The slice of a logger the use cases need (the Powertools Logger satisfies it). Attributes are ids, states and
 * outcomes only: never the token, never guest PII.
 */
export interface OpsLog {
  info(message: string, attributes: Record<string, unknown>): void;
  warn(message: string, attributes: Record<string, unknown>): void;
  /** Keys every later line of this invocation carries (Powertools Logger.appendKeys). Optional: tests omit it. */
  appendKeys?(keys: Record<string, unknown>): void;
}

/** A log that drops everything (tests that do not assert on logs). */
export const silentLog: OpsLog = { info: () => undefined, warn: () => undefined };

/** The ids every plan log line carries (issue 4: correlation ids plan_id, session_id). */
export interface PlanLogRef {
  plan_id: string;
  session_id: string;
  version: number;
}

/**
 * Issue 7 Logs: correlation ids. Once a use case knows which plan an invocation is about, every later log line
 * carries its plan_id, session_id and trace id (the trace id lives on the plan item). The HTTP handlers reset
 * the keys per request (Powertools injectLambdaContext), the SQS consumer per record.
 */
export function correlate(
  log: OpsLog,
  plan: { plan_id: string; session_id: string; trace_id?: string },
): void {
  log.appendKeys?.({
    plan_id: plan.plan_id,
    session_id: plan.session_id,
    ...(plan.trace_id ? { trace_id: plan.trace_id } : {}),
  });
}

/** One ops-readable line per status transition, e.g. "plan 3f… pending_confirmation → confirmed". */
export function logTransition(
  log: OpsLog,
  plan: PlanLogRef,
  from: PlanStatus,
  to: PlanStatus,
  extra: Record<string, unknown> = {},
): void {
  log.info(`plan ${plan.plan_id} ${from} → ${to}`, {
    plan_id: plan.plan_id,
    session_id: plan.session_id,
    from,
    to,
    version: plan.version,
    ...extra,
  });
}
