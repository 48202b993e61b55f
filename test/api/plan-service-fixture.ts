import { InMemoryPlanQueue } from '../../devkit/adapters/memory/in-memory-plan-queue.ts';
import { InMemoryPlanStore } from '../../devkit/adapters/memory/in-memory-plan-store.ts';
import type { PlanServiceDeps } from '../../lib/composition/plan-service.ts';
import { NoopTracer } from '../../lib/observability/noop-tracer.ts';
import type { OpsLog } from '../../lib/plans/ops-log.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { testTokenSealer } from '../support/token-sealer.ts';

/** A recorded ops log line. */
export interface LogLine {
  level: 'info' | 'warn';
  message: string;
  attributes: Record<string, unknown>;
}

/** The clock every unit test pins. */
export const NOW = '2026-11-21T09:30:00.000Z';

/** PlanServiceDeps over in-memory adapters, with the queue and the ops log exposed for assertions. */
export function inMemoryPlanService() {
  const clock = fixedClock(NOW);
  const plans = new InMemoryPlanStore({ clock });
  const queue = new InMemoryPlanQueue();
  const lines: LogLine[] = [];
  const log: OpsLog = {
    info: (message, attributes) => lines.push({ level: 'info', message, attributes }),
    warn: (message, attributes) => lines.push({ level: 'warn', message, attributes }),
  };
  // No registry here: key names (email, phone, guest_name…) are still masked on every plan response.
  const deps: PlanServiceDeps = {
    log,
    clock,
    plans,
    queue,
    tokenSealer: testTokenSealer,
    tracer: new NoopTracer(),
    isPii: () => false,
  };
  return { deps, plans, queue, lines, clock };
}
