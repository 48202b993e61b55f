import { freshRecord } from '../../lib/executor/execution-record.ts';
import type { ExecutionState } from '../../lib/executor/execution-state.ts';
import { stateFromCheckpoint } from '../../lib/executor/execution-state.ts';
import type { ExecutorDeps } from '../../lib/executor/executor-deps.ts';
import type { StepContext } from '../../lib/executor/run-context.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';
import type { StoredPlan, StoredStep } from '../../lib/plans/stored-plan.ts';
import type { ActionCall, ActionOutcome, BookingApi } from '../../lib/ports/booking-api.ts';
import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import type { CompiledAction } from '../../lib/registry/compiled-action.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import type { ExecutorWorld } from './executor-harness.ts';
import { nodeContext } from './graph-context.ts';

/**
 * Drives the rollback code (lib/executor/rollback) directly, without the graph: a plan stored as executing with its
 * steps already in the given states, the checkpoint as the executor would have left it, and the StepContext the
 * roll_back node and the watchdog pass. Over an executor world's stores and tracer (test/support/executor-harness.ts).
 */
export interface RollbackRig {
  ctx: StepContext;
  state: ExecutionState;
  deps: Omit<ExecutorDeps, 'model'>;
}

export interface RigOptions {
  /** The booking API the rollback calls; default: the world's (the in-process sandbox). */
  bookingApi?: BookingApi;
  /** The registry; default: the compiled one. */
  registry?: ActionRegistry;
  /** Checkpoint fields already logged (the decided failure, compensation progress). */
  checkpoint?: Partial<Pick<ExecutionState, 'failure' | 'compensation_failures' | 'compensation_versions'>>;
  crash?: ExecutorDeps['crash'];
}

export async function rollbackRig(
  world: ExecutorWorld,
  plan: StoredPlan,
  options: RigOptions = {},
): Promise<RollbackRig> {
  const executing = await world.seed({ ...plan, status: 'executing' });
  const { ctx } = nodeContext(world, executing, new OfflineExecutorModel(), {
    ...(options.bookingApi ? { bookingApi: options.bookingApi } : {}),
    ...(options.registry ? { registry: options.registry } : {}),
    ...(options.crash ? { crash: options.crash } : {}),
  });
  // Rollback runs without a model (the watchdog has none): its context carries none either.
  const { model: _model, ...deps } = ctx.deps;
  const record = { ...freshRecord(deps, executing), ...options.checkpoint };
  return {
    ctx: { ...ctx, deps },
    state: stateFromCheckpoint(executing, record, false),
    deps,
  };
}

/** A step as the executor records it: sent arguments, the pre-image, and the answer (when there was one). */
export function recorded(
  step: StoredStep,
  state: StoredStep['step_state'],
  record: {
    before?: Record<string, unknown>;
    response?: Record<string, unknown>;
    resolved?: Record<string, unknown> | null;
  } = {},
): StoredStep {
  const { before, response, resolved } = record;
  return {
    ...step,
    step_state: state,
    attempts: 1,
    ...(resolved === null ? {} : { resolved_parameters: resolved ?? step.parameters }),
    ...(before ? { before } : {}),
    ...(response ? { executed: true, result: { success: true, response_data: response } } : {}),
  };
}

/** BK-1042 as read before the first change (the pre-image a reversible step records). */
export const BK_1042_BEFORE = {
  booking_id: 'bk_1042',
  booking_reference: 'BK-1042',
  guest_name: 'John Smith',
  email: 'john.smith@example.com',
  phone: '+61 412 555 019',
  date: '2026-12-12',
  start_time: '15:00',
  party_size: 12,
  version: 1,
} as const;

/** A booking API that answers from a script and records every call (operation, args, key, If-Match). */
export class ScriptedBookingApi implements BookingApi {
  readonly calls: ActionCall[] = [];
  constructor(private readonly answer: (call: ActionCall) => ActionOutcome) {}

  async invoke(call: ActionCall): Promise<ActionOutcome> {
    this.calls.push(call);
    return this.answer(call);
  }

  operations(): string[] {
    return this.calls.map((c) => c.action.action_id);
  }
}

export const ok = (data: Record<string, unknown>): ActionOutcome => ({ ok: true, status: 200, data });
export const unavailable: ActionOutcome = {
  ok: false,
  status: 503,
  error_type: 'server_error',
  message: 'the booking service is unavailable',
};

/** The compiled registry with some actions changed (or removed: `undefined`), for what no shipped overlay declares. */
export function registryWith(changes: Record<string, Partial<CompiledAction> | undefined>): ActionRegistry {
  const actions = loadCompiledRegistry()
    .all()
    .flatMap((a) => {
      if (!(a.action_id in changes)) return [a];
      const change = changes[a.action_id];
      return change === undefined ? [] : [{ ...a, ...change }];
    });
  return new ActionRegistry(actions);
}
