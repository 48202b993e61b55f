import { type BaseMessage, isToolMessage } from '@langchain/core/messages';
import { bookingDataJson } from '../../contracts/booking-data-block.ts';
import { stepNumberOf, templatesIn } from '../../contracts/template-grammar.ts';
import { cardinalWordsToDigits } from '../../counts/cardinal-words.ts';

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

/** One value to stand in, as text, or undefined: a list or an object (typeof null is 'object' too) never is. */
function oneValue(offered: unknown): string | undefined {
  if (typeof offered === 'object') return undefined;
  const wanted = String(offered).trim();
  return wanted === '' ? undefined : wanted;
}

/**
 * True when a user's answer states `wanted` as a whole word, as typed or with its numbers said in words
 * ("sixteen guests" states 16).
 */
function inAnswers(wanted: string, answers: readonly string[]): boolean {
  const word = new RegExp(`(^|[^A-Za-z0-9_-])${escapeRegExp(wanted)}($|[^A-Za-z0-9_-])`, 'i');
  return answers.some(
    (answer) =>
      word.test(answer) || word.test(cardinalWordsToDigits(answer.toLowerCase().replace(/-/g, ' '))),
  );
}

/** True when `offered` equals a scalar of a referenced step's recorded output or appears in a user's answer. */
export function isEvidenced(placeholder: string, offered: unknown, evidence: PlaceholderEvidence): boolean {
  const wanted = oneValue(offered);
  if (wanted === undefined) return false;
  for (const ref of templatesIn(placeholder)) {
    const step = stepNumberOf(ref.scope);
    const output = step === undefined ? undefined : evidence.outputs.get(step);
    if (scalars(output).some((v) => String(v).trim() === wanted)) return true;
  }
  return inAnswers(wanted, evidence.answers);
}

/** The answer whole and each run of up to four of its words: where a value said in another format may sit. */
function spansOf(answer: string): string[] {
  const words = answer.split(/\s+/).filter((w) => w !== '');
  const spans = [answer];
  for (let i = 0; i < words.length; i += 1)
    for (let n = 1; n <= 4 && i + n <= words.length; n += 1) spans.push(words.slice(i, i + n).join(' '));
  return spans;
}

/**
 * Where a value for a data gap (a required parameter the confirmed plan left open) may come from: the user's
 * blocking-prompt answers, as a whole word or, through `sameAs`, a span of an answer in another format of the
 * same type ("15:00" for "3pm please"); or a scalar of any completed step's recorded output. A value from
 * nowhere (the model's guess, or text planted in booking data) is not one: the executor asks the user instead
 * (000 "It never assumes the guest count or contact details").
 */
export function isStated(
  offered: unknown,
  evidence: PlaceholderEvidence,
  sameAs: (said: string) => boolean,
): boolean {
  const wanted = oneValue(offered);
  if (wanted === undefined) return false;
  for (const output of evidence.outputs.values())
    if (scalars(output).some((v) => String(v).trim() === wanted)) return true;
  return inAnswers(wanted, evidence.answers) || evidence.answers.some((a) => spansOf(a.trim()).some(sameAs));
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
