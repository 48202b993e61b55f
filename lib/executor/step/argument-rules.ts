import { hasTemplate, resolveValue, type TemplateLookup } from '../../contracts/template-grammar.ts';
import type { VenueSettings } from '../../dates/same-when.ts';
import { parameterSchema } from '../../registry/args-schema.ts';
import type { CompiledAction, CompiledParameter } from '../../registry/compiled-action.ts';
import { normaliseValue, readingOf, sameValue } from './canonical-value.ts';
import { isEvidenced, isStated, NO_EVIDENCE, type PlaceholderEvidence } from './placeholder-evidence.ts';

/**
 * The exact rule for what a model may do to a confirmed step's parameters (000 "Post-confirmation
 * immutability": only data gaps filled; 000 Execute Plan 3: fix parameter formatting, resolve placeholders).
 *
 * For a tool call mapped to step N, with confirmed parameters P and the model's arguments M:
 * 1. A confirmed concrete value P[k] is fixed. M[k] may only restate it, possibly in another format of the same
 *    type (`sameValue`: "3pm" = "15:00", "4" = 4, letter case and spacing of text). Whichever of the two passes
 *    the parameter's schema is sent, the confirmed one first. Anything else is a refused change.
 * 2. A placeholder P[k] = "{{step_N.field}}" is resolved by the executor from recorded step outputs; M[k] may
 *    restate the placeholder or its resolved value. Only when it cannot be resolved (the output lacks the field)
 *    may M[k] fill it, and only with a value found in step N's recorded output or in the user's blocking-prompt
 *    answer (`evidence`); any other value leaves it unresolved (it could be another booking's id).
 * 3. A data gap, i.e. a parameter the action requires but P lacks (or holds as null/""), may be filled by M[k]
 *    only with a value the record states (`isStated`): the user's blocking-prompt answer or a completed step's
 *    recorded output. A value from nowhere leaves the gap open (`unresolved`, with the value as `unstated`), so
 *    the model is told to ask the user: a guessed guest count is never written.
 * 4. Any other key of M (optional parameters the plan did not set, unknown keys) is dropped and reported back,
 *    never sent: e.g. the model cannot add notify_guest=true to a confirmed reschedule.
 */
export type ArgumentDecision =
  | { ok: true; args: Record<string, unknown>; ignored: string[]; filled: string[] }
  | { ok: false; kind: 'changed_confirmed_value'; violations: string[] }
  | {
      ok: false;
      kind: 'unresolved';
      missing: Record<string, string[]>;
      /** Values the model offered for an unresolved placeholder that neither step N's output nor an answer backs. */
      unbacked?: Record<string, unknown>;
      /** Values the model offered for a data gap that no answer and no recorded output states. */
      unstated?: Record<string, unknown>;
    };

function isGap(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function passes(p: CompiledParameter, value: unknown): boolean {
  return parameterSchema(p).safeParse(value).success;
}

function show(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
}

export function decideArguments(
  action: CompiledAction,
  confirmed: Record<string, unknown>,
  proposed: Record<string, unknown>,
  lookup: TemplateLookup,
  evidence: PlaceholderEvidence = NO_EVIDENCE,
  /** The venue dates and times are read in (the plan's, issue 27); default: the config defaults. */
  venue?: VenueSettings,
): ArgumentDecision {
  const args: Record<string, unknown> = {};
  const ignored: string[] = [];
  const filled: string[] = [];
  const violations: string[] = [];
  const missing: Record<string, string[]> = {};
  const unbacked: Record<string, unknown> = {};
  const unstated: Record<string, unknown> = {};
  const declared = new Map(action.parameters.map((p) => [p.name, p]));

  for (const [name, planned] of Object.entries(confirmed)) {
    const param = declared.get(name);
    const offered = proposed[name];
    if (isGap(planned)) continue; // handled as a data gap below
    const resolved = resolveValue(planned, lookup);
    if (!resolved.ok) {
      // Rule 2: an unresolvable placeholder may be filled by the model only with a value the record backs
      // (step N's output or the user's answer); a value from nowhere (say, another booking id) is not taken.
      if (!isGap(offered) && !hasTemplate(offered) && isEvidenced(String(planned), offered, evidence)) {
        args[name] = offered;
        filled.push(name);
      } else {
        missing[name] = resolved.missing;
        if (!isGap(offered) && !hasTemplate(offered)) unbacked[name] = offered;
      }
      continue;
    }
    const target = resolved.value;
    if (isGap(offered) || (hasTemplate(planned) && offered === planned)) {
      args[name] = target;
      continue;
    }
    if (param && sameValue(param.type, offered, target, readingOf(param, venue))) {
      const chosen = passes(param, target) || !passes(param, offered) ? target : offered;
      args[name] = wireValue(param, chosen, venue);
      continue;
    }
    if (!param && JSON.stringify(offered) === JSON.stringify(target)) {
      args[name] = target;
      continue;
    }
    violations.push(`${name} was confirmed as ${show(target)}; the call had ${show(offered)}`);
  }

  for (const [name, offered] of Object.entries(proposed)) {
    if (name in args || name in missing || isGap(offered)) continue;
    if (!isGap(confirmed[name])) continue; // a confirmed key already judged above
    const param = declared.get(name);
    if (!param?.required) {
      ignored.push(name); // Rule 4.
      continue;
    }
    // Rule 3: a data gap, filled only with a value the user's answer or a recorded output states.
    const reading = readingOf(param, venue);
    if (isStated(offered, evidence, (answer) => sameValue(param.type, offered, answer, reading))) {
      args[name] = wireValue(param, offered, venue);
      filled.push(name);
    } else unstated[name] = offered;
  }

  if (violations.length > 0) return { ok: false, kind: 'changed_confirmed_value', violations };
  if (Object.keys(missing).length > 0 || Object.keys(unstated).length > 0) {
    return {
      ok: false,
      kind: 'unresolved',
      missing,
      ...(Object.keys(unbacked).length > 0 ? { unbacked } : {}),
      ...(Object.keys(unstated).length > 0 ? { unstated } : {}),
    };
  }
  return { ok: true, args, ignored, filled };
}

/** Issue 30: a phone is sent as E.164 whatever form it was confirmed or answered in; other values as they are. */
function wireValue(param: CompiledParameter, value: unknown, venue: VenueSettings | undefined): unknown {
  return param.type === 'string' ? normaliseValue(param.type, value, readingOf(param, venue)) : value;
}

/** Required parameters the confirmed step leaves open (the data gaps a model may fill or ask the user for). */
export function dataGaps(action: CompiledAction, confirmed: Record<string, unknown>): string[] {
  return action.parameters.filter((p) => p.required && isGap(confirmed[p.name])).map((p) => p.name);
}
