import { isIsoDate } from '../../contracts/primitives.ts';
import { formatDay } from '../../dates/format-when.ts';
import type { StoredPlan, StoredStep } from '../../plans/stored-plan.ts';
import type { BookingRecord } from '../booking-record.ts';

/** The booking fields a retry compares: the ones a step changes or that decide whether it still applies. */
export interface SeenBooking {
  booking_reference?: string;
  date?: string;
  start_time?: string;
  party_size?: number;
  status?: string;
  /**
   * The booking's version in the pre-image, when the attempt wrote nothing to it that was undone since (a
   * compensation bumps the version by itself): a different version now means someone else changed it.
   */
  version?: string;
}

/** One booking of the failed plan: what the last attempt saw of it (undefined: it never read it) and it now. */
export interface RetriedBooking {
  booking_id: string;
  seen?: SeenBooking;
  /** undefined: the booking API no longer has it (404). */
  fresh?: BookingRecord;
}

/** Booking statuses on which nothing can be retried. */
const CLOSED = new Set(['cancelled', 'completed']);
/** Step parameters that, equal to the booking's current value, mean the step would change nothing. */
const TARGET_FIELDS = ['date', 'start_time', 'party_size'] as const;

/** The booking a step names outright (a `{{step_N…}}` placeholder names none). */
export function stepBookingId(step: StoredStep): string | undefined {
  for (const value of [step.resolved_parameters?.booking_id, step.parameters.booking_id]) {
    if (typeof value === 'string' && value !== '' && !value.includes('{{')) return value;
  }
  return undefined;
}

/** The failed plan's bookings, in step order, each once (ADR 0010's booking_refs, or the steps' own ids). */
export function retriedBookingIds(plan: StoredPlan): string[] {
  const ids = plan.booking_refs ?? plan.actions.flatMap((s) => stepBookingId(s) ?? []);
  return [...new Set(ids)];
}

/**
 * What the last attempt saw of each booking: the executor's pre-images (StoredStep.before, docs/executor.md §3),
 * taken just before each forward call, merged per booking with the earliest step's value first. A booking whose
 * steps were never reached has no entry. Pre-images are masked at rest like the plan; only the fields above are read.
 */
export function seenByLastAttempt(plan: StoredPlan): Map<string, SeenBooking> {
  const seen = new Map<string, SeenBooking>();
  const undone = new Set<string>();
  for (const step of plan.actions) {
    const id = stepBookingId(step);
    if (id && step.step_state === 'compensated') undone.add(id);
    if (!id || !step.before) continue;
    const nested = step.before.booking;
    const source = { ...(isRecord(nested) ? nested : {}), ...step.before };
    seen.set(id, { ...pick(source), ...seen.get(id) });
  }
  for (const id of undone) {
    const entry = seen.get(id);
    if (entry) delete entry.version;
  }
  return seen;
}

function pick(source: Record<string, unknown>): SeenBooking {
  const out: SeenBooking = {};
  for (const key of ['booking_reference', 'date', 'start_time', 'status'] as const) {
    if (typeof source[key] === 'string') out[key] = source[key];
  }
  if (typeof source.party_size === 'number') out.party_size = source.party_size;
  if (typeof source.version === 'string' || typeof source.version === 'number')
    out.version = String(source.version);
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Booking data is shown, never trusted (issue 14): a reference, a date, a time or a status is shown only when it
 * looks like one; anything else in those fields is left out rather than echoed into the service's own words.
 */
const PLAIN_REF = /^[\p{L}\p{N}_.-]{1,40}$/u;
const CLOCK = /^\d{1,2}:\d{2}$/;
const PLAIN_STATUS = /^[a-z_]{1,20}$/;

function refOf(b: RetriedBooking): string {
  const refs = [b.fresh?.booking_reference, b.seen?.booking_reference, b.booking_id];
  return refs.find((r): r is string => r !== undefined && PLAIN_REF.test(r)) ?? 'the booking';
}

/** "Fri 27 Nov 18:00" from whichever parts are known and plain. */
function when(date: string | undefined, time: string | undefined, thisYear: number): string {
  const day = isIsoDate(date) ? formatDay(date, thisYear) : undefined;
  const clock = time !== undefined && CLOCK.test(time) ? time : undefined;
  return [day, clock].filter(Boolean).join(' ') || 'another time';
}

/** The differences between what the last attempt saw and the booking now, as short phrases. */
export function changesOf(seen: SeenBooking, fresh: BookingRecord, thisYear: number): string[] {
  const changes: string[] = [];
  const movedDate = seen.date !== undefined && seen.date !== fresh.date;
  const movedTime = seen.start_time !== undefined && seen.start_time !== fresh.start_time;
  if (movedDate || movedTime) {
    // The pre-image of a time-only change may lack the date: the booking's current one stands for it.
    const before = when(seen.date ?? fresh.date, seen.start_time ?? fresh.start_time, thisYear);
    changes.push(`moved from ${before} to ${when(fresh.date, fresh.start_time, thisYear)}`);
  }
  if (seen.party_size !== undefined && seen.party_size !== fresh.party_size) {
    changes.push(`guests ${seen.party_size} → ${fresh.party_size ?? 'unknown'}`);
  }
  const plainStatus = [seen.status, fresh.status].every((v) => v !== undefined && PLAIN_STATUS.test(v));
  if (plainStatus && seen.status !== fresh.status) {
    changes.push(`status ${seen.status} → ${fresh.status}`);
  }
  return changes;
}

/**
 * "Since the last attempt: BK-4101 moved from Fri 27 Nov 18:00 to Sat 28 Nov 19:00; guests 6 → 7.", or "Nothing
 * has changed on BK-4101 since the last attempt.", one sentence per booking, rendered by code from booking fields
 * (never a guest name: the line must not bring back what the plan masked at rest).
 */
export function sinceLastAttemptLine(bookings: readonly RetriedBooking[], thisYear: number): string {
  return bookings
    .map((b) => {
      if (!b.fresh) return `${refOf(b)} can no longer be found.`;
      if (!b.seen)
        return `The last attempt stopped before it read ${refOf(b)}, so I can't say what changed on it.`;
      const changes = changesOf(b.seen, b.fresh, thisYear);
      if (changes.length > 0) return `Since the last attempt: ${refOf(b)} ${changes.join('; ')}.`;
      const version = b.fresh.version;
      const touched =
        b.seen.version !== undefined &&
        (typeof version === 'string' || typeof version === 'number') &&
        String(version) !== b.seen.version;
      return touched
        ? `${refOf(b)} was changed since the last attempt, in details the last attempt did not read.`
        : `Nothing has changed on ${refOf(b)} since the last attempt.`;
    })
    .join(' ');
}

/** Why the failed plan stopped, as stored (masked at rest: shown as it is, never unmasked). */
export function lastFailureLine(plan: StoredPlan): string {
  const reason = plan.failure_reason?.trim();
  if (!reason) return 'The last attempt failed.';
  return `The last attempt failed: ${/[.!?]$/.test(reason) ? reason : `${reason}.`}`;
}

/** Why a retry should not be planned at all: a booking is gone or closed, or the change is already there. */
export type RetryObstacle =
  | { kind: 'gone'; ref: string }
  | { kind: 'closed'; ref: string; status: string }
  | { kind: 'already_applied'; refs: string[] };

/**
 * Issue 16: if a booking of the failed plan is gone or closed, or every step's target already equals the booking's
 * current value (someone made the change meanwhile), the retry asks instead of planning: re-planning would either
 * fail again or plan a change that is already there.
 */
export function retryObstacle(
  plan: StoredPlan,
  bookings: readonly RetriedBooking[],
): RetryObstacle | undefined {
  for (const b of bookings) {
    if (!b.fresh) return { kind: 'gone', ref: refOf(b) };
    if (b.fresh.status && CLOSED.has(b.fresh.status))
      return { kind: 'closed', ref: refOf(b), status: b.fresh.status };
  }
  const byId = new Map(bookings.map((b) => [b.booking_id, b.fresh]));
  const applied = plan.actions.every((step) => {
    const fresh = byId.get(stepBookingId(step) ?? '');
    const targets = TARGET_FIELDS.filter((f) => step.parameters[f] !== undefined);
    const rest = Object.keys(step.parameters).filter(
      (k) => k !== 'booking_id' && !(TARGET_FIELDS as readonly string[]).includes(k),
    );
    return (
      fresh !== undefined &&
      targets.length > 0 &&
      rest.length === 0 &&
      targets.every((f) => step.parameters[f] === fresh[f])
    );
  });
  return applied ? { kind: 'already_applied', refs: bookings.map(refOf) } : undefined;
}
