import { describe, expect, it } from 'vitest';
import { InMemoryPlanStore } from '../../lib/adapters/memory/in-memory-plan-store.ts';
import { withTraceLogKeys } from '../../lib/composition/trace-log-keys.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

/** The slice of the Powertools logger the decorator uses, recording the keys it would print. */
function keyRecorder() {
  const keys: Record<string, unknown> = {};
  return { keys, logger: { appendKeys: (more: Record<string, unknown>) => Object.assign(keys, more) } };
}

const traced = () =>
  aStoredPlan({ trace_id: '0af7651916cd43dd8448eb211c80319c', trace_root_span_id: 'b7ad6b7169203331' });

describe('withTraceLogKeys', () => {
  it('puts the plan id, session id and trace id in the log keys once a plan is read or written', async () => {
    // Arrange
    const store = new InMemoryPlanStore({ clock: fixedClock('2026-11-20T10:00:00.000Z') });
    const plan = traced();
    await store.create(plan);
    const { keys, logger } = keyRecorder();
    const correlated = withTraceLogKeys(store, logger, ['get', 'update']);
    // Act
    const read = await correlated.get(plan.plan_id);
    // Assert
    expect(read).toEqual(plan);
    expect(keys).toEqual({
      plan_id: plan.plan_id,
      session_id: plan.session_id,
      trace_id: '0af7651916cd43dd8448eb211c80319c',
    });
  });

  it('ignores the operations it is not asked to correlate (the planner reads another trace’s plan)', async () => {
    const store = new InMemoryPlanStore({ clock: fixedClock('2026-11-20T10:00:00.000Z') });
    const previous = traced();
    await store.create(previous);
    const { keys, logger } = keyRecorder();
    const correlated = withTraceLogKeys(store, logger, ['create']);

    await correlated.get(previous.plan_id);
    const fresh = aStoredPlan({ trace_id: 'ffffffffffffffffffffffffffffffff' });
    await correlated.create(fresh);

    expect(keys).toMatchObject({ plan_id: fresh.plan_id, trace_id: 'ffffffffffffffffffffffffffffffff' });
    expect(await store.get(fresh.plan_id)).toEqual(fresh);
  });

  it('adds nothing when no plan is found', async () => {
    const { keys, logger } = keyRecorder();
    const correlated = withTraceLogKeys(new InMemoryPlanStore(), logger, ['get']);

    expect(await correlated.get('missing')).toBeUndefined();
    expect(keys).toEqual({});
  });
});
