import { isPiiKey } from '../../observability/redact.ts';
import type { CompiledParameter } from '../../registry/compiled-action.ts';
import type { BookingRecord } from '../booking-record.ts';
import { isWholePlaceholder } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import type { GateError, PlanStepDraft } from './gate-types.ts';

const NUMBER_WORDS =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split(
    ' ',
  );

export interface GroundingInput {
  steps: readonly PlanStepDraft[];
  registry: PlannerRegistry;
  /** Current bookings by booking_id (before-images). */
  bookings: ReadonlyMap<string, BookingRecord>;
  /** Everything the user wrote in this conversation, this message included. */
  userText: string;
  /** Values of the pending plan being amended: already confirmed by the user's earlier words. */
  carriedValues: readonly unknown[];
}

/**
 * 000 Planning Rules 2, made checkable: a mutation's contact details (PII parameters) and counts (numeric
 * parameters the booking also holds, like party_size) must come from the user. A contact value must appear in
 * the user's words; a count, or its difference from the booking's current value ("two more"), must be said.
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
      if (!isGrounded(param, value, booking, input.userText)) {
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
  text: string,
) {
  // The stored history is masked (j***@example.com, ***78): a value copied from it is not the user's, ask again.
  if (isContact(param) && typeof value === 'string')
    return !value.includes('***') && mentionsText(text, value);
  const before = booking?.[param.name];
  if (param.type === 'number' && typeof value === 'number' && typeof before === 'number') {
    return mentionsNumber(text, value) || mentionsNumber(text, Math.abs(value - before));
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

function mentionsNumber(text: string, n: number): boolean {
  const word = NUMBER_WORDS[n];
  const pattern = word ? `\\b(${n}|${word})\\b` : `\\b${n}\\b`;
  return new RegExp(pattern, 'i').test(text);
}
