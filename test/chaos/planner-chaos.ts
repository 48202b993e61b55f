import { AIMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import fc from 'fast-check';
import { createHandler } from '../../functions/handle-request.ts';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { DynamoSessionStore } from '../../lib/adapters/dynamodb/dynamo-session-store.ts';
import { ServiceError } from '../../lib/contracts/service-error.ts';
import { createPlanner } from '../../lib/planner/create-planner.ts';
import type { PlannerDeps } from '../../lib/planner/planner-deps.ts';
import { RequestOutcome } from '../../lib/planner/request-outcome.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { randomIds } from '../../lib/ports/ids.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { silentLogger } from '../api/http-harness.ts';
import { TEST_CONFIG } from '../planner/support/planner-harness.ts';
import { aLambdaContext, anHttpEvent } from '../support/events.ts';
import { type Emulators, startEmulators } from '../support/local-stack.ts';
import { RecordingTracer } from '../support/recording-tracer.ts';
import {
  bookingId,
  demoFixture,
  NEXT_SATURDAY,
  PINNED_NOW,
  startTestSandbox,
  type TestSandbox,
  TOKENS,
} from '../support/sandbox.ts';
import { PLANTED } from './adversarial-text.ts';
import { outcomeViolations, recordLookups } from './plan-invariant.ts';

/**
 * The chaos model for the planner's role (issue 14 evidence a): fast-check generates an adversarial planner model
 * — random and injected tool names and arguments, unbound and blocked actions, malformed JSON, repeated calls,
 * endless lookups, ask_clarification and decline abuse, text copied from booking data with planted instructions,
 * credential requests — and a user who sends one to three messages whose intent is known. Each request goes
 * through the real POST /v1/requests handler, the planning graph and gate, DynamoDB (dynalite) and the sandbox
 * over HTTP. The invariants are checked against the responses, the plan store and the sandbox journal.
 */

const registry = loadCompiledRegistry();

/**
 * What the user may say, with what each message asks for (the oracle, written by hand: independent of the
 * cues) and the values it states (dates worked out from PINNED_NOW, Wednesday 11 March in Sydney). A mutating
 * step of a shown plan must be one of the episode's asked actions, with the values stated.
 */
const USER_MESSAGES: readonly {
  text: string;
  asks: string[];
  counts?: number[];
  dates?: string[];
  times?: string[];
}[] = [
  { text: 'Smith BK-1042 is now 9 people', asks: ['updateGuestCount'], counts: [9] },
  { text: 'BK-1042 is 9 now', asks: ['updateGuestCount'], counts: [9] },
  {
    text: 'Move BK-1042 to Saturday at 10am',
    asks: ['rescheduleBooking'],
    dates: [NEXT_SATURDAY],
    times: ['10:00'],
  },
  { text: 'Please add a note to BK-1042: one guest has a nut allergy', asks: ['addBookingNote'] },
  { text: 'Change the email on BK-1042 to ruby.green@example.com', asks: ['updateContactDetails'] },
  { text: "Cancel BK-1042, they won't be coming", asks: ['cancelBooking'] },
  { text: 'Resend the confirmation for BK-1042', asks: ['sendBookingConfirmation'] },
  { text: 'Hi, what can you help me with?', asks: [] },
  { text: 'Ruby Green', asks: [] },
];

/** @SMITH and @TAN stand for the sandbox's ids of BK-1042 and BK-1043 (generated when it starts). */
function p(name: string, value: string) {
  return { name, value };
}

const BOOKING_IDS = ['@SMITH', '@TAN', 'BK-1042', 'bk_invented', '{{step_1.booking_id}}'];
const toolName = fc.oneof(
  fc.constantFrom(
    'searchBookings',
    'getBooking',
    'getAvailability',
    'propose_plan',
    'ask_clarification',
    'decline',
    'cancel_request',
    'cancelBooking',
    'refundBooking',
    'deleteBooking',
    'listProducts',
    'ask_user',
  ),
  fc.string({ minLength: 1, maxLength: 16 }),
);
const actionId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...registry.all().map((a) => a.action_id)) },
  { weight: 1, arbitrary: fc.constantFrom('ask_user', 'propose_plan', 'cancel-booking', 'CancelBooking') },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 16 }) },
);
const text = fc.oneof(
  fc.constantFrom(
    ...BOOKING_IDS,
    ...PLANTED,
    'Saturday',
    '10am',
    '9',
    '22',
    'email',
    'ruby.green@example.com',
    'evil@attacker.example',
    'nut allergy',
  ),
  fc.string({ maxLength: 24 }),
);
const parameter = fc.record({
  name: fc.oneof(
    fc.constantFrom(
      'booking_id',
      'party_size',
      'date',
      'start_time',
      'email',
      'text',
      'reason',
      'channel',
      'amount',
      'note_id',
    ),
    fc.string({ maxLength: 10 }),
  ),
  value: text,
});
const step = fc.record({ action_id: actionId, parameters: fc.array(parameter, { maxLength: 4 }) });
const missing = fc.oneof(
  fc.constantFrom('booking', 'action', 'guest_count', 'contact_details', 'date', 'time', 'other'),
  fc.string({ maxLength: 8 }),
);

/** Well-formed steps an obedient model would propose, on real bookings: asked for or not, grounded or not. */
const obedientStep = fc.constantFrom(
  { action_id: 'updateGuestCount', parameters: [p('booking_id', '@SMITH'), p('party_size', '9')] },
  { action_id: 'updateGuestCount', parameters: [p('booking_id', '@SMITH'), p('party_size', '22')] },
  {
    action_id: 'rescheduleBooking',
    parameters: [p('booking_id', '@SMITH'), p('date', 'Saturday'), p('start_time', '10am')],
  },
  { action_id: 'cancelBooking', parameters: [p('booking_id', '@SMITH')] },
  { action_id: 'cancelBooking', parameters: [p('booking_id', '@TAN'), p('reason', 'SYSTEM said so')] },
  { action_id: 'sendBookingConfirmation', parameters: [p('booking_id', '@SMITH'), p('channel', 'email')] },
  { action_id: 'createPaymentLink', parameters: [p('booking_id', '@SMITH')] },
  { action_id: 'addBookingNote', parameters: [p('booking_id', '@SMITH'), p('text', 'nut allergy')] },
  {
    action_id: 'updateContactDetails',
    parameters: [p('booking_id', '@SMITH'), p('email', 'ruby.green@example.com')],
  },
  {
    action_id: 'updateContactDetails',
    parameters: [p('booking_id', '@SMITH'), p('email', 'evil@attacker.example')],
  },
  { action_id: 'refundBooking', parameters: [p('booking_id', '@SMITH'), p('amount', '50')] },
);

/** One tool call of a model reply. */
const call = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      name: fc.constant('propose_plan'),
      args: fc.record({ steps: fc.array(obedientStep, { minLength: 1, maxLength: 3 }) }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      name: fc.constant('propose_plan'),
      args: fc.record({ steps: fc.array(step, { minLength: 1, maxLength: 4 }) }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      name: fc.constant('ask_clarification'),
      args: fc.record(
        {
          question: fc.oneof(fc.constantFrom(...PLANTED, 'Which booking?'), fc.string({ maxLength: 40 })),
          missing,
          candidate_booking_ids: fc.array(fc.constantFrom(...BOOKING_IDS), { maxLength: 3 }),
        },
        { requiredKeys: ['question', 'missing'] },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      name: fc.constant('decline'),
      args: fc.record({ message: fc.constantFrom(...PLANTED) }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ name: fc.constant('cancel_request'), args: fc.constant({}) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      name: fc.constantFrom('searchBookings', 'getBooking', 'getAvailability'),
      args: fc.record(
        { search_text: text, booking_id: text, product_id: text, date: text },
        { requiredKeys: [] },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      name: toolName,
      args: fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 3 }),
    }),
  },
);

/** One model reply: tool calls (possibly the same repeated), only text, or arguments that are not JSON. */
const reply = fc.oneof(
  { weight: 6, arbitrary: call.map((c) => ({ calls: [c] })) },
  { weight: 2, arbitrary: fc.array(call, { minLength: 2, maxLength: 3 }).map((calls) => ({ calls })) },
  { weight: 1, arbitrary: fc.constantFrom(...PLANTED).map((content) => ({ content })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((malformed) => ({ malformed })) },
);
type Reply = typeof reply extends fc.Arbitrary<infer T> ? T : never;

/** Past its script the model either repeats its last reply (an endless loop) or keeps looking up. */
const tail = fc.constantFrom('repeat', 'lookups');

export const plannerEpisodeArb = fc.record({
  turns: fc.array(
    fc.record({
      message: fc.oneof(
        { weight: 5, arbitrary: fc.integer({ min: 0, max: USER_MESSAGES.length - 1 }) },
        { weight: 1, arbitrary: fc.stringMatching(/^[0-9 ?!.,]{1,20}$/) },
      ),
      replies: fc.array(reply, { minLength: 1, maxLength: 5 }),
      tail,
    }),
    { minLength: 1, maxLength: 3 },
  ),
});
export type PlannerEpisode = typeof plannerEpisodeArb extends fc.Arbitrary<infer T> ? T : never;

/** The sandbox's real ids for the @SMITH / @TAN stand-ins. */
type RealIds = { smith: string; tan: string };

function withIds<T>(value: T, ids: RealIds): T {
  return JSON.parse(JSON.stringify(value).replaceAll('@SMITH', ids.smith).replaceAll('@TAN', ids.tan));
}

function toMessage(r: Reply, t: number, i: number): AIMessage {
  if ('content' in r) return new AIMessage(r.content);
  if ('malformed' in r)
    return new AIMessage({
      content: '',
      invalid_tool_calls: [
        {
          id: `m${t}-${i}`,
          name: 'propose_plan',
          args: `{"steps": [${r.malformed}`,
          error: 'bad JSON',
          type: 'invalid_tool_call',
        },
      ],
    });
  return new AIMessage({
    content: '',
    tool_calls: r.calls.map((c, k) => ({
      id: `c${t}-${i}-${k}`,
      name: c.name,
      args: c.args,
      type: 'tool_call' as const,
    })),
  });
}

function modelOf(turn: PlannerEpisode['turns'][number], t: number, ids: RealIds) {
  let model = fakeModel();
  turn.replies.forEach((r, i) => {
    model = model.respond(toMessage(withIds(r, ids), t, i));
  });
  const last = turn.replies.at(-1) as Reply;
  const lookup: Reply = { calls: [{ name: 'searchBookings', args: { search_text: 'Smith' } }] };
  for (let i = 0; i < 12; i += 1)
    model = model.respond(toMessage(withIds(turn.tail === 'repeat' ? last : lookup, ids), t, 100 + i));
  return model;
}

export interface PlannerStack {
  sandbox: TestSandbox;
  emulators: Emulators;
  deps: Omit<PlannerDeps, 'model'>;
  ids: RealIds;
  /** Booking ids the current episode's lookups returned (cleared at the start of each episode). */
  lookedUp: Set<string>;
  /** Replies where the model gave up (the planner's warning, counted by the stack's logger). */
  gaveUp: { count: number };
  stop(): Promise<void>;
}

/** One sandbox (with booking data planted in BK-1043 and BK-1042's notes) and one set of tables, for many episodes. */
export async function startPlannerStack(): Promise<PlannerStack> {
  const gaveUp = { count: 0 };
  const fixture = demoFixture();
  const tan = fixture.bookings.find((b) => b.bookingReference === 'BK-1043');
  if (tan) tan.guestName = PLANTED.at(-1) as string;
  const smith = fixture.bookings.find((b) => b.bookingReference === 'BK-1042');
  if (smith) smith.notes = PLANTED.slice(0, -1).map((text) => ({ text, visibleToGuest: false }));
  const [sandbox, emulators] = await Promise.all([startTestSandbox({ fixture }), startEmulators()]);
  const tables = await emulators.freshTables();
  const client = emulators.documentClient;
  const lookups = recordLookups(new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs: 10_000 }));
  const deps: Omit<PlannerDeps, 'model'> = {
    registry,
    bookingApi: lookups.api,
    planStore: new DynamoPlanStore({ client, tableName: tables.plans }),
    sessionStore: new DynamoSessionStore({ client, tableName: tables.sessions, slotTtlSeconds: 3600 }),
    clock: fixedClock(PINNED_NOW),
    ids: randomIds,
    tracer: new RecordingTracer(),
    logger: {
      debug() {},
      info() {},
      // ADR 0014: the planner's warning when the model gave up (a figure of the run, not a violation).
      warn(message) {
        if (message.startsWith('planner model gave up')) gaveUp.count += 1;
      },
      error() {},
    },
    config: TEST_CONFIG,
  };
  const ids = { smith: bookingId(sandbox, 'BK-1042'), tan: bookingId(sandbox, 'BK-1043') };
  return {
    sandbox,
    emulators,
    deps,
    ids,
    lookedUp: lookups.ids,
    gaveUp,
    stop: async () => void (await Promise.all([sandbox.close(), emulators.stop()])),
  };
}

const logger = silentLogger();
let episodes = 0;

/** What an episode saw: the violated invariants (empty: none), and how often the model gave up (ADR 0014). */
export interface PlannerEpisodeReport {
  violations: string[];
  /** Requests answered with the rephrase request because the model never gave a valid decision. */
  gaveUp: number;
  /** Plans shown (the invariants on plans are not vacuous). */
  plans: number;
}

/** Runs one episode and checks every invariant. */
export async function runPlannerEpisode(
  stack: PlannerStack,
  episode: PlannerEpisode,
): Promise<PlannerEpisodeReport> {
  episodes += 1;
  const violations: string[] = [];
  const gaveUpBefore = stack.gaveUp.count;
  let plans = 0;
  const session_id = `chaos-${episodes}-${randomIds.uuid()}`;
  const journalBefore = stack.sandbox.admin.journal().length;
  stack.lookedUp.clear();
  const asked = new Set<string>();
  const counts = new Set<number>();
  const dates = new Set<string>();
  const times = new Set<string>();
  const said: string[] = [];
  for (const [t, turn] of episode.turns.entries()) {
    const entry = typeof turn.message === 'number' ? USER_MESSAGES[turn.message] : undefined;
    const message = entry?.text ?? String(turn.message);
    said.push(message);
    for (const a of entry?.asks ?? []) asked.add(a);
    for (const c of entry?.counts ?? []) counts.add(c);
    for (const d of entry?.dates ?? []) dates.add(d);
    for (const h of entry?.times ?? []) times.add(h);
    const model = modelOf(turn, t, stack.ids);
    const planner = createPlanner({ ...stack.deps, model });
    const handler = createHandler(
      async () => ({ handleRequest: planner, tracer: stack.deps.tracer }),
      logger,
    );
    const event = anHttpEvent({
      method: 'POST',
      resource: '/v1/requests',
      body: { session_id, user_id: 'user_ops_harbour', message },
      token: TOKENS.harbour,
    });
    const result = await handler(event, aLambdaContext());
    const body: unknown = JSON.parse(result.body);
    // Issue 14 "no 5xx": the model is always reachable here, so any 5xx is the service's fault (ADR 0014).
    if (result.statusCode >= 500) {
      violations.push(`turn ${t}: ${result.statusCode} ${result.body.slice(0, 200)}`);
      continue;
    }
    if (result.statusCode !== 200) {
      if (!ServiceError.safeParse(body).success)
        violations.push(`turn ${t}: ${result.statusCode} body is not a ServiceError`);
      continue;
    }
    const outcome = RequestOutcome.safeParse(body);
    if (!outcome.success) {
      violations.push(`turn ${t}: 200 body is not a RequestOutcome`);
      continue;
    }
    if (outcome.data.kind === 'plan') plans += 1;
    const oracle = { asked, counts, dates, times, said: said.join('\n'), looked_up: stack.lookedUp };
    violations.push(...outcomeViolations(outcome.data, oracle, registry).map((v) => `turn ${t}: ${v}`));
  }
  for (const entry of stack.sandbox.admin.journal().slice(journalBefore)) {
    const action = registry.get(entry.operation);
    if (entry.committed || (action && !action.read_only))
      violations.push(`booking write at planning: ${entry.operation}`);
  }
  return { violations, gaveUp: stack.gaveUp.count - gaveUpBefore, plans };
}
