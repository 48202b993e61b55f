import { fakeModel } from '@langchain/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';
import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import { build } from '../../lib/registry/compile/build-registry.ts';
import { type RunningPrism, startPrism } from '../support/prism.ts';
import { WHOLE_SPECS } from '../support/whole-spec.ts';

/**
 * End to end on a whole foreign spec (issue 29): the whole DigitalOcean spec (2,900 files, not a trim), served by
 * Prism, which validates every request against it. `vpcs_create` is a new action added by one overlay file
 * (test/fixtures/specs/digitalocean-whole/overlays/vpcs-create.yaml): nothing in lib/ knows VPCs. The local
 * stack runs the real planner (scripted model), the HTTP API, dynalite, fauxqs and the executor.
 */
const { spec: SPEC, overlays: OVERLAYS } = WHOLE_SPECS.digitalocean;
const TOKEN = 'demo-token-harbour';
const USER = 'user_ops_harbour';
/** The id in the spec's own vpcs_create response example, which Prism serves back. */
const VPC_ID = '5a4981aa-9653-4bd1-bef5-d6bff52042e4';

/** The planner's scripted turn: one read-only lookup, then a one-step plan with the new action. */
function scriptedPlanner() {
  return fakeModel()
    .respondWithTools([{ name: 'vpcs_list', args: {}, id: 'lookup-1' }])
    .respondWithTools([
      {
        name: 'propose_plan',
        id: 'plan-1',
        args: {
          intent_summary: 'Create a private network called staging in ams3',
          steps: [
            {
              action_id: 'vpcs_create',
              parameters: [
                { name: 'name', value: 'staging' },
                { name: 'region', value: 'ams3' },
              ],
            },
          ],
        },
      },
    ]);
}

let prism: RunningPrism;
let stack: LocalStack;
let plans: DynamoPlanStore;
let registry: ActionRegistry;

beforeAll(async () => {
  // Prism resolves the 2,900 files itself: tens of seconds on a busy 2-core machine.
  prism = await startPrism(SPEC, { path: '/v2/vpcs', headers: { authorization: 'Bearer probe' } }, 240_000);
  registry = new ActionRegistry((await build(SPEC, OVERLAYS)).actions);
  stack = await startLocalStack({
    registry,
    bookingApiUrl: prism.url,
    modelProvider: (purpose) => (purpose === 'planner' ? scriptedPlanner() : new OfflineExecutorModel()),
  });
  plans = new DynamoPlanStore({
    client: createDocumentClient(stack.config),
    tableName: stack.config.PLANS_TABLE,
  });
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await prism?.stop();
});

/** The part of the service's `{ plan }` answers this test reads (docs/api.md). */
const PlanAnswer = z.object({
  plan: z.object({
    plan_id: z.string(),
    status: z.string(),
    actions: z.array(z.object({ action_id: z.string(), parameters: z.record(z.string(), z.unknown()) })),
  }),
});

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { 'x-user-token': TOKEN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

/** Polls the plan until the executor has finished with it (a condition, not a fixed wait). */
async function settled(planId: string, timeoutMs = 90_000): Promise<{ status: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { plan } = PlanAnswer.parse((await call('GET', `/v1/plans/${planId}?user_id=${USER}`)).body);
    if (['completed', 'failed', 'rolled_back'].includes(plan.status)) return plan;
    if (Date.now() > deadline) throw new Error(`plan still ${plan.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a whole foreign spec end to end: DigitalOcean via Prism, one new action by overlay alone', () => {
  it('plans, confirms and executes vpcs_create against the whole spec', async () => {
    // Prepare: the new action is in the registry only because of its overlay.
    expect(registry.isModelVisible('vpcs_create')).toBe(true);
    expect(registry.require('vpcs_create').compensation?.action_id).toBe('vpcs_delete');
    // Prism's log so far holds the readiness probes: only what follows is this test's traffic.
    const logStart = prism.output().length;

    // Act: plan over HTTP, confirm, and let the queue deliver the plan to the executor.
    const planned = await call('POST', '/v1/requests', {
      session_id: 'do-whole-1',
      user_id: USER,
      message: 'Create a private network called staging in ams3',
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    const { plan } = PlanAnswer.parse(planned.body);
    const confirmed = await call('POST', `/v1/plans/${plan.plan_id}/confirm`, { user_id: USER });
    const done = await settled(plan.plan_id);
    const stored = await plans.get(plan.plan_id);

    // Assess: one typed step, executed against the spec-validating mock of the whole spec.
    expect(plan.actions).toEqual([
      expect.objectContaining({ action_id: 'vpcs_create', parameters: { name: 'staging', region: 'ams3' } }),
    ]);
    expect(confirmed.status).toBe(200);
    expect(done.status, prism.output().slice(-2_000)).toBe('completed');
    expect(stored?.actions[0]?.result).toMatchObject({
      success: true,
      response_data: { vpc: { id: VPC_ID } },
    });
    const log = prism.output().slice(logStart);
    const received = log.match(/\[HTTP SERVER\] (get|post|put|patch|delete) \S+/g) ?? [];
    // The planner's lookup, then the executed step.
    expect(received).toEqual(['[HTTP SERVER] get /v2/vpcs', '[HTTP SERVER] post /v2/vpcs']);
    expect(log.match(/The request passed the validation rules/g)).toHaveLength(received.length);
    expect(log).not.toMatch(/Request terminated with error/);
  }, 180_000);
});
