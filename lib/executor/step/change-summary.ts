import { maskByKey } from '../../observability/redact.ts';
import type { StoredPlan, StoredStep } from '../../plans/stored-plan.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import { isPiiParameter } from '../../registry/pii-parameter.ts';
import { bookingOf, bookingReferences } from './step-label.ts';

const IDENTIFIERS = /(^|_)(id|reference)$/;

function humanise(name: string): string {
  return name.replaceAll('_', ' ');
}

function display(action: CompiledAction, name: string, value: unknown): string {
  const pii = isPiiParameter(action, name);
  if (value === '' || value === null || value === undefined) return '(empty)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return pii ? String(maskByKey(name, text)) : text;
}

/**
 * One line per completed change, before → after (000 Acceptance: "Successful execution returns clear summary of
 * what changed"): "Booking BK-1042: date 2026-12-12 → 2026-12-19, start time 15:00 → 16:00". Before values come
 * from the pre-image, after values from the API's response (else the request). PII is masked.
 */
export function stepChangeSummary(
  step: StoredStep,
  action: CompiledAction,
  refs: ReadonlyMap<string, string> = new Map(),
): string | undefined {
  if (step.step_state !== 'succeeded' || action.read_only) return undefined;
  const request = step.resolved_parameters ?? {};
  const response = step.result?.response_data ?? {};
  const changes = Object.keys(request)
    .filter((name) => !IDENTIFIERS.test(name))
    .map((name) => {
      const after = response[name] ?? request[name];
      const before = step.before?.[name];
      if (before !== undefined && JSON.stringify(before) !== JSON.stringify(after)) {
        return `${humanise(name)} ${display(action, name, before)} → ${display(action, name, after)}`;
      }
      return before === undefined ? `${humanise(name)}: ${display(action, name, after)}` : undefined;
    })
    .filter((c): c is string => c !== undefined);
  const booking = bookingOf(step, refs);
  const subject = booking ? `Booking ${booking}` : 'The booking';
  return changes.length > 0
    ? `${subject}: ${action.name}: ${changes.join(', ')}`
    : `${subject}: ${action.name} done`;
}

/** Each completed step's line, by step number (stored in its result.response_data.change_summary). */
export function stepChangeSummaries(
  plan: StoredPlan,
  actionOf: (id: string) => CompiledAction | undefined,
): Map<number, string> {
  const refs = bookingReferences(plan);
  const lines = new Map<number, string>();
  for (const step of plan.actions) {
    const action = actionOf(step.action_id);
    const line = action ? stepChangeSummary(step, action, refs) : undefined;
    if (line !== undefined) lines.set(step.step_number, line);
  }
  return lines;
}

/** The whole plan's summary: one sentence per changed step. */
export function planChangeSummary(
  plan: StoredPlan,
  actionOf: (id: string) => CompiledAction | undefined,
): string {
  const lines = [...stepChangeSummaries(plan, actionOf).values()];
  return lines.length > 0 ? `${lines.join('. ')}.` : 'No changes were needed.';
}

/** "party size 14", "date 2026-12-19 and start time 16:00": the values a step sends, PII masked. */
export function intendedValues(step: StoredStep, action: CompiledAction): string | undefined {
  const request = step.resolved_parameters ?? {};
  const parts = Object.entries(request)
    .filter(([name]) => !IDENTIFIERS.test(name))
    .map(([name, value]) => `${humanise(name)} ${display(action, name, value)}`);
  return parts.length > 0 ? parts.join(' and ') : undefined;
}
