import { venueDateTime } from '../../dates/format-when.ts';
import { numberWordsToDigits } from '../../dates/normalize/number-words.ts';
import { resolveWhen } from '../../dates/resolve-when.ts';
import type { WhenContext } from '../../dates/when-outcome.ts';
import { clockChangeQuestion } from '../../dates/when-question.ts';
import type { ActionRegistry } from '../../registry/action-registry.ts';
import { parameterSchema } from '../../registry/args-schema.ts';
import type { CompiledParameter } from '../../registry/compiled-action.ts';
import { canonicalValue } from '../step/canonical-value.ts';
import type { AskSpec } from './render-question.ts';

/**
 * The answer as the model will read it, or why it does not answer the question (the user is asked again). A problem
 * never quotes the answer: it is shown and stored with the question, and the user may have typed anything (the
 * chaos model's long run found passwords and planted text echoed that way).
 */
export type AnswerReading = { ok: true; value: string } | { ok: false; problem: string };

const YES = /^(yes|y|yeah|yep|yup|ok|okay|sure|go ahead|please do|oui|ouais|d'accord|vas-y|allez-y)\b/i;
const NO = /^(no|n|nope|nah|don'?t|do not|stop|cancel|non|pas|surtout pas|arr[eê]te)\b/i;

function yesNo(text: string): 'yes' | 'no' | undefined {
  // Stryker disable next-line MethodExpression: both callers pass text readAnswer has already trimmed
  const t = text.trim().replace(/[.!]+$/, '');
  if (YES.test(t)) return 'yes';
  if (NO.test(t)) return 'no';
  return undefined;
}

/**
 * Issue 14, decision 1: an answer is validated against the kind of question it answers before the model sees it.
 * missing_value: read with the parameter's type (dates and times through lib/dates' resolver) and checked against
 * its schema; choose: one of the options, by number or text; confirm_change: yes or no (English or French).
 */
export function readAnswer(
  spec: AskSpec,
  answer: string,
  stepAction: string,
  registry: ActionRegistry,
  when: WhenContext,
): AnswerReading {
  const text = answer.trim();
  if (text === '') return { ok: false, problem: 'The answer was empty.' };
  if (spec.ask_kind === 'confirm_change') {
    const said = yesNo(text);
    return said ? { ok: true, value: said } : { ok: false, problem: 'Please answer yes or no.' };
  }
  if (spec.ask_kind === 'choose') return chosen(spec.options ?? [], text);
  const parameter = registry.get(stepAction)?.parameters.find((p) => p.name === spec.parameter);
  if (!parameter) return { ok: false, problem: 'That value can no longer be set.' };
  return typedValue(parameter, text, when);
}

function chosen(options: readonly string[], text: string): AnswerReading {
  const n = /^#?\s*(\d{1,2})\.?$/.exec(text);
  // A bare number picks by position only: "3" among two options is not read as 3pm.
  if (n) {
    const option = options[Number(n[1]) - 1];
    return option
      ? { ok: true, value: option }
      : { ok: false, problem: `Please reply with one of the options (1 to ${options.length}).` };
  }
  const time = canonicalValue('time', text);
  const match = options.find(
    (o) => o.toLowerCase() === text.toLowerCase() || (time !== undefined && o === time),
  );
  return match
    ? { ok: true, value: match }
    : { ok: false, problem: `Please reply with one of the options (1 to ${options.length}).` };
}

function typedValue(p: CompiledParameter, text: string, when: WhenContext): AnswerReading {
  const label = p.name.replace(/_/g, ' ');
  let value: unknown = text;
  if (p.type === 'date' || p.type === 'time' || p.type === 'datetime') {
    const read = resolveWhen(text, when);
    if (read.kind === 'ambiguous')
      return { ok: false, problem: `That answer could mean ${read.candidates.join(' or ')}; which one?` };
    const v = read.kind === 'value' ? read.value : undefined;
    if (p.type === 'datetime' && v?.date && v.time) {
      // 001: a datetime is UTC; the answer's day and time are the venue's.
      value = venueDateTime(v.date, v.time, when.timeZone);
      if (value === undefined) return { ok: false, problem: clockChangeQuestion(v.time).question };
    } else {
      value = p.type === 'date' ? v?.date : p.type === 'time' ? v?.time : undefined;
    }
    if (value === undefined)
      return { ok: false, problem: `I could not read that answer as a ${p.type} for the ${label}.` };
  } else if (p.type === 'number' || p.type === 'boolean') {
    value = p.type === 'boolean' ? booleanOf(text) : oneNumber(text);
    if (value === undefined)
      return { ok: false, problem: `I could not read that answer as a ${p.type} for the ${label}.` };
  } else if (p.type === 'enum') {
    // Stryker disable next-line ArrayDeclaration: a compiled enum parameter always has enum_values (shapeProblem)
    value = (p.enum_values ?? []).find((e) => e.toLowerCase() === text.toLowerCase());
    if (value === undefined)
      // Stryker disable next-line ArrayDeclaration: a compiled enum parameter always has enum_values (shapeProblem)
      return { ok: false, problem: `The ${label} must be one of: ${(p.enum_values ?? []).join(', ')}.` };
  }
  const checked = parameterSchema(p).safeParse(value);
  if (!checked.success) return { ok: false, problem: `That is not a valid ${label}.` };
  return { ok: true, value: String(value) };
}

function booleanOf(text: string): boolean | undefined {
  const said = yesNo(text);
  return said === undefined ? undefined : said === 'yes';
}

/** The one number an answer says ("16 guests", "nine, please"); none or several different ones: unreadable. */
function oneNumber(text: string): number | undefined {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.\s-]/gu, ' ')
    .replace(/-/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Whole tokens only: "hunter2" says no number.
  const tokens = numberWordsToDigits(words).split(' ');
  const numbers = [...new Set(tokens.filter((t) => /^\d+(\.\d+)?$/.test(t)))];
  return numbers.length === 1 ? Number(numbers[0]) : undefined;
}
