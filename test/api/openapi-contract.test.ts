import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HttpRoute } from '../../lib/http/http-route.ts';
import { MAX_BODY_BYTES } from '../../lib/http/request-guards.ts';
import { answerPromptRoute } from '../../lib/http/routes/answer-prompt-route.ts';
import { confirmPlanRoute } from '../../lib/http/routes/confirm-plan-route.ts';
import { getPlanRoute } from '../../lib/http/routes/get-plan-route.ts';
import { handleRequestRoute } from '../../lib/http/routes/handle-request-route.ts';
import { PlannerUnavailableError } from '../../lib/planner/errors.ts';
import type { HandleRequest } from '../../lib/planner/request-outcome.ts';
import { TokenUserMismatchError } from '../../lib/plans/errors.ts';
import { type PlanStore, PlanStoreError } from '../../lib/ports/plan-store.ts';
import { StaleSessionError } from '../../lib/ports/session-store.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { type HttpResult, httpClient } from './http-harness.ts';
import { aClarificationOutcome, aPlanOutcome } from './outcomes.ts';
import { inMemoryPlanService } from './plan-service-fixture.ts';

type Doc = Awaited<ReturnType<typeof SwaggerParser.dereference>>;
type Operation = {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};

const ROUTES: HttpRoute<never, unknown>[] = [
  handleRequestRoute,
  confirmPlanRoute,
  getPlanRoute,
  answerPromptRoute,
].map((r) => r as unknown as HttpRoute<never, unknown>);
const OTHER_USER = { user_id: 'user-2' };
const ME = { user_id: 'user-1' };
const UNKNOWN = '6f1c1f7e-0000-4000-8000-0000000000ff';
/** A text that makes any body larger than the cap (413). */
const HUGE = 'x'.repeat(MAX_BODY_BYTES);

/** A PlanStore whose every call fails like an unexpected bug (→ 500) or an outage (→ 503). */
function failingStore(error: () => Error): PlanStore {
  const fail = async () => {
    throw error();
  };
  return {
    create: fail,
    get: fail,
    update: fail,
    listBySession: fail,
    scanAll: () => ({ [Symbol.asyncIterator]: () => ({ next: fail }) }),
  };
}

async function setup(options: { handle?: HandleRequest; plans?: PlanStore; queueDown?: boolean } = {}) {
  const service = inMemoryPlanService();
  const pending = aStoredPlan();
  const waiting = aStoredPlan({ status: 'executing', blocking_prompt: 'How many guests?' });
  const done = aStoredPlan({ status: 'completed', completed_at: '2026-11-20T10:05:00.000Z' });
  for (const p of [pending, waiting, done]) await service.plans.create(p);
  if (options.queueDown) service.queue.failWith();
  const deps = options.plans ? { ...service.deps, plans: options.plans } : service.deps;
  const handle = options.handle ?? (async () => aPlanOutcome());
  return { client: httpClient(deps, handle), pending, waiting, done };
}

const boom = () => new TypeError('cannot read properties of undefined (internal detail)');
const outage = () => new PlanStoreError('dynamodb down');

/** Every documented status of every operation, produced by the real handlers. */
const SCENARIOS: Array<[operationId: string, status: number, run: () => Promise<HttpResult>]> = [
  [
    'handleBookingUpdateRequest',
    200,
    async () => (await setup()).client.request({ session_id: 's', user_id: 'u', message: 'move John' }),
  ],
  [
    'handleBookingUpdateRequest',
    200,
    async () =>
      (await setup({ handle: async () => aClarificationOutcome() })).client.request({
        session_id: 's',
        user_id: 'u',
        message: 'John',
      }),
  ],
  [
    'handleBookingUpdateRequest',
    400,
    async () => (await setup()).client.request({ session_id: 's', user_id: 'u' }),
  ],
  [
    'handleBookingUpdateRequest',
    401,
    async () =>
      (await setup()).client.request({ session_id: 's', user_id: 'u', message: 'x' }, { token: null }),
  ],
  [
    'handleBookingUpdateRequest',
    409,
    async () =>
      (
        await setup({
          handle: async () => {
            throw new StaleSessionError('s');
          },
        })
      ).client.request({ session_id: 's', user_id: 'u', message: 'x' }),
  ],
  [
    'handleBookingUpdateRequest',
    500,
    async () =>
      (await setup({ handle: async () => ({ kind: 'plan' }) as never })).client.request({
        session_id: 's',
        user_id: 'u',
        message: 'x',
      }),
  ],
  [
    'handleBookingUpdateRequest',
    503,
    async () => {
      const unavailable: HandleRequest = async () => {
        throw new PlannerUnavailableError('the model is unavailable');
      };
      return (await setup({ handle: unavailable })).client.request({
        session_id: 's',
        user_id: 'u',
        message: 'x',
      });
    },
  ],
  [
    'confirmPlan',
    200,
    async () => {
      const s = await setup();
      return s.client.confirm(s.pending.plan_id, ME);
    },
  ],
  [
    'confirmPlan',
    400,
    async () => {
      const s = await setup();
      return s.client.confirm(s.pending.plan_id, {});
    },
  ],
  [
    'confirmPlan',
    401,
    async () => {
      const s = await setup();
      return s.client.confirm(s.pending.plan_id, ME, { token: null });
    },
  ],
  [
    'confirmPlan',
    403,
    async () => {
      const s = await setup();
      return s.client.confirm(s.pending.plan_id, OTHER_USER);
    },
  ],
  ['confirmPlan', 404, async () => (await setup()).client.confirm(UNKNOWN, ME)],
  [
    'confirmPlan',
    409,
    async () => {
      const s = await setup();
      return s.client.confirm(s.done.plan_id, ME);
    },
  ],
  ['confirmPlan', 500, async () => (await setup({ plans: failingStore(boom) })).client.confirm(UNKNOWN, ME)],
  [
    'confirmPlan',
    503,
    async () => {
      const s = await setup({ queueDown: true });
      return s.client.confirm(s.pending.plan_id, ME);
    },
  ],
  [
    'getPlanStatus',
    200,
    async () => {
      const s = await setup();
      return s.client.get(s.waiting.plan_id, ME);
    },
  ],
  ['getPlanStatus', 400, async () => (await setup()).client.get('not-a-uuid', ME)],
  [
    'getPlanStatus',
    401,
    async () => {
      const s = await setup();
      return s.client.get(s.pending.plan_id, ME, { token: null });
    },
  ],
  [
    'getPlanStatus',
    403,
    async () => {
      const s = await setup();
      return s.client.get(s.pending.plan_id, OTHER_USER);
    },
  ],
  ['getPlanStatus', 404, async () => (await setup()).client.get(UNKNOWN, ME)],
  ['getPlanStatus', 500, async () => (await setup({ plans: failingStore(boom) })).client.get(UNKNOWN, ME)],
  ['getPlanStatus', 503, async () => (await setup({ plans: failingStore(outage) })).client.get(UNKNOWN, ME)],
  [
    'answerBlockingPrompt',
    200,
    async () => {
      const s = await setup();
      return s.client.answer(s.waiting.plan_id, { ...ME, user_message: '12' });
    },
  ],
  [
    'answerBlockingPrompt',
    400,
    async () => {
      const s = await setup();
      return s.client.answer(s.waiting.plan_id, ME);
    },
  ],
  [
    'answerBlockingPrompt',
    401,
    async () => {
      const s = await setup();
      return s.client.answer(s.waiting.plan_id, { ...ME, user_message: '12' }, { token: null });
    },
  ],
  [
    'answerBlockingPrompt',
    403,
    async () => {
      const s = await setup();
      return s.client.answer(s.waiting.plan_id, { ...OTHER_USER, user_message: '12' });
    },
  ],
  [
    'answerBlockingPrompt',
    404,
    async () => (await setup()).client.answer(UNKNOWN, { ...ME, user_message: '12' }),
  ],
  [
    'answerBlockingPrompt',
    409,
    async () => {
      const s = await setup();
      return s.client.answer(s.pending.plan_id, { ...ME, user_message: '12' });
    },
  ],
  [
    'answerBlockingPrompt',
    500,
    async () =>
      (await setup({ plans: failingStore(boom) })).client.answer(UNKNOWN, { ...ME, user_message: '12' }),
  ],
  [
    'answerBlockingPrompt',
    503,
    async () => {
      const s = await setup({ queueDown: true });
      return s.client.answer(s.waiting.plan_id, { ...ME, user_message: '12' });
    },
  ],
  // Issue 27: the token's user (the composition's identity check, here thrown by the use case), wrong methods
  // (405 with Allow) and oversized bodies (413).
  [
    'handleBookingUpdateRequest',
    403,
    async () =>
      (
        await setup({
          handle: async () => {
            throw new TokenUserMismatchError();
          },
        })
      ).client.request({ session_id: 's', user_id: 'u', message: 'x' }),
  ],
  [
    'handleBookingUpdateRequest',
    405,
    async () => (await setup()).client.request(undefined, { method: 'GET' }),
  ],
  [
    'handleBookingUpdateRequest',
    413,
    async () => (await setup()).client.request({ session_id: 's', user_id: 'u', message: HUGE }),
  ],
  [
    'confirmPlan',
    405,
    async () => {
      const s = await setup();
      return s.client.confirm(s.pending.plan_id, undefined, { method: 'GET' });
    },
  ],
  [
    'confirmPlan',
    413,
    async () => {
      const s = await setup();
      return s.client.confirm(s.pending.plan_id, { ...ME, padding: HUGE });
    },
  ],
  [
    'getPlanStatus',
    405,
    async () => {
      const s = await setup();
      return s.client.get(s.pending.plan_id, ME, { method: 'POST' });
    },
  ],
  [
    'answerBlockingPrompt',
    405,
    async () => {
      const s = await setup();
      return s.client.answer(s.waiting.plan_id, undefined, { method: 'GET' });
    },
  ],
  [
    'answerBlockingPrompt',
    413,
    async () => {
      const s = await setup();
      return s.client.answer(s.waiting.plan_id, { ...ME, user_message: HUGE });
    },
  ],
];

let doc: Doc;
let ajv: Ajv;
const operations = new Map<string, { method: string; path: string; op: Operation }>();

beforeAll(async () => {
  await SwaggerParser.validate('openapi/service.yaml');
  doc = await SwaggerParser.dereference('openapi/service.yaml');
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'post'] as const) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (op?.operationId) operations.set(op.operationId, { method: method.toUpperCase(), path, op });
    }
  }
  // OpenAPI's discriminator is documentation here: oneOf + the kind enum already select one branch.
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
});

function schemaFor(operationId: string, status: number): object {
  const response = operations.get(operationId)?.op.responses[String(status)];
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${operationId} documents no JSON response for ${status}`);
  return schema;
}

describe('openapi/service.yaml ↔ handlers', () => {
  it('documents exactly the routes the handlers serve, with the same method, path and operationId', () => {
    const documented = [...operations.entries()].map(([id, o]) => `${o.method} ${o.path} ${id}`).sort();
    const served = ROUTES.map((r) => `${r.method} ${r.path} ${r.operationId}`).sort();

    expect(served).toEqual(documented);
  });

  it('has a scenario for every documented status of every operation', () => {
    const documented = [...operations.entries()].flatMap(([id, o]) =>
      Object.keys(o.op.responses).map((s) => `${id} ${s}`),
    );
    const covered = new Set(SCENARIOS.map(([id, status]) => `${id} ${status}`));

    expect(documented.filter((d) => !covered.has(d))).toEqual([]);
  });

  it.each(SCENARIOS.map(([id, status, run], i) => [`${id} → ${status} (#${i})`, id, status, run] as const))(
    '%s: the handler answers the documented status with a body valid against its schema',
    async (_label, operationId, status, run) => {
      // Act
      const result = await run();
      // Assess
      expect(result.status).toBe(status);
      const validate = ajv.compile(schemaFor(operationId, status));
      expect(validate(result.body), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it('keeps every example in the document valid against its own schema', () => {
    const failures: string[] = [];
    for (const [id, { op }] of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const media = response.content?.['application/json'] as
          | { schema: object; example?: unknown; examples?: Record<string, { value: unknown }> }
          | undefined;
        if (!media) continue;
        const validate = ajv.compile(media.schema);
        const samples = [media.example, ...Object.values(media.examples ?? {}).map((e) => e.value)].filter(
          (s) => s !== undefined,
        );
        for (const sample of samples)
          if (!validate(sample)) failures.push(`${id} ${status}: ${ajv.errorsText(validate.errors)}`);
      }
    }

    expect(failures).toEqual([]);
  });

  it('never returns internals in a 5xx body', async () => {
    const result = await (await setup({ plans: failingStore(boom) })).client.get(UNKNOWN, ME);

    expect(JSON.stringify(result.body)).not.toMatch(/internal detail|TypeError|undefined/);
  });
});
