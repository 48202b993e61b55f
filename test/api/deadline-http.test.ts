import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createHttpHandler } from '../../lib/http/create-http-handler.ts';
import type { HttpRoute } from '../../lib/http/http-route.ts';
import { budgetedTokenCheck } from '../../lib/plans/budgeted-token-check.ts';
import { currentDeadline } from '../../lib/ports/deadline-scope.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { aLambdaContext, anHttpEvent } from '../support/events.ts';
import { httpClient, silentLogger } from './http-harness.ts';
import { aPlanOutcome } from './outcomes.ts';
import { inMemoryPlanService } from './plan-service-fixture.ts';

describe('HTTP deadline (issue 28)', () => {
  it("runs the use case under the Lambda's remaining time minus DEADLINE_MARGIN_MS", async () => {
    // Prepare: a route that reports the deadline its use case sees.
    const route: HttpRoute<{ deadlineMarginMs: number }, unknown> = {
      operationId: 'probe',
      method: 'GET',
      path: '/probe',
      input: z.object({}),
      run: async () => ({ remaining: currentDeadline().remainingMs() }),
    };
    const handler = createHttpHandler(route, async () => ({ deadlineMarginMs: 4_000 }), silentLogger());
    const context = { ...aLambdaContext(), getRemainingTimeInMillis: () => 10_000 };

    // Act
    const result = await handler(
      anHttpEvent({ method: 'GET', resource: '/probe', headers: { 'X-User-Token': 't' } }),
      context,
    );

    // Assess
    expect(JSON.parse(result.body)).toEqual({ remaining: 6_000 });
  });

  it('answers a confirm whose token check runs out of budget with 503, Retry-After, and nothing written', async () => {
    // Prepare: the check's booking API never answers.
    const service = inMemoryPlanService();
    const plan = aStoredPlan();
    await service.plans.create(plan);
    const hanging = () => new Promise<void>(() => undefined);
    const deps = { ...service.deps, checkToken: budgetedTokenCheck(hanging, 100) };
    const client = httpClient(deps, async () => aPlanOutcome());
    const started = Date.now();

    // Act
    const result = await client.confirm(plan.plan_id, { user_id: 'user-1' });

    // Assess
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result.status).toBe(503);
    expect(result.body).toEqual({
      error_type: 'service_unavailable',
      message: 'The request could not be completed in time. Nothing was changed; please try again shortly.',
    });
    expect(result.headers).toMatchObject({ 'retry-after': '5' });
    expect(service.queue.attempts).toBe(0);
    expect(await service.plans.get(plan.plan_id)).toEqual(plan);
  });
});
