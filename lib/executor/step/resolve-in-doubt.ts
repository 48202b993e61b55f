import type { StoredStep } from '../../plans/stored-plan.ts';
import type { ActionOutcome } from '../../ports/booking-api.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import type { StepContext } from '../run-context.ts';
import { callAction } from './call-action.ts';
import { stepIdempotencyKey } from './idempotency-keys.ts';
import { canReadBack, readBack } from './read-back.ts';

type Failed = Extract<ActionOutcome, { ok: false }>;

/**
 * Answers to a same-key re-send that are about the request itself, so they also hold for the first attempt:
 * the booking API checks the request (400), the booking (404), its version or slot (409/412) and the body (422)
 * after the Idempotency-Key replay, so an applied first attempt would have been replayed as a 2xx instead.
 * 401/403, 429 and 5xx come BEFORE the replay (sandbox request pipeline: fault → auth → rate limit → replay;
 * ROLLER's gateway likewise), so they say nothing about the first attempt.
 */
const NOT_APPLIED_STATUSES: ReadonlySet<number> = new Set([400, 404, 409, 412, 422]);

/** What a write whose answer was lost came to, once read back (and re-sent where that is safe). */
export type Resolution =
  | { kind: 'applied'; data: Record<string, unknown> }
  /** Known not applied: `outcome` is the last answer, for the failure text. */
  | { kind: 'not_applied'; outcome: Failed }
  /**
   * Still unknown: the booking could not be read back (`unreadable`), or it reads "not made" but an attempt that
   * timed out may still arrive (`in_flight`) and every re-send was refused. The user must check the booking.
   */
  | { kind: 'in_doubt'; outcome: Failed; why: 'unreadable' | 'in_flight' };

export interface ResolveOptions {
  /** Same-key re-sends allowed after a read-back that shows the change not made (the step's budget). */
  resends: number;
  /**
   * The key the lost write was sent under; default: the forward step's key for its recorded attempt. A
   * compensation passes its own (`<plan>:step-N:compensate`), so a re-send is replayed, never applied twice.
   */
  idempotencyKey?: string;
}

function resend(
  ctx: StepContext,
  action: CompiledAction,
  step: StoredStep,
  options: ResolveOptions,
): Promise<ActionOutcome> {
  return callAction(ctx, {
    action,
    args: step.resolved_parameters ?? {},
    idempotencyKey:
      options.idempotencyKey ?? stepIdempotencyKey(ctx.planId, step.step_number, step.attempts ?? 1),
    ...(typeof step.before?.version === 'number' ? { ifMatch: String(step.before.version) } : {}),
    stepNumber: step.step_number,
    purpose: 'settle_in_doubt',
  });
}

/**
 * Resolves a mutation left in doubt (no answer, or a gateway 502/504) by READING BACK (ADR 0007): the resource
 * read with the user's token shows the change → applied; shows the pre-image → not applied, and the request is
 * re-sent under the SAME Idempotency-Key (the API replays an attempt that did land, so nothing is applied twice)
 * while the budget lasts. A write that cannot be read back (a create: no id yet) is re-sent under the same key
 * (at least once, at most the budget) and the replayed answer is taken. The step stays in doubt only when the API does not answer.
 * A compensation is resolved the same way (rollback/resolve-compensation.ts): `step` is then the compensation's
 * write — its arguments, and as `before` the booking as our last write left it.
 */
export async function resolveInDoubt(
  ctx: StepContext,
  action: CompiledAction,
  step: StoredStep,
  first: Failed,
  options: ResolveOptions,
): Promise<Resolution> {
  let last = first;
  // A timed-out attempt may be held upstream and land later; a reset or dropped one is over.
  let inFlight = first.error_type === 'timeout';
  for (let sent = 0; ; sent += 1) {
    const seen = await readBack(ctx, action, step);
    if (seen.kind === 'applied') return { kind: 'applied', data: seen.data };
    const readable = canReadBack(action);
    // A write that cannot be read back gets at least one same-key re-send: the replay is its only answer.
    if (seen.kind === 'unknown' && (readable || sent >= Math.max(1, options.resends))) {
      return { kind: 'in_doubt', outcome: last, why: 'unreadable' };
    }
    if (seen.kind === 'not_applied' && sent >= options.resends) {
      return inFlight
        ? { kind: 'in_doubt', outcome: last, why: 'in_flight' }
        : { kind: 'not_applied', outcome: last };
    }
    const again = await resend(ctx, action, step, options);
    if (again.ok) return { kind: 'applied', data: again.data };
    last = again;
    inFlight ||= again.error_type === 'timeout';
    // A definite refusal after the key replay: neither attempt was applied.
    if (again.status !== undefined && NOT_APPLIED_STATUSES.has(again.status)) {
      return { kind: 'not_applied', outcome: again };
    }
  }
}
