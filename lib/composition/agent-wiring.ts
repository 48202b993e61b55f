import { randomIds } from '../ports/ids.ts';
import type { Tracer } from '../ports/tracer.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import type { PlannerWiring } from './planner-factory.ts';

/** The wiring both agents get from the spine: its stores, clock and tracer, plus the injectable ids and model. */
export function agentWiring(
  core: Pick<PlannerWiring, 'config' | 'logger' | 'clock' | 'plans' | 'sessions'> & { tracer: Tracer },
  overrides: Pick<CompositionOverrides, 'ids' | 'modelProvider' | 'registry'>,
): PlannerWiring {
  return {
    config: core.config,
    logger: core.logger,
    clock: core.clock,
    ids: overrides.ids ?? randomIds,
    plans: core.plans,
    sessions: core.sessions,
    tracer: core.tracer,
    ...(overrides.modelProvider ? { modelProvider: overrides.modelProvider } : {}),
    ...(overrides.registry ? { registry: overrides.registry } : {}),
  };
}
