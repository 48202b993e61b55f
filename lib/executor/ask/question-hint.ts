import { FORBIDDEN, INSTRUCTION, URL_LIKE } from '../../questions/unsafe-question-text.ts';

/**
 * The only free text a model may add to a question (issue 14, decision 1): a short hint, shown after the question
 * that code rendered. Bounded and sanitised so a model steered by booking data cannot use it to ask for a
 * credential, send the operator to a link or write a question of its own.
 */
export const MAX_HINT_CHARS = 80;

/** Letters (any script), digits, spaces and basic punctuation; nothing that can build markup or a link. */
const ALLOWED = /^[\p{L}\p{N} .,;:!?'’()\-/]*$/u;
/** An identifier such as an action id (cancelBooking, refund_booking): the model's vocabulary, never the user's. */
const IDENTIFIER = /\b[a-z]+[A-Z][A-Za-z]*\b|\b[a-z]+_[a-z_]+\b/u;

export type HintVerdict = { ok: true; hint?: string } | { ok: false; reason: string };

/** Checks the model's hint; a rejected hint refuses the whole ask_user call (the model may ask again without it). */
export function checkHint(raw: string | undefined): HintVerdict {
  const hint = raw?.replace(/\s+/g, ' ').trim();
  if (!hint) return { ok: true };
  if (hint.length > MAX_HINT_CHARS)
    return { ok: false, reason: `hint is longer than ${MAX_HINT_CHARS} characters` };
  if (!ALLOWED.test(hint))
    return { ok: false, reason: 'hint may only hold letters, digits and basic punctuation' };
  if (URL_LIKE.test(hint)) return { ok: false, reason: 'hint may not contain a link' };
  if (INSTRUCTION.test(hint) || IDENTIFIER.test(hint))
    return { ok: false, reason: 'hint may not hold instructions or action names' };
  if (FORBIDDEN.test(hint))
    return {
      ok: false,
      reason: 'hint may not mention credentials, codes, cards, payment, bank or verification',
    };
  return { ok: true, hint };
}
