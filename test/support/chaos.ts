import type { FaultInput } from '../../devkit/sandbox/faults.ts';
import type { FixtureInput } from '../../devkit/sandbox/fixture-schema.ts';
import type { BookingRecord } from '../../devkit/sandbox/sandbox-state.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import type { BookingApi } from '../../lib/ports/booking-api.ts';
import { executorFixture, TOKEN } from './executor-fixture.ts';
import type { ExecutorStack } from './executor-harness.ts';
import { freshWorld, withBeforeCall } from './executor-harness.ts';
import { aConfirmedPlan, type StepInput, steps } from './executor-plans.ts';

/** mulberry32: a small seeded generator, so a run's plans and faults are the same for the same seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ChaosOptions {
  plans: number;
  seed: number;
  /** Plans executing at once. */
  concurrency: number;
  /** The booking API client's timeout; a `delay` fault holds a request twice as long. */
  timeoutMs: number;
}

/** One plan's booking, as created, and what each step would make of it. */
interface ChaosCase {
  plan: StoredPlan;
  bookingId: string;
  original: { partySize: number; date: string; startTime: string };
  intended: { partySize?: number; date?: string; startTime?: string; note?: string }[];
  /** Issue 28: step `failAt` meets a 500, and the plan's first compensation meets `fault`. */
  undo?: { failAt: number; fault: UndoFault };
}

/** A fault for a compensation's own operation: dropped after commit (once or twice), reset, or 503 three times. */
type UndoFault = 'drop' | 'drop_twice' | 'reset' | '503';

function undoFault(kind: UndoFault, operation: string): FaultInput {
  switch (kind) {
    case 'drop':
      return { operation, kind: 'commit_then_drop' };
    case 'drop_twice':
      return { operation, kind: 'commit_then_drop', times: 2 };
    case 'reset':
      return { operation, kind: 'reset' };
    case '503':
      return { operation, kind: 'status', status: 503, times: 3, retryAfterSeconds: 0 };
  }
}

export interface ChaosReport {
  plans: number;
  seed: number;
  faultsInjected: number;
  /** Journal entries an injected fault hit, by fault kind. */
  faultsHit: Record<string, number>;
  /** Of those, the ones that hit a compensation (its key ends in `:compensate`), by fault kind (issue 28). */
  compensationFaultsHit: Record<string, number>;
  outcomes: Record<string, number>;
  /** Plans whose reported outcome is not the booking's real state, with what differs. */
  untruthful: { plan_id: string; status: string; problems: string[]; trail: string[] }[];
  /** Idempotency keys committed more than once. */
  duplicates: string[];
}

const DATES = ['2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17'];

function pick<T>(rnd: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rnd() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** One booking per plan, in slots with room for every change. */
function chaosFixture(count: number): FixtureInput {
  return {
    ...executorFixture,
    // Every venue stays, so each fixture token still names a known venue.
    venues: executorFixture.venues.map((venue) => ({
      ...venue,
      products: venue.products.map((p) => ({ ...p, capacityPerSession: 10_000 })),
    })),
    bookings: Array.from({ length: count }, (_, i) => ({
      bookingId: `bk_c${i}`,
      bookingReference: `BK-C${i}`,
      guestName: `Guest ${i}`,
      date: '2026-12-12',
      startTime: '15:00',
      productId: 'prod_party_room',
      partySize: 4,
    })),
  };
}

function chaosCase(rnd: () => number, i: number): ChaosCase {
  const bookingId = `bk_c${i}`;
  const count = 1 + Math.floor(rnd() * 3);
  const inputs: StepInput[] = [];
  const intended: ChaosCase['intended'] = [];
  for (let s = 0; s < count; s += 1) {
    const kind = pick(rnd, ['guests', 'reschedule', 'note'] as const);
    if (kind === 'guests') {
      const partySize = 5 + s + Math.floor(rnd() * 4);
      inputs.push(steps.guestCount(partySize, bookingId));
      intended.push({ partySize });
    } else if (kind === 'reschedule') {
      const date = pick(rnd, DATES);
      const startTime = pick(rnd, ['10:00', '12:30']);
      inputs.push(steps.reschedule(date, startTime, bookingId));
      intended.push({ date, startTime });
    } else {
      const note = `chaos note ${i}.${s}`;
      inputs.push(steps.note(note, bookingId));
      intended.push({ note });
    }
  }
  const undo =
    count >= 2 && rnd() < 0.4
      ? {
          failAt: 2 + Math.floor(rnd() * (count - 1)),
          fault: pick(rnd, ['drop', 'drop_twice', 'reset', '503'] as const),
        }
      : undefined;
  return {
    plan: aConfirmedPlan(inputs),
    bookingId,
    original: { partySize: 4, date: '2026-12-12', startTime: '15:00' },
    intended,
    ...(undo ? { undo } : {}),
  };
}

const OPERATIONS = [
  'updateGuestCount',
  'rescheduleBooking',
  'addBookingNote',
  'deleteBookingNote',
  'getBooking',
] as const;

/** The writes a plan's steps send; a 500 on one fails its step, so the plan rolls back. */
const WRITES = ['updateGuestCount', 'rescheduleBooking', 'addBookingNote'] as const;

/**
 * Every fault kind, on the write and the read paths: commit-then-drop (also twice in a row), reset, 503, delay;
 * and a 500 that fails a step, so that the faults after it hit the compensations (issue 28: a compensation's lost
 * answer must be reported as what happened).
 */
function chaosFault(rnd: () => number, timeoutMs: number): FaultInput {
  const operation = pick(rnd, OPERATIONS);
  const kind = pick(rnd, ['drop', 'drop_twice', 'reset', '503', 'late', 'slow', 'fail'] as const);
  switch (kind) {
    case 'fail':
      return { operation: pick(rnd, WRITES), kind: 'status', status: 500 };
    case 'drop':
      return { operation, kind: 'commit_then_drop' };
    case 'drop_twice':
      return { operation, kind: 'commit_then_drop', times: 2 };
    case 'reset':
      return { operation, kind: 'reset' };
    case '503':
      return { operation, kind: 'status', status: 503 };
    case 'late':
      return { operation, kind: 'delay', delayMs: timeoutMs * 2 };
    case 'slow':
      // Slow reads: answered, just late.
      return { operation: 'getBooking', kind: 'delay', delayMs: Math.floor(timeoutMs / 3) };
  }
}

/** The rollback report's reason for a step whose write got no answer (rollback-report.ts). */
const IN_DOUBT = /unknown whether the change was applied/;
/** The rollback report's reason for a compensation whose answer was lost and could not be read back. */
const UNDO_IN_DOUBT = /unknown whether it was undone/;

/** What the journal shows of one step's compensation (its key `<plan>:step-N:compensate`). */
export interface CompensationSends {
  /** The booking API committed it (once: a replay is not a commit). */
  committed: boolean;
  /** It was sent, and every send was hit by a fault (no answer, or a refusal). */
  allFaulted: boolean;
}

type Fields = { partySize: number; date: string; startTime: string };

function fieldsOf(booking: BookingRecord): Fields {
  return { partySize: booking.partySize, date: booking.date, startTime: booking.startTime };
}

/** What differs between the plan's reported outcome and the booking (empty when they agree). */
export function truthProblems(
  c: ChaosCase,
  plan: StoredPlan,
  booking: BookingRecord,
  readFailed: boolean,
  /** Every send of the step got no answer; with `timedOut`, at least one was held past the client's timeout. */
  writesFailed: (stepNumber: number, timedOut: boolean) => boolean,
  /** The journal's record of step N's compensation. */
  compensation: (stepNumber: number) => CompensationSends = () => ({ committed: false, allFaulted: false }),
): string[] {
  const problems: string[] = [];
  const now = fieldsOf(booking);
  const notes = (text: string) => booking.notes.filter((n) => n.text === text).length;
  for (const i of c.intended) if (i.note && notes(i.note) > 1) problems.push(`note "${i.note}" twice`);
  if (plan.status === 'completed') {
    const want: Fields = { ...c.original };
    for (const i of c.intended) {
      if (i.partySize !== undefined) want.partySize = i.partySize;
      if (i.date !== undefined && i.startTime !== undefined)
        Object.assign(want, { date: i.date, startTime: i.startTime });
      if (i.note && notes(i.note) !== 1) problems.push(`completed but note "${i.note}" missing`);
    }
    if (JSON.stringify(want) !== JSON.stringify(now)) {
      problems.push(`completed but booking is ${JSON.stringify(now)}, not ${JSON.stringify(want)}`);
    }
    return problems;
  }
  if (plan.status !== 'failed' && plan.status !== 'rolled_back') return [`left ${plan.status}`];
  if (!plan.failure_reason) problems.push(`${plan.status} without a failure_reason`);
  // Steps reported as not reversed (with a reason) may have left their values; nothing else may.
  const excused = new Set((plan.rollback_report?.actions_failed_to_reverse ?? []).map((f) => f.step_number));
  for (const f of plan.rollback_report?.actions_failed_to_reverse ?? []) {
    if (!f.reason) problems.push(`step ${f.step_number} not reversed without a reason`);
    // In doubt is the truth only while the booking cannot be read (issue 13): never when every read answered.
    const step = c.intended[f.step_number - 1];
    // In doubt is the truth only while the API does not answer (issue 13): a change that can be read back needs
    // a failed read of the booking, or a timed-out send (it may still land) and every later send refused; a note
    // (no read-back) needs every same-key send to have failed.
    const unanswered = step?.note
      ? writesFailed(f.step_number, false)
      : readFailed || writesFailed(f.step_number, true);
    if (IN_DOUBT.test(f.reason) && !unanswered) {
      problems.push(`step ${f.step_number} in doubt though the API answered`);
    }
  }
  // Issue 28: the report says what the compensations did. Reversed ⇒ its compensation committed; "could not be
  // undone" ⇒ it did not; unknown ⇒ only while the API did not answer.
  for (const n of plan.rollback_report?.actions_reversed ?? []) {
    if (!compensation(n).committed)
      problems.push(`step ${n} reported reversed but its compensation never committed`);
  }
  for (const f of plan.rollback_report?.actions_failed_to_reverse ?? []) {
    if (IN_DOUBT.test(f.reason)) continue;
    const sends = compensation(f.step_number);
    if (UNDO_IN_DOUBT.test(f.reason)) {
      const unanswered = c.intended[f.step_number - 1]?.note
        ? sends.allFaulted
        : readFailed || sends.allFaulted;
      if (!unanswered) problems.push(`step ${f.step_number}'s reversal in doubt though the API answered`);
    } else if (sends.committed) {
      problems.push(`step ${f.step_number} reported not reversed but its compensation committed`);
    }
  }
  if (plan.status === 'rolled_back' && excused.size > 0) problems.push('rolled_back with steps not reversed');
  const allowed: Fields[] = [{ ...c.original }];
  c.intended.forEach((i, index) => {
    const excuse = excused.has(index + 1);
    if (i.note && notes(i.note) > 0 && !excuse) problems.push(`${plan.status} but note "${i.note}" left`);
    if (!excuse) return;
    for (const base of [...allowed]) {
      allowed.push({
        ...base,
        ...(i.partySize !== undefined ? { partySize: i.partySize } : {}),
        ...(i.date !== undefined && i.startTime !== undefined
          ? { date: i.date, startTime: i.startTime }
          : {}),
      });
    }
  });
  if (!allowed.some((a) => JSON.stringify(a) === JSON.stringify(now))) {
    problems.push(
      `${plan.status} but booking is ${JSON.stringify(now)}; steps not reversed: ${[...excused].join(', ') || 'none'}`,
    );
  }
  return problems;
}

/**
 * The plan's booking API with its `undo` faults: a 500 injected as step `failAt` is sent (so the plan rolls back),
 * and the compensation fault as its first compensation is sent. Other plans run at once, so a fault may hit
 * another plan's call of the same operation: chaos either way.
 */
function failingThenUndoFault(stack: ExecutorStack, api: BookingApi, c: ChaosCase): BookingApi {
  const { undo } = c;
  if (!undo) return api;
  let failed = false;
  let undone = false;
  return withBeforeCall(api, (call) => {
    const operation = call.action.action_id;
    if (!failed && call.idempotencyKey === `${c.plan.plan_id}:step-${undo.failAt}`) {
      failed = true;
      stack.sandbox.admin.injectFault({ operation, kind: 'status', status: 500 });
    }
    if (
      !undone &&
      call.idempotencyKey?.startsWith(`${c.plan.plan_id}:`) &&
      call.idempotencyKey.endsWith(':compensate')
    ) {
      undone = true;
      stack.sandbox.admin.injectFault(undoFault(undo.fault, operation));
    }
  });
}

async function inPool<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/**
 * Runs `plans` seeded plans concurrently through the executor (DynamoDB in dynalite, the sandbox over HTTP) while
 * the sandbox injects every fault kind on the write and read paths, then compares each plan's reported outcome
 * with the booking's real state and counts idempotency keys committed twice (issue 13 evidence).
 * `settled` waits until every held (delayed) request has landed, so late arrivals are judged too.
 */
export async function runChaos(
  stack: ExecutorStack,
  options: ChaosOptions,
  settled: (landed: () => boolean) => Promise<void>,
): Promise<ChaosReport> {
  const rnd = seededRandom(options.seed);
  const world = await freshWorld(stack, { timeoutMs: options.timeoutMs });
  stack.sandbox.admin.reset(chaosFixture(options.plans));
  stack.sandbox.admin.setRateLimit(TOKEN, null);
  const cases = Array.from({ length: options.plans }, (_, i) => chaosCase(rnd, i));
  for (const c of cases) await world.seed(c.plan);
  const faults = Array.from({ length: Math.ceil(options.plans * 1.5) }, () =>
    chaosFault(rnd, options.timeoutMs),
  );
  for (const f of faults) stack.sandbox.admin.injectFault(f);
  const delays = faults.filter((f) => f.kind === 'delay').length;

  await inPool(cases, options.concurrency, (c) =>
    world.deliver(c.plan, new OfflineExecutorModel(), {
      deps: { bookingApi: failingThenUndoFault(stack, world.bookingApi, c) },
    }),
  );
  const unusedDelays = () => stack.sandbox.admin.faults().filter((f) => f.kind === 'delay').length;
  const landedDelays = () => stack.sandbox.admin.journal().filter((e) => e.fault === 'delay').length;
  await settled(() => landedDelays() + unusedDelays() >= delays);
  stack.sandbox.admin.clearFaults();

  const journal = stack.sandbox.admin.journal();
  const faultsHit: Record<string, number> = {};
  const compensationFaultsHit: Record<string, number> = {};
  for (const e of journal) {
    if (!e.fault) continue;
    faultsHit[e.fault] = (faultsHit[e.fault] ?? 0) + 1;
    if (e.idempotencyKey?.endsWith(':compensate'))
      compensationFaultsHit[e.fault] = (compensationFaultsHit[e.fault] ?? 0) + 1;
  }
  const committed = new Map<string, number>();
  for (const e of journal) {
    if (e.committed && e.idempotencyKey)
      committed.set(e.idempotencyKey, (committed.get(e.idempotencyKey) ?? 0) + 1);
  }
  const outcomes: Record<string, number> = {};
  const untruthful: ChaosReport['untruthful'] = [];
  for (const c of cases) {
    const plan = await world.reload(c.plan);
    outcomes[plan.status] = (outcomes[plan.status] ?? 0) + 1;
    const booking = stack.sandbox.admin.booking(c.bookingId);
    const readFailed = journal.some(
      (e) => e.operation === 'getBooking' && e.fault !== undefined && e.params.path.bookingId === c.bookingId,
    );
    const writesFailed = (n: number, timedOut: boolean) => {
      const sends = journal.filter((e) => e.idempotencyKey === `${c.plan.plan_id}:step-${n}`);
      return (
        sends.every((e) => e.fault !== undefined) && (!timedOut || sends.some((e) => e.fault === 'delay'))
      );
    };
    const compensation = (n: number): CompensationSends => {
      const sends = journal.filter((e) => e.idempotencyKey === `${c.plan.plan_id}:step-${n}:compensate`);
      return {
        committed: sends.some((e) => e.committed),
        allFaulted: sends.length > 0 && sends.every((e) => e.fault !== undefined),
      };
    };
    const problems = booking
      ? truthProblems(c, plan, booking, readFailed, writesFailed, compensation)
      : ['booking vanished'];
    if (problems.length > 0) {
      const calls = journal
        .filter((e) => e.params.path.bookingId === c.bookingId)
        .map(
          (e) =>
            `#${e.seq} ${e.operation} ${e.idempotencyKey ?? ''} ${e.status ?? '-'}${e.fault ? ` [${e.fault}]` : ''}${e.committed ? ' committed' : ''}${e.replayed ? ' replayed' : ''}`,
        );
      const trail = [
        `steps: ${plan.actions.map((a) => `${a.step_number}:${a.action_id}=${a.step_state}`).join(', ')}`,
        `failure_reason: ${plan.failure_reason ?? '-'}`,
        `rollback_report: ${JSON.stringify(plan.rollback_report ?? null)}`,
        ...calls,
      ];
      untruthful.push({ plan_id: plan.plan_id, status: plan.status, problems, trail });
    }
  }
  return {
    plans: options.plans,
    seed: options.seed,
    faultsInjected: faults.length,
    faultsHit,
    compensationFaultsHit,
    outcomes,
    untruthful,
    duplicates: [...committed].filter(([, n]) => n > 1).map(([key]) => key),
  };
}
