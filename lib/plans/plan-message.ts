import type { EnqueueOptions, PlanMessage } from '../ports/plan-queue.ts';

/**
 * FIFO deduplication id of a plan message. It includes the plan version the message belongs to, because SQS FIFO
 * drops any send that reuses an id within 5 minutes, even after the first was consumed (docs/design-facts.md): a
 * constant id would silently lose a resume. Two confirms racing on the same version produce the same id, so the
 * queue keeps exactly one of them.
 */
export function planDeduplicationId(planId: string, kind: PlanMessage['kind'], version: number): string {
  return `${planId}:${kind}:v${version}`;
}

/**
 * The message and FIFO options that start or resume a plan. `version` is the plan version the message refers to:
 * for `start` the pending version that was confirmed, for `resume` the version the stored answer gets.
 */
export function buildPlanMessage(
  planId: string,
  kind: PlanMessage['kind'],
  version: number,
  /** The user's token as TokenSealer.seal gave it for this plan (never the token itself: issue 28). */
  sealedToken: string,
): { message: PlanMessage; options: EnqueueOptions } {
  return {
    message: { plan_id: planId, kind, version, sealed_token: sealedToken },
    options: { groupId: planId, deduplicationId: planDeduplicationId(planId, kind, version) },
  };
}
