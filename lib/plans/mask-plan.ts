import type { ActionResult, RollbackReport } from '../contracts/action-result.ts';
import { isWholeTemplate } from '../contracts/template-grammar.ts';
import { isPiiKey, maskByKey, maskFreeText } from '../observability/redact.ts';
import type { CompiledAction } from '../registry/compiled-action.ts';
import { isPiiParameter } from '../registry/pii-parameter.ts';
import type { StoredPlan, StoredStep } from './stored-plan.ts';

/** Tells whether parameter `param` of action `actionId` carries guest PII (overlay pii_parameters / registry). */
export type PiiLookup = (actionId: string, param: string) => boolean;

/** Values shorter than this are not replaced inside free text (a 2-letter name would hit ordinary words). */
const MIN_KNOWN_LENGTH = 3;

/** PiiLookup over the compiled registry: the one classification, isPiiParameter (lib/registry/pii-parameter.ts). */
export function piiLookupFromRegistry(actionOf: (actionId: string) => CompiledAction | undefined): PiiLookup {
  return (actionId, param) => isPiiParameter(actionOf(actionId), param);
}

/** 001: intent_summary ≤ 200 characters. */
const SUMMARY_MAX = 200;

/** A masked name is longer than the name ("Gus" → "G***"): a summary at the limit is cut again, never stored too long. */
function withinSummaryLimit(text: string): string {
  return text.length <= SUMMARY_MAX ? text : `${text.slice(0, SUMMARY_MAX - 1).trimEnd()}…`;
}

/** raw value → masked value, for every PII parameter value of the plan (known values are masked in free text too). */
type KnownValues = Map<string, string>;

/** Where PII values come from: a step's confirmed and sent parameters and its pre-image. */
type PiiSource = Pick<StoredStep, 'action_id' | 'parameters' | 'resolved_parameters' | 'before'>;

function collectKnown(sources: readonly PiiSource[], isPii: PiiLookup): KnownValues {
  const known: KnownValues = new Map();
  for (const step of sources) {
    // The pre-image holds the values a contact update replaces (the old name, email, phone): PII too.
    for (const params of [step.parameters, step.resolved_parameters ?? {}, step.before ?? {}]) {
      for (const [key, value] of Object.entries(params)) {
        if (typeof value !== 'string' || isWholeTemplate(value) || value.includes('***')) continue;
        if (!isPii(step.action_id, key) && !isPiiKey(key)) continue;
        if (value.length >= MIN_KNOWN_LENGTH) known.set(value, String(maskByKey(key, value)));
      }
    }
  }
  return known;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Known PII values replaced (whole words), then any other email/phone in the text. */
function maskText(text: string, known: KnownValues): string {
  let out = text;
  for (const [raw, masked] of known)
    out = out.replace(new RegExp(`(?<!\\w)${escapeRegExp(raw)}(?!\\w)`, 'g'), masked);
  return maskFreeText(out);
}

/** Deep: PII keys masked by kind, every other string masked as text (booking responses nest guests and notes). */
// Stryker disable next-line StringLiteral: any other default is no PII key either (isPiiKey false), so it masks the same
function maskValue(value: unknown, known: KnownValues, key = ''): unknown {
  // Stryker disable next-line StringLiteral: isPiiKey('') is false, so comparing with another string masks the same
  if (key !== '' && isPiiKey(key))
    return typeof value === 'string' ? maskByKey(key, value) : maskValue(value, known);
  if (typeof value === 'string') return maskText(value, known);
  if (Array.isArray(value)) return value.map((v) => maskValue(v, known));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(v, known, k)]));
}

function maskParams(
  params: Record<string, unknown>,
  actionId: string,
  isPii: PiiLookup,
  known: KnownValues,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => {
      if (typeof v === 'string' && isWholeTemplate(v)) return [k, v];
      if (isPii(actionId, k) && typeof v === 'string') return [k, maskByKey(k, v)];
      return [k, maskValue(v, known, k)];
    }),
  );
}

function maskResult(result: ActionResult, known: KnownValues): ActionResult {
  return {
    ...result,
    ...(result.response_data
      ? // Stryker disable next-line StringLiteral,ArrowFunction: the lookup ignores the action id and undefined is falsy
        { response_data: maskParams(result.response_data, '', () => false, known) }
      : {}),
    ...(result.error_message ? { error_message: maskText(result.error_message, known) } : {}),
  };
}

function maskStep(step: StoredStep, isPii: PiiLookup, known: KnownValues): StoredStep {
  const id = step.action_id;
  return {
    ...step,
    parameters: maskParams(step.parameters, id, isPii, known),
    ...(step.resolved_parameters
      ? { resolved_parameters: maskParams(step.resolved_parameters, id, isPii, known) }
      : {}),
    // Stryker disable next-line StringLiteral,ArrowFunction: the lookup ignores the action id and undefined is falsy
    ...(step.before ? { before: maskParams(step.before, '', () => false, known) } : {}),
    ...(step.result ? { result: maskResult(step.result, known) } : {}),
    ...(step.description ? { description: maskText(step.description, known) } : {}),
  };
}

function maskReport(report: RollbackReport, known: KnownValues): RollbackReport {
  return {
    ...report,
    ...(report.actions_failed_to_reverse
      ? {
          actions_failed_to_reverse: report.actions_failed_to_reverse.map((f) => ({
            ...f,
            reason: maskText(f.reason, known),
          })),
        }
      : {}),
    ...(report.manual_recovery_steps
      ? { manual_recovery_steps: report.manual_recovery_steps.map((s) => maskText(s, known)) }
      : {}),
  };
}

/**
 * Issue 7 "Privacy at rest" (000: guest contact details are passed through, not stored): returns the plan with
 * every PII parameter masked (j***@example.com, ***78, J*** S***), and the same values masked wherever they were
 * copied (resolved_parameters, before, result.response_data, descriptions, summary, failure texts). Masked values
 * keep their shape, so the summary still reads ("Update J*** S***'s email to j***@example.com"). `isPii` comes from
 * the registry (piiLookupFromRegistry); key names (email, phone, guest_name…) are masked regardless. Pure and
 * idempotent; sets `pii_masked`.
 */
export function maskPlanPii(plan: StoredPlan, isPii: PiiLookup): StoredPlan {
  const known = collectKnown(plan.actions, isPii);
  return {
    ...plan,
    intent_summary: withinSummaryLimit(maskText(plan.intent_summary, known)),
    actions: plan.actions.map((step) => maskStep(step, isPii, known)),
    ...(plan.failure_reason ? { failure_reason: maskText(plan.failure_reason, known) } : {}),
    ...(plan.blocking_prompt ? { blocking_prompt: maskText(plan.blocking_prompt, known) } : {}),
    ...(plan.blocking_answer ? { blocking_answer: maskText(plan.blocking_answer, known) } : {}),
    ...(plan.rollback_report ? { rollback_report: maskReport(plan.rollback_report, known) } : {}),
    pii_masked: true,
  };
}

/**
 * Issue 14, decision 6: a text the booking API sent back (an error message echoing the rejected value, a failure
 * reason built from it) masked the way the plan is masked at rest: the PII parameter values of `sources` wherever
 * they appear, then any other email or phone. The executor applies it where the text enters (callAction), so the
 * observation, the execution log, the span, the failure reason and the rollback report never hold it raw.
 */
export function maskEchoedText(text: string, sources: readonly PiiSource[], isPii: PiiLookup): string {
  return maskText(text, collectKnown(sources, isPii));
}
