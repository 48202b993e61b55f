import type { ErrorType } from '../../contracts/enums.ts';
import type { ActionOutcome } from '../../ports/booking-api.ts';

type Failure = Extract<ActionOutcome, { ok: false }>;

/** What the user-facing text may say about the step. */
export interface StepLabel {
  stepNumber: number;
  /** The action's human name, e.g. "Reschedule booking". */
  actionName: string;
  /** The booking reference or id the step acts on, when known. */
  booking?: string;
}

function slotList(alternatives: Record<string, unknown>[] | undefined): string | undefined {
  const slots = (alternatives ?? [])
    .map((a) => {
      const time = a.start_time ?? a.startTime;
      const left = a.remaining;
      if (typeof time !== 'string') return undefined;
      return typeof left === 'number' ? `${time} (${left} left)` : time;
    })
    .filter((s): s is string => s !== undefined);
  return slots.length > 0 ? slots.join(', ') : undefined;
}

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

/**
 * 000 Error Classification, as the words a user reads (failure_reason). Each error type has its own message and
 * offers only what the user can do (ADR 0007, decision 4): the plan itself is never retried, so the text says
 * what to check or to ask again; 429's Retry-After stays as information ("you can ask again in about 33
 * seconds"). Never includes the token or raw bodies.
 */
export function describeFailure(label: StepLabel, failure: Failure, timeoutMs: number): string {
  const what = `Step ${label.stepNumber} (${label.actionName}${label.booking ? ` on booking ${label.booking}` : ''})`;
  const booking = label.booking ? `booking ${label.booking}` : 'the booking';
  switch (failure.error_type) {
    case 'bad_request':
      return `${what} failed: the booking system did not accept ${failure.field ? `the value of ${failure.field}` : 'a value'} (${failure.message}). You can ask again with a corrected value.`;
    case 'unauthorized':
      return failure.status === 403
        ? `${what} failed: your account is not allowed to change ${booking}. Sign in with an account for this venue, then ask again.`
        : `${what} failed: your session has expired. Sign in again, then ask again.`;
    case 'not_found':
      // A step that names no booking (a new booking) can only miss what it refers to, e.g. a product id: saying
      // "the booking no longer exists" there would send the user looking for a booking that never was (issue 18).
      return label.booking
        ? `${what} failed: ${booking} no longer exists; it may have been modified or deleted. Search for it again, then ask again.`
        : `${what} failed: the booking system could not find ${failure.field ? `the ${failure.field} given` : 'something this step refers to'} (${failure.message}). Check the details, then ask again.`;
    case 'conflict': {
      // 409 has two causes (openapi Conflict): a full slot (code slot_full, with the places left and the day's
      // alternatives), or a concurrent change / cancelled booking. Issue 14: a full slot is never worded as the
      // latter.
      const slots = slotList(failure.alternatives);
      if (failure.code === 'slot_full' || slots) {
        const left = failure.slot_remaining !== undefined ? ` (${failure.slot_remaining} left)` : '';
        const times = slots ? `available times that day: ${slots}` : 'no other time that day has room';
        return `${what} failed: there is not enough room in that slot${left}; ${times}. You can ask again for one of them or with fewer guests.`;
      }
      return `${what} failed: ${booking} was changed by someone else in the meantime (${failure.message}). Check ${booking}, then ask again.`;
    }
    case 'rate_limited':
      return `${what} failed: the booking system was busy; nothing was changed by this step. You can ask again in about ${failure.retry_after_seconds ?? 60} seconds.`;
    case 'server_error':
      return `${what} failed: the booking service is temporarily unavailable; nothing was changed by this step. You can ask again later.`;
    case 'timeout':
      return `${what} failed: the booking service did not answer within ${duration(timeoutMs)}; nothing was changed by this step. You can ask again later.`;
  }
}

/**
 * A write left in doubt (ADR 0007): no answer, and the booking could not be read back. Says exactly that, which
 * booking to check and which values would show if the change was made.
 */
export function describeInDoubt(
  label: StepLabel,
  values: string | undefined,
  why: 'unreadable' | 'in_flight' = 'unreadable',
): string {
  const what = `Step ${label.stepNumber} (${label.actionName}${label.booking ? ` on booking ${label.booking}` : ''})`;
  const booking = label.booking ? `booking ${label.booking}` : 'the booking';
  const check = values ? `Please check whether ${booking} shows ${values}` : `Please check ${booking}`;
  const cause =
    why === 'unreadable'
      ? 'the booking service did not answer and the booking could not be read back'
      : 'the booking service did not answer in time and the request may still arrive';
  return `${what} may or may not have been applied: ${cause}. ${check}; if it does, the change was made.`;
}

/** Short reason for a RollbackReport ReversalFailure. */
export function reversalReason(errorType: ErrorType, message: string): string {
  const why: Record<ErrorType, string> = {
    bad_request: 'the booking system rejected the reversal',
    unauthorized: 'the session expired or lacks permission',
    not_found: 'the booking no longer exists',
    conflict: 'the booking was changed by someone else or the old slot is full',
    rate_limited: 'the booking system was rate limiting requests',
    server_error: 'the booking service was unavailable',
    timeout: 'the booking service did not answer',
  };
  return `${why[errorType]} (${message})`;
}
