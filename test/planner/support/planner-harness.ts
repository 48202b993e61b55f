import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { InMemoryPlanStore } from '../../../devkit/adapters/memory/in-memory-plan-store.ts';
import { InMemorySessionStore } from '../../../devkit/adapters/memory/in-memory-session-store.ts';
import { createPlanner } from '../../../lib/planner/create-planner.ts';
import type { PlannerConfig, PlannerDeps } from '../../../lib/planner/planner-deps.ts';
import type { RequestOutcome } from '../../../lib/planner/request-outcome.ts';
import type { BookingApi } from '../../../lib/ports/booking-api.ts';
import { fixedClock } from '../../../lib/ports/clock.ts';
import type { PlanStore } from '../../../lib/ports/plan-store.ts';
import type { SessionStore } from '../../../lib/ports/session-store.ts';
import type { VenueDirectory } from '../../../lib/ports/venue-directory.ts';
import type { ActionRegistry } from '../../../lib/registry/action-registry.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';
import { RecordingTracer } from '../../support/recording-tracer.ts';
import { FakeBookingApi, UNIT_NOW } from './fake-booking-api.ts';

export const TOKEN = 'demo-token-harbour';
export const USER = 'user_ops_harbour';

export const TEST_CONFIG: PlannerConfig = {
  VENUE_TIMEZONE: 'Australia/Sydney',
  MAX_CLARIFICATIONS: 3,
  TOOL_RETRIEVAL_K: 15,
  HISTORY_MAX_MESSAGES: 20,
  SESSION_TTL_HOURS: 24,
  // The scripted models of these tests ask for every lookup themselves (the design before issue 32);
  // test/planner/prefetch/ runs the planner with prefetching on.
  PLANNER_PREFETCH: false,
};

/** Predictable UUID v4s: 00000000-0000-4000-8000-000000000001, …0002, … */
export function sequentialIds() {
  let n = 0;
  return { uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` };
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };

export interface HarnessOptions {
  model: BaseChatModel | (() => BaseChatModel);
  bookingApi?: BookingApi;
  registry?: ActionRegistry;
  config?: Partial<PlannerConfig>;
  planStore?: PlanStore;
  sessionStore?: SessionStore;
  now?: string;
  /** ADR 0010: the token's venue read; absent like a booking API without one. */
  venues?: VenueDirectory;
}

/** The real planner (graph, gate, stores) over in-memory stores, a pinned clock and a recording tracer. */
export function plannerHarness(options: HarnessOptions) {
  const clock = fixedClock(options.now ?? UNIT_NOW);
  const bookingApi = options.bookingApi ?? new FakeBookingApi();
  const planStore = options.planStore ?? new InMemoryPlanStore({ clock });
  const sessionStore = options.sessionStore ?? new InMemorySessionStore();
  const tracer = new RecordingTracer();
  const deps: PlannerDeps = {
    registry: options.registry ?? loadCompiledRegistry(),
    bookingApi,
    planStore,
    sessionStore,
    model: options.model,
    clock,
    ids: sequentialIds(),
    tracer,
    logger: silent,
    config: { ...TEST_CONFIG, ...options.config },
    ...(options.venues ? { venues: options.venues } : {}),
  };
  const planner = createPlanner(deps);
  return {
    deps,
    planner,
    planStore,
    sessionStore,
    tracer,
    bookingApi,
    clock,
    /** Sends one message of session `sessionId` as the demo user. */
    send(message: string, sessionId = 'session-1'): Promise<RequestOutcome> {
      return planner({ session_id: sessionId, user_id: USER, message, token: TOKEN });
    },
  };
}

/** Narrows an outcome for assertions (fails the test with the actual outcome otherwise). */
export function expectKind<K extends RequestOutcome['kind']>(
  outcome: RequestOutcome,
  kind: K,
): Extract<RequestOutcome, { kind: K }> {
  if (outcome.kind !== kind) throw new Error(`expected ${kind}, got ${JSON.stringify(outcome)}`);
  return outcome as Extract<RequestOutcome, { kind: K }>;
}

/** A plan step's {name, value} list from an object, for scripting propose_plan. */
export function params(values: Record<string, string>) {
  return Object.entries(values).map(([name, value]) => ({ name, value }));
}

/** The system prompt a scripted model received on its n-th call ('' when there was no such call). */
export function systemPromptOf(model: { calls: { messages: { text: string }[] }[] }, call: number): string {
  return model.calls[call]?.messages[0]?.text ?? '';
}

/** The last message a scripted model received on its n-th call: a tool result, or the retry feedback. */
export function lastInputOf<M>(model: { calls: { messages: M[] }[] }, call: number): M | undefined {
  return model.calls[call]?.messages.at(-1);
}
