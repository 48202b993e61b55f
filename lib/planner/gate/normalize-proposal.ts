import { isPhoneParameter, PHONE_FORMS, phoneProblemText, readPhone } from '../../contacts/phone.ts';
import { isWhenType } from '../../contracts/primitives.ts';
import type { PartOfDay, VenueClock } from '../../dates/when-outcome.ts';
import type { WhenQuestion } from '../../dates/when-question.ts';
import type { CompiledParameter } from '../../registry/compiled-action.ts';
import type { BookingRecord } from '../booking-record.ts';
import { bookingIdOf, isWholePlaceholder } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import type { GateError, PlanStepDraft } from './gate-types.ts';
import { whenReader } from './when-parameters.ts';

/** propose_plan's steps as the model sent them. */
export interface ProposedStep {
  action_id: string;
  parameters: ReadonlyArray<{ name: string; value: string }>;
}

/** A date or time the user's words leave open: asked as one question, never sent to the repair round. */
export interface WhenAsk {
  step_number: number;
  parameter: string;
  question: WhenQuestion;
  /** An unclear time's readings ("at 9": 09:00, 21:00), for the product's sessions to settle. */
  times?: string[];
}

/** A time given as a part of the day ("Sunday morning"): resolved against the product's sessions. */
export interface PartOfDayTime {
  step_number: number;
  parameter: string;
  part: PartOfDay;
  phrase: string;
}

export interface NormalizedProposal {
  steps: PlanStepDraft[];
  errors: GateError[];
  /** In step order; the first becomes the user's question. */
  asks: WhenAsk[];
  partsOfDay: PartOfDayTime[];
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const NUMBER_WORDS =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split(
    ' ',
  );

/**
 * Turns the model's {name, value} pairs into typed parameters using the registry's types: numbers and booleans
 * are coerced, enums matched case-insensitively, date/time/datetime phrases resolved by lib/dates in the
 * venue's timezone and locale, against the booking the step changes, and phone numbers read in the venue's
 * country and written as E.164 (lib/contacts/phone.ts, ADR 0016). Placeholders and unknown names are kept for
 * the gate to judge.
 */
export function normalizeProposal(
  steps: readonly ProposedStep[],
  registry: PlannerRegistry,
  venue: VenueClock,
  bookings: ReadonlyMap<string, BookingRecord> = new Map(),
): NormalizedProposal {
  const errors: GateError[] = [];
  const asks: WhenAsk[] = [];
  const partsOfDay: PartOfDayTime[] = [];
  const raw = steps.map((step, index) => ({
    step_number: index + 1,
    parameters: Object.fromEntries(step.parameters.map((p) => [p.name, p.value.trim()])),
  }));
  const drafts = steps.map((step, index): PlanStepDraft => {
    const step_number = index + 1;
    const action = registry.get(step.action_id);
    const bookingId = bookingIdOf(raw[index] ?? { parameters: {} }, raw);
    const reader = whenReader(venue, bookingId === undefined ? undefined : bookings.get(bookingId));
    const parameters: Record<string, unknown> = {};
    for (const { name, value } of step.parameters) {
      const text = value.trim();
      if (text === '') continue;
      if (name in parameters) {
        errors.push({
          step_number,
          code: 'duplicate_parameter',
          message: `parameter ${name} is given twice`,
        });
        continue;
      }
      const param = action?.parameters.find((p) => p.name === name);
      if (!param || isWholePlaceholder(text)) {
        parameters[name] = text;
        continue;
      }
      if (isWhenType(param.type)) {
        const read = reader.read(param.type, text);
        parameters[name] = read.kind === 'value' ? read.value : text;
        if (read.kind === 'ask')
          asks.push({
            step_number,
            parameter: name,
            question: read.question,
            ...(read.times ? { times: read.times } : {}),
          });
        if (read.kind === 'part_of_day') {
          partsOfDay.push({ step_number, parameter: name, part: read.part, phrase: read.phrase });
        }
        continue;
      }
      const coerced = isPhoneParameter(param) ? phone(param, text, venue.locale) : coerce(param, text);
      if (coerced.ok) parameters[name] = coerced.value;
      else {
        parameters[name] = text;
        errors.push({ step_number, code: 'unresolvable_value', message: `${name}: ${coerced.reason}` });
      }
    }
    return { step_number, action_id: step.action_id, parameters };
  });
  return { steps: drafts, errors, asks, partsOfDay };
}

type Coerced = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * Issue 30: a phone in any common form ("0412.345.678", "(04) 1234 5678", "+1 312 555 0142") is stored as E.164,
 * so one format is ever written; a number that is not valid in the venue's country is refused, naming the phone.
 */
function phone(param: CompiledParameter, text: string, locale: string): Coerced {
  const reading = readPhone(text, locale);
  if (reading.ok) return { ok: true, value: reading.e164 };
  return {
    ok: false,
    reason: `"${text}" ${phoneProblemText(reading.reason, locale)}. ${param.name} takes ${PHONE_FORMS}; ask the user for the number`,
  };
}

function coerce(param: CompiledParameter, text: string): Coerced {
  switch (param.type) {
    case 'number': {
      const word = NUMBER_WORDS.indexOf(text.toLowerCase());
      if (word >= 0) return { ok: true, value: word };
      return NUMBER.test(text)
        ? { ok: true, value: Number(text) }
        : { ok: false, reason: `"${text}" is not a number` };
    }
    case 'boolean': {
      const t = text.toLowerCase();
      if (['true', 'yes'].includes(t)) return { ok: true, value: true };
      if (['false', 'no'].includes(t)) return { ok: true, value: false };
      return { ok: false, reason: `"${text}" is not true or false` };
    }
    case 'enum': {
      const match = (param.enum_values ?? []).find((v) => v.toLowerCase() === text.toLowerCase());
      return match
        ? { ok: true, value: match }
        : { ok: false, reason: `"${text}" is not one of ${(param.enum_values ?? []).join(', ')}` };
    }
    case 'array':
    case 'object':
      return structured(param, text);
    default:
      return { ok: true, value: text };
  }
}

/** propose_plan values are text: a list or an object arrives as JSON (the prompt asks for it). */
function structured(param: CompiledParameter, text: string): Coerced {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return {
      ok: false,
      reason: `give ${param.name} as JSON (${param.type === 'array' ? 'a list' : 'an object'})`,
    };
  }
}
