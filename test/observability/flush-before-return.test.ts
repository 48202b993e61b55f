import { describe, expect, it, vi } from 'vitest';
import { createHandler as executePlanHandler } from '../../functions/execute-plan.ts';
import { createHandler as getPlanHandler } from '../../functions/get-plan.ts';
import { withBoundedFlush } from '../../lib/observability/bounded-tracer.ts';
import { NoopTracer } from '../../lib/observability/noop-tracer.ts';
import type { Tracer } from '../../lib/ports/tracer.ts';
import { silentLogger } from '../api/http-harness.ts';
import { inMemoryPlanService } from '../api/plan-service-fixture.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { aLambdaContext, anHttpEvent, anSqsEvent, anSqsRecord } from '../support/events.ts';

/** A tracer that records when flush runs (and what had happened by then). */
function flushProbe(flush: () => Promise<void> = async () => undefined) {
  const calls: string[] = [];
  const tracer: Tracer = Object.assign(new NoopTracer(), {
    flush: vi.fn(async () => {
      calls.push('flush');
      await flush();
    }),
  });
  return { tracer, calls };
}

const getEvent = (planId: string, userId: string) =>
  anHttpEvent({
    method: 'GET',
    resource: '/v1/plans/{plan_id}',
    pathParameters: { plan_id: planId },
    query: { user_id: userId },
  });

describe('flush before each Lambda returns (issue 7)', () => {
  describe('HTTP handlers (Middy)', () => {
    it('flushes once after a 200 response', async () => {
      // Prepare
      const { deps, plans } = inMemoryPlanService();
      const plan = aStoredPlan();
      await plans.create(plan);
      const { tracer } = flushProbe();
      const handler = getPlanHandler(async () => ({ ...deps, tracer }), silentLogger());
      // Act
      const result = await handler(getEvent(plan.plan_id, plan.user_id), aLambdaContext());
      // Assess
      expect(result.statusCode).toBe(200);
      expect(tracer.flush).toHaveBeenCalledTimes(1);
    });

    it('flushes once after an error response, which stays as mapped', async () => {
      const { deps } = inMemoryPlanService();
      const { tracer } = flushProbe();
      const handler = getPlanHandler(async () => ({ ...deps, tracer }), silentLogger());

      const result = await handler(
        getEvent('0b6a4d0e-2f47-4b7e-9a3c-5d2f8e1c7a90', 'user-1'),
        aLambdaContext(),
      );

      expect(result.statusCode).toBe(404);
      expect(tracer.flush).toHaveBeenCalledTimes(1);
    });

    it('never fails the request when the flush throws', async () => {
      // Prepare
      const { deps, plans } = inMemoryPlanService();
      const plan = aStoredPlan();
      await plans.create(plan);
      const { tracer } = flushProbe(async () => {
        throw new Error('langfuse exploded');
      });
      const handler = getPlanHandler(async () => ({ ...deps, tracer }), silentLogger());
      // Act
      const result = await handler(getEvent(plan.plan_id, plan.user_id), aLambdaContext());
      // Assess
      expect(result.statusCode).toBe(200);
      expect(JSON.parse(result.body)).toMatchObject({ plan: { plan_id: plan.plan_id } });
    });

    it('returns within the bound when an injected tracer hangs (the composition bounds its flush)', async () => {
      // Prepare
      const { deps, plans } = inMemoryPlanService();
      const plan = aStoredPlan();
      await plans.create(plan);
      const warn = vi.fn();
      const hanging = flushProbe(() => new Promise<void>(() => undefined)).tracer;
      const handler = getPlanHandler(
        async () => ({ ...deps, tracer: withBoundedFlush(hanging, 100, { warn }) }),
        silentLogger(),
      );
      // Act
      const result = await handler(getEvent(plan.plan_id, plan.user_id), aLambdaContext());
      // Assess: answered although the flush never settles, and the loss is reported
      expect(result.statusCode).toBe(200);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('flush incomplete'), {
        outcome: 'timed_out',
        bound_ms: 100,
      });
    });
  });

  describe('SQS consumer', () => {
    const message = (plan_id: string) => ({
      plan_id,
      kind: 'start',
      version: 1,
      sealed_token: 'sealed-token-1',
    });
    const PLAN = '11111111-1111-4111-8111-111111111111';

    it('flushes once per batch, after every record ran, failed records included', async () => {
      // Prepare
      const { tracer, calls } = flushProbe();
      const handler = executePlanHandler(
        async () => ({
          tracer,
          executePlanMessage: async (msg) => {
            calls.push(`record ${msg.version}`);
            if (calls.length === 2) throw new Error('not confirmed yet');
          },
        }),
        silentLogger(),
      );
      // Act
      const result = await handler(
        anSqsEvent([
          anSqsRecord(message(PLAN), 'm1', PLAN),
          anSqsRecord(message(PLAN), 'm2', PLAN),
          anSqsRecord(message(PLAN), 'm3', PLAN),
        ]),
        aLambdaContext(),
      );
      // Assess
      expect(result.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['m2', 'm3']);
      expect(calls).toEqual(['record 1', 'record 1', 'flush']);
    });

    it('never fails the batch when the flush throws', async () => {
      const { tracer } = flushProbe(async () => {
        throw new Error('langfuse exploded');
      });
      const handler = executePlanHandler(
        async () => ({
          tracer,
          executePlanMessage: async () => undefined,
        }),
        silentLogger(),
      );

      const result = await handler(anSqsEvent([anSqsRecord(message(PLAN), 'm1', PLAN)]), aLambdaContext());

      expect(result).toEqual({ batchItemFailures: [] });
    });
  });
});
