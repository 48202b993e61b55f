import { type BaseMessage, isToolMessage } from '@langchain/core/messages';
import { bookingDataJson } from '../../contracts/booking-data-block.ts';
import { stepNumberOf, templatesIn } from '../../contracts/template-grammar.ts';

/**
 * What may stand in for a `{{step_N.field}}` placeholder the executor could not resolve (step N's recorded output
 * lacks the field): a value found somewhere in step N's recorded output, or the user's own blocking-prompt
 * answer. Anything else the model offers (e.g. another booking id) is not evidence (000 Post-confirmation
 * immutability: the model only fills gaps, it never picks a target).
 */
export interface PlaceholderEvidence {
  /** Recorded result.response_data of completed steps, by step number. */
  outputs: ReadonlyMap<number, Record<string, unknown>>;
  /** The user's answers to blocking prompts, in order. */
  answers: readonly string[];
}

export const NO_EVIDENCE: PlaceholderEvidence = { outputs: new Map(), answers: [] };

function scalars(value: unknown, out: unknown[] = []): unknown[] {
  // Stryker disable next-line ConditionalExpression: without it an array takes the object branch, which walks the same items
  if (Array.isArray(value)) for (const v of value) scalars(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) scalars(v, out);
  else if (value !== undefined && value !== null) out.push(value);
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** True when `offered` equals a scalar of a referenced step's recorded output or appears in a user's answer. */
export function isEvidenced(placeholder: string, offered: unknown, evidence: PlaceholderEvidence): boolean {
  // A list or an object is never one value to stand in (typeof null is 'object' too: null is no value either).
  if (typeof offered === 'object') return false;
  const wanted = String(offered).trim();
  if (wanted === '') return false;
  for (const ref of templatesIn(placeholder)) {
    const step = stepNumberOf(ref.scope);
    const output = step === undefined ? undefined : evidence.outputs.get(step);
    if (scalars(output).some((v) => String(v).trim() === wanted)) return true;
  }
  const word = new RegExp(`(^|[^A-Za-z0-9_-])${escapeRegExp(wanted)}($|[^A-Za-z0-9_-])`, 'i');
  return evidence.answers.some((answer) => word.test(answer));
}

/** The user's blocking-prompt answers, from the ask_user tool results in the execution log. */
export function answersIn(messages: readonly BaseMessage[]): string[] {
  const answers: string[] = [];
  for (const m of messages) {
    if (!isToolMessage(m) || m.name !== 'ask_user' || typeof m.content !== 'string') continue;
    try {
      const parsed: unknown = JSON.parse(bookingDataJson(m.content));
      if (parsed && typeof parsed === 'object' && 'status' in parsed && parsed.status === 'answered') {
        const answer = (parsed as { answer?: unknown }).answer;
        if (typeof answer === 'string' && answer.trim() !== '') answers.push(answer);
      }
    } catch {
      // not an observation we wrote: no answer in it
    }
  }
  return answers;
}
