import { freshRecord } from '../../lib/executor/execution-record.ts';
import { type ExecutionState, stateFromCheckpoint } from '../../lib/executor/execution-state.ts';
import type { ExecutorDeps } from '../../lib/executor/executor-deps.ts';
import type { RunContext } from '../../lib/executor/run-context.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import type { ActionCall, ActionOutcome } from '../../lib/ports/booking-api.ts';
import { type ExecutorStack, type ExecutorWorld, freshWorld, type WorldOptions } from './executor-harness.ts';
import { aConfirmedPlan, type StepInput } from './executor-plans.ts';
import { nodeContext } from './graph-context.ts';

/** One call the scripted booking API received: the action, arguments and the headers that matter. */
export interface SeenCall {
  action_id: string;
  args: Record<string, unknown>;
  idempotencyKey?: string;
  ifMatch?: string;
  confirmedHighRisk?: boolean;
}

/** Answers each call by action id; the test says what the booking API answers, nothing else is simulated. */
export type Script = (call: ActionCall) => ActionOutcome;

/** A plan in status executing, its run context over a scripted booking API, and the state a run starts from. */
export interface StepRig {
  world: ExecutorWorld;
  plan: StoredPlan;
  ctx: RunContext;
  state: ExecutionState;
  calls: SeenCall[];
}

/**
 * Runs lib/executor/step directly (no graph, no model): the in-memory stores of `freshWorld` and a booking API
 * scripted per test, so each test names exactly what the API answered and reads back what was sent and stored.
 */
export async function stepRig(
  stack: ExecutorStack,
  steps: StepInput[],
  script: Script,
  options: WorldOptions & { plan?: Partial<StoredPlan>; deps?: Partial<ExecutorDeps> } = {},
): Promise<StepRig> {
  const world = await freshWorld(stack, options);
  const plan = await world.seed(aConfirmedPlan(steps, { status: 'executing', ...options.plan }));
  const calls: SeenCall[] = [];
  const { ctx } = nodeContext(world, plan, new OfflineExecutorModel(), {
    bookingApi: {
      async invoke(call) {
        calls.push({
          action_id: call.action.action_id,
          args: call.args,
          ...(call.idempotencyKey ? { idempotencyKey: call.idempotencyKey } : {}),
          ...(call.ifMatch ? { ifMatch: call.ifMatch } : {}),
          ...(call.confirmedHighRisk ? { confirmedHighRisk: true } : {}),
        });
        return script(call);
      },
    },
    ...options.deps,
  });
  return { world, plan, ctx, state: stateFromCheckpoint(plan, freshRecord(ctx.deps, plan), false), calls };
}

/** A booking as getBooking returns it (the pre-image and read-back source). */
export function bookingRead(fields: Record<string, unknown> = {}): ActionOutcome {
  return {
    ok: true,
    status: 200,
    data: { booking_id: 'bk_1042', booking_reference: 'BK-1042', party_size: 12, version: 3, ...fields },
  };
}

/** A failed answer of the booking API. */
export function failed(
  status: number | undefined,
  error_type: Extract<ActionOutcome, { ok: false }>['error_type'],
  extra: Partial<Extract<ActionOutcome, { ok: false }>> = {},
): ActionOutcome {
  return { ok: false, status, error_type, message: `${error_type} from the API`, ...extra };
}
