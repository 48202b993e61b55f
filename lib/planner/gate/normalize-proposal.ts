import type { CompiledParameter } from '../../registry/compiled-action.ts';
import { resolveDatePhrase } from '../dates/resolve-date-phrase.ts';
import { resolveDateTimePhrase, resolveTimePhrase } from '../dates/resolve-time-phrase.ts';
import type { Resolution, VenueTime } from '../dates/venue-time.ts';
import { isWholePlaceholder } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import type { GateError, PlanStepDraft } from './gate-types.ts';

/** propose_plan's steps as the model sent them. */
export interface ProposedStep {
  action_id: string;
  parameters: ReadonlyArray<{ name: string; value: string }>;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const NUMBER_WORDS =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split(
    ' ',
  );

/**
 * Turns the model's {name, value} pairs into typed parameters using the registry's types: numbers and booleans
 * are coerced, date/time/datetime phrases resolved in the venue's timezone (any value that is not already
 * ISO / HH:MM), enums matched case-insensitively. Placeholders and unknown names are kept for the gate to judge.
 */
export function normalizeProposal(
  steps: readonly ProposedStep[],
  registry: PlannerRegistry,
  venue: VenueTime,
): { steps: PlanStepDraft[]; errors: GateError[] } {
  const errors: GateError[] = [];
  const drafts = steps.map((step, index): PlanStepDraft => {
    const step_number = index + 1;
    const action = registry.get(step.action_id);
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
      const coerced = coerce(param, text, venue);
      if (coerced.ok) parameters[name] = coerced.value;
      else {
        parameters[name] = text;
        errors.push({ step_number, code: 'unresolvable_value', message: `${name}: ${coerced.reason}` });
      }
    }
    return { step_number, action_id: step.action_id, parameters };
  });
  return { steps: drafts, errors };
}

type Coerced = { ok: true; value: unknown } | { ok: false; reason: string };

function coerce(param: CompiledParameter, text: string, venue: VenueTime): Coerced {
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
    case 'date':
      return fromResolution(resolveDatePhrase(text, venue));
    case 'time':
      return fromResolution(resolveTimePhrase(text, venue));
    case 'datetime':
      return fromResolution(resolveDateTimePhrase(text, venue));
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

function fromResolution(resolution: Resolution): Coerced {
  return resolution.ok ? { ok: true, value: resolution.value } : { ok: false, reason: resolution.reason };
}
