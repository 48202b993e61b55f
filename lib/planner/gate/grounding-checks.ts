import { licensedCounts } from '../../counts/licensed-counts.ts';
import { isPiiKey } from '../../observability/redact.ts';
import type { CompiledParameter } from '../../registry/compiled-action.ts';
import type { BookingRecord } from '../booking-record.ts';
import { isWholePlaceholder } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import type { GateError, PlanStepDraft } from './gate-types.ts';

export interface GroundingInput {
  steps: readonly PlanStepDraft[];
  registry: PlannerRegistry;
  /** Current bookings by booking_id (before-images). */
  bookings: ReadonlyMap<string, BookingRecord>;
  /** Everything the user wrote in this conversation, this message included. */
  userText: string;
  /** Values of the pending plan being amended: already confirmed by the user's earlier words. */
  carriedValues: readonly unknown[];
  /** Fields a booking holds (the get-booking lookup's outputs): a number parameter named like one is a count. */
  bookingFields: ReadonlySet<string>;
  /** The venue's locale, for telling dates and times from counts in the user's words. */
  locale: string;
}

/**
 * 000 Planning Rules 2, made checkable: a mutation's contact details (PII parameters) and counts (numeric
 * parameters a booking holds, like party_size) must come from the user. A contact value must appear in the
 * user's words. A count must be one the words license (lib/counts): a total the user said ("make it 14"), or the
 * booking's current value (from the latest lookup) moved by the change the user said ("another two" → current + 2).
 * A number said only as a change never licenses itself ("3 dropped out" never means 3).
 * Booking ids are not checked here: they come from lookups and are verified against the booking API.
 */
export function groundingErrors(input: GroundingInput): GateError[] {
  const errors: GateError[] = [];
  for (const step of input.steps) {
    const action = input.registry.get(step.action_id);
    if (!action || action.read_only) continue;
    const booking = bookingOf(step, input.bookings);
    for (const param of action.parameters) {
      const value = step.parameters[param.name];
      if (value === undefined || isWholePlaceholder(value) || input.carriedValues.includes(value)) continue;
      if (!isGrounded(param, value, booking, input)) {
        errors.push({
          step_number: step.step_number,
          code: 'ungrounded_value',
          message: `${param.name} "${String(value)}" is not something the user said: ask the user instead of assuming`,
        });
      }
    }
  }
  return errors;
}

function isGrounded(
  param: CompiledParameter,
  value: unknown,
  booking: BookingRecord | undefined,
  input: GroundingInput,
) {
  const text = input.userText;
  // The stored history is masked (j***@example.com, ***78): a value copied from it is not the user's, ask again.
  if (isContact(param) && typeof value === 'string')
    return !value.includes('***') && mentionsText(text, value);
  const before = booking?.[param.name];
  const isCount = typeof before === 'number' || input.bookingFields.has(param.name);
  if (param.type === 'number' && typeof value === 'number' && isCount) {
    const references = typeof booking?.booking_reference === 'string' ? [booking.booking_reference] : [];
    const current = typeof before === 'number' ? before : undefined;
    const severalBookings = new Set(input.steps.map((s) => s.parameters.booking_id)).size > 1;
    return licensedCounts(text, current, { locale: input.locale, references, severalBookings }).has(value);
  }
  return true;
}

function isContact(param: CompiledParameter): boolean {
  return param.pii === true || isPiiKey(param.name);
}

function bookingOf(step: PlanStepDraft, bookings: ReadonlyMap<string, BookingRecord>) {
  const id = step.parameters.booking_id;
  return typeof id === 'string' ? bookings.get(id) : undefined;
}

function mentionsText(text: string, value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length >= 6 && /^[\d\s()+-]+$/.test(value)) return text.replace(/\D/g, '').includes(digits);
  const squash = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  return squash(text).includes(squash(value));
}
