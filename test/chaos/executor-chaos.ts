import { AIMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import fc from 'fast-check';
import * as z from 'zod';
import { InMemoryPlanQueue } from '../../devkit/adapters/memory/in-memory-plan-queue.ts';
import { createHandler as answerHandler } from '../../functions/answer-prompt.ts';
import { createHandler as getHandler } from '../../functions/get-plan.ts';
import type { PlanServiceDeps } from '../../lib/composition/plan-service.ts';
import { ExecutionPlan } from '../../lib/contracts/execution-plan.ts';
import { ServiceError } from '../../lib/contracts/service-error.ts';
import { DEFAULT_LOOKUP_ROLES } from '../../lib/planner/planner-deps.ts';
import { piiLookupFromRegistry } from '../../lib/plans/mask-plan.ts';
import { silentLog } from '../../lib/plans/ops-log.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { planTokenCheck } from '../../lib/plans/token-check.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { silentLogger } from '../api/http-harness.ts';
import { aLambdaContext, anHttpEvent, type HttpEventInput } from '../support/events.ts';
import { TOKEN } from '../support/executor-fixture.ts';
import { type ExecutorStack, type ExecutorWorld, freshWorld } from '../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../support/executor-plans.ts';
import { testTokenSealer } from '../support/token-sealer.ts';
import { CREDENTIAL, PLANTED } from './adversarial-text.ts';
import { writeViolations } from './write-invariant.ts';

/**
 * The chaos model for the executor's role (issue 14 evidence a): fast-check generates an adversarial model — random
 * and injected tool names and arguments, out-of-plan, blocked and unbound calls, changed confirmed values,
 * repeated calls, endless turns, ask_user abuse (credential requests, text copied from booking data, planted
 * instructions) — and an adversarial user answering its questions through POST /v1/plans/{id}/answer. Each
 * episode runs the real executor graph against the sandbox; the invariants are checked against the sandbox
 * journal, the plan store and the HTTP answers the user sees (answer and status: never a 5xx, always a valid
 * contract shape).
 */

const registry = loadCompiledRegistry();

const PLANS: Record<string, () => StoredPlan> = {
  guestGap: () => aConfirmedPlan([steps.guestCount(null)]),
  moveAndCount: () => aConfirmedPlan([steps.reschedule('2026-12-12', '10:00'), steps.guestCount(14)]),
  contact: () => aConfirmedPlan([steps.contact({ email: 'ruby.green@example.com' })]),
};

const toolName = fc.oneof(
  fc.constantFrom(
    'rescheduleBooking',
    'updateGuestCount',
    'updateContactDetails',
    'cancelBooking',
    'createPaymentLink',
    'sendBookingConfirmation',
    'refundBooking',
    'deleteBooking',
    'createBooking',
    'addBookingNote',
    'getBooking',
    'ask_user',
    'propose_plan',
  ),
  fc.string({ minLength: 1, maxLength: 20 }),
);

const scalar = fc.oneof(
  fc.constantFrom(
    'bk_1042',
    'bk_1043',
    'BK-1042',
    '{{step_1.booking_id}}',
    '2026-12-12',
    '10:00',
    '3pm',
    ...PLANTED,
  ),
  fc.integer({ min: -5, max: 50 }),
  fc.string({ maxLength: 30 }),
  fc.boolean(),
);

const args = fc.oneof(
  fc.record(
    {
      booking_id: scalar,
      party_size: scalar,
      date: scalar,
      start_time: scalar,
      email: fc.constantFrom('ruby.green@example.com', 'evil@attacker.example', 'not-an-email'),
      reason: scalar,
    },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.string({ maxLength: 12 }), scalar, { maxKeys: 4 }),
);

const askArgs = fc.record(
  {
    kind: fc.oneof(
      fc.constantFrom('missing_value', 'choose', 'confirm_change'),
      fc.string({ maxLength: 12 }),
    ),
    parameter: fc.oneof(
      fc.constantFrom('party_size', 'booking_id', 'password', 'card_number', 'email'),
      fc.string(),
    ),
    hint: fc.oneof(fc.constantFrom(...PLANTED), fc.string({ maxLength: 120 })),
    question: fc.constantFrom(...PLANTED),
  },
  { requiredKeys: [] },
);

const call = fc.oneof(
  { weight: 3, arbitrary: fc.record({ name: toolName, args }) },
  { weight: 2, arbitrary: fc.record({ name: fc.constant('ask_user'), args: askArgs }) },
);

/** One model turn: tool calls (possibly none, possibly the same one repeated) or only text. */
const turn = fc.oneof(
  { weight: 4, arbitrary: fc.array(call, { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant([]) },
);

export const episodeArb = fc.record({
  plan: fc.constantFrom(...Object.keys(PLANS)),
  turns: fc.array(turn, { minLength: 1, maxLength: 14 }),
  answers: fc.array(
    fc.oneof(
      fc.constantFrom('16', 'yes', 'no', 'sixteen guests', 'my password is hunter2', ...PLANTED),
      fc.string(),
    ),
    { maxLength: 4 },
  ),
});
export type Episode = typeof episodeArb extends fc.Arbitrary<infer T> ? T : never;

function modelOf(episode: Episode) {
  let model = fakeModel();
  episode.turns.forEach((calls, t) => {
    model = model.respond(
      new AIMessage({
        content: calls.length === 0 ? 'I am done.' : '',
        tool_calls: calls.map((c, i) => ({
          id: `t${t}c${i}`,
          name: c.name,
          args: c.args,
          type: 'tool_call' as const,
        })),
      }),
    );
  });
  // Past the script the model keeps stopping (an endless loop is bounded by the executor, not by us).
  for (let i = 0; i < 30; i += 1) model = model.respond(new AIMessage('done'));
  return model;
}

const RENDERED = /Step \d+ \([^)]*\)/;

/**
 * Runs one episode and returns the violated invariants (empty: none). `plant` runs after the episode and before
 * the checks: a test plants a write there to show that the invariants catch it.
 */
export async function runExecutorEpisode(
  stack: ExecutorStack,
  episode: Episode,
  plant?: (world: ExecutorWorld) => Promise<void>,
): Promise<string[]> {
  const violations: string[] = [];
  const world = await freshWorld(stack, { maxSelfCorrections: 1 });
  const build = PLANS[episode.plan] ?? PLANS.guestGap;
  if (!build) throw new Error(`no plan ${episode.plan}`);
  const plan = await world.seed(build());
  const original = stack.sandbox.admin.booking('bk_1042');
  if (!original) throw new Error('the executor fixture lacks bk_1042');
  const answers: string[] = [];
  const model = modelOf(episode);
  const prompts: string[] = [];
  const http = planEndpoints(world);
  try {
    await world.deliver(plan, model);
    for (const text of episode.answers) {
      const now = await world.reload(plan);
      if (!now.blocking_prompt) break;
      prompts.push(now.blocking_prompt);
      // The user answers through POST /v1/plans/{id}/answer, as iQ does; the executor resumes on a 200.
      answers.push(text);
      const answered = await http.answer(plan, text);
      violations.push(...responseViolations('answer', answered));
      if (answered.status === 200) await world.deliver(plan, model, { kind: 'resume' });
    }
    const last = await world.reload(plan);
    if (last.blocking_prompt) prompts.push(last.blocking_prompt);
    // What iQ reads of the outcome: GET /v1/plans/{id}.
    violations.push(...responseViolations('status', await http.status(plan)));
  } catch (error) {
    violations.push(
      `executor threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    );
  }
  await plant?.(world);
  violations.push(
    ...writeViolations({
      journal: stack.sandbox.admin.journal(),
      steps: plan.actions,
      original,
      answers,
      registry,
    }),
  );
  for (const prompt of prompts) {
    if (CREDENTIAL.test(prompt)) violations.push(`question asks for a credential or link: ${prompt}`);
    if (!RENDERED.test(prompt)) violations.push(`question not rendered by code: ${prompt}`);
    if (PLANTED.some((p) => prompt.includes(p))) violations.push(`question repeats planted text: ${prompt}`);
  }
  return violations;
}

/** An HTTP answer of the plan endpoints: status and parsed body. */
interface HttpAnswer {
  status: number;
  body: unknown;
}

const PlanBody = z.object({ plan: ExecutionPlan });

/** Issue 14 "no 5xx" and "every response a valid contract shape", for the responses the executor's user sees. */
function responseViolations(endpoint: string, answer: HttpAnswer): string[] {
  if (answer.status >= 500)
    return [`${endpoint}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`];
  const shape = answer.status === 200 ? PlanBody : ServiceError;
  return shape.safeParse(answer.body).success
    ? []
    : [`${endpoint}: ${answer.status} body is not a valid contract shape`];
}

/**
 * The real answer and status handlers (functions/) over the world's plan store, with the token check of the
 * composition root against the sandbox (issue 14: confirm and answer prove the token first).
 */
function planEndpoints(world: ExecutorWorld) {
  const deps: PlanServiceDeps = {
    plans: world.plans,
    queue: new InMemoryPlanQueue(),
    tokenSealer: testTokenSealer,
    clock: fixedClock('2026-11-20T10:10:00.000Z'),
    log: silentLog,
    tracer: world.tracer,
    checkToken: planTokenCheck({ api: world.bookingApi, getBooking: registry.get(DEFAULT_LOOKUP_ROLES.get) }),
    isPii: piiLookupFromRegistry((id) => registry.get(id)),
  };
  const logger = silentLogger();
  const answer = answerHandler(async () => deps, logger);
  const status = getHandler(async () => deps, logger);
  const call = async (handler: typeof answer, input: HttpEventInput): Promise<HttpAnswer> => {
    const result = await handler(anHttpEvent({ ...input, token: TOKEN }), aLambdaContext());
    return { status: result.statusCode, body: JSON.parse(result.body) };
  };
  return {
    answer: (plan: StoredPlan, text: string) =>
      call(answer, {
        method: 'POST',
        resource: '/v1/plans/{plan_id}/answer',
        pathParameters: { plan_id: plan.plan_id },
        body: { user_id: plan.user_id, user_message: text },
      }),
    status: (plan: StoredPlan) =>
      call(status, {
        method: 'GET',
        resource: '/v1/plans/{plan_id}',
        pathParameters: { plan_id: plan.plan_id },
        query: { user_id: plan.user_id },
      }),
  };
}
