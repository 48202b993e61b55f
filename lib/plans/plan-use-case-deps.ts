import type { Clock } from '../ports/clock.ts';
import type { PlanQueue } from '../ports/plan-queue.ts';
import type { PlanStore } from '../ports/plan-store.ts';
import type { TokenSealer } from '../ports/token-sealer.ts';
import type { Tracer } from '../ports/tracer.ts';
import type { OpsLog } from './ops-log.ts';
import type { TokenCheck } from './token-check.ts';
import type { IdentityCheck } from './user-binding.ts';

/** What confirmPlan, getPlanStatus and answerBlockingPrompt need; built once per cold start (lib/composition). */
export interface PlanUseCaseDeps {
  plans: PlanStore;
  queue: PlanQueue;
  /** Seals the user's token before it is enqueued (issue 28; lib/adapters/token-sealer). */
  tokenSealer: TokenSealer;
  clock: Clock;
  log: OpsLog;
  /** Optional: records the seed-000 `user_confirmation` span under the plan's stored trace. */
  tracer?: Tracer;
  /**
   * Issue 14: confirm and answer prove the token first (one authenticated read: the token's venue, ADR 0010,
   * or for a plan without a venue its first booking).
   * Absent only in tests of the use cases' own logic; the composition root always sets it.
   */
  checkToken?: TokenCheck;
  /**
   * Issue 27 (ADR 0017): every operation first proves that `user_id` is the token's user (the booking API's
   * identity read, cached per token). Absent only in tests of the use cases' own logic; the composition root
   * always sets it (a check that passes when the booking API declares no identity read).
   */
  checkIdentity?: IdentityCheck;
}

/** Optimistic-concurrency retries before a use case gives up with a 409 (a write lost this many races). */
export const MAX_WRITE_ATTEMPTS = 3;
