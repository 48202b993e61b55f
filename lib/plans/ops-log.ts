import type { PlanStatus } from '../contracts/enums.ts';

/**
 * The slice of a logger the use cases need (the Powertools Logger satisfies it). Attributes are ids, states and
 * outcomes only: never the token, never guest PII.
 */
export interface OpsLog {
  info(message: string, attributes: Record<string, unknown>): void;
  warn(message: string, attributes: Record<string, unknown>): void;
}

/** A log that drops everything (tests that do not assert on logs). */
export const silentLog: OpsLog = { info: () => undefined, warn: () => undefined };

/** The ids every plan log line carries (issue 4: correlation ids plan_id, session_id). */
export interface PlanLogRef {
  plan_id: string;
  session_id: string;
  version: number;
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
