import type { StoredStep } from '../../plans/stored-plan.ts';
import type { ActionOutcome } from '../../ports/booking-api.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import type { StepContext } from '../run-context.ts';
import { reversalReason } from '../step/error-messages.ts';
import { type Resolution, resolveInDoubt } from '../step/resolve-in-doubt.ts';

type Failed = Extract<ActionOutcome, { ok: false }>;

/**
 * The reversal-failure reason of a compensation left in doubt: no answer, and the booking could not be read back.
 * rollback-report.ts words its manual step as a check ("if it still shows the change"), never as "could not be
 * undone", which would send the user to redo a reversal that may already have happened (issue 28).
 */
export const COMPENSATION_IN_DOUBT_REASON =
  'no answer was received and the booking could not be read back, so it is unknown whether it was undone';

/** A compensation sent, what came of it: applied (with the API's answer or the read-back), or a reason. */
export type CompensationResult = { ok: true; data: Record<string, unknown> } | { ok: false; reason: string };

/** The compensation's write as resolveInDoubt reads it: its arguments, and the booking our last write left. */
export interface CompensationWrite {
  /** The forward step being reversed (its number and its recorded request). */
  step: StoredStep;
  target: CompiledAction;
  args: Record<string, unknown>;
  /** The If-Match sent with the compensation (our latest write's version), when there was one. */
  ifMatch?: string;
  idempotencyKey: string;
}

/**
 * The compensation as a step: its arguments are the request; `before` is the booking as our last write left it —
 * the If-Match version (so an unmoved version reads "not undone") and the forward step's values (what the booking
 * shows until the reversal lands, for a resource without versions).
 */
function asStep(write: CompensationWrite): StoredStep {
  const version = write.ifMatch !== undefined ? Number(write.ifMatch) : undefined;
  return {
    ...write.step,
    action_id: write.target.action_id,
    resolved_parameters: write.args,
    before: {
      ...(write.step.resolved_parameters ?? {}),
      ...(version !== undefined && Number.isFinite(version) ? { version } : {}),
    },
  };
}

function reasonOf(resolution: Exclude<Resolution, { kind: 'applied' }>): string {
  if (resolution.kind === 'in_doubt') return COMPENSATION_IN_DOUBT_REASON;
  const last = resolution.outcome;
  // Read back as not undone and every same-key re-send went unanswered: say what is known, not the transport text.
  return last.status === undefined
    ? 'the booking service did not answer, and the booking still shows the change'
    : reversalReason(last.error_type, last.message);
}

/**
 * Resolves a compensation whose answer was lost (no response, 502/504) exactly as a forward step's (ADR 0007,
 * issue 28): the booking is read back — undone → applied; still our last write → re-sent under the SAME key and
 * If-Match while the budget (IN_DOUBT_MAX_RESENDS) lasts; a reversal that cannot be read back (deleting a note) is
 * re-sent under the same key, and the API's replay is its answer. Unknown only when the API does not answer.
 */
export async function resolveCompensation(
  ctx: StepContext,
  write: CompensationWrite,
  first: Failed,
): Promise<CompensationResult> {
  const resolution = await resolveInDoubt(ctx, write.target, asStep(write), first, {
    resends: ctx.deps.config.IN_DOUBT_MAX_RESENDS,
    idempotencyKey: write.idempotencyKey,
  });
  if (resolution.kind === 'applied') return { ok: true, data: resolution.data };
  return { ok: false, reason: reasonOf(resolution) };
}
