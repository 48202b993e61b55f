/**
 * The only free text a model may add to a question (issue 14, decision 1): a short hint, shown after the question
 * that code rendered. Bounded and sanitised so a model steered by booking data cannot use it to ask for a
 * credential, send the operator to a link or write a question of its own.
 */
export const MAX_HINT_CHARS = 80;

/** Letters (any script), digits, spaces and basic punctuation; nothing that can build markup or a link. */
const ALLOWED = /^[\p{L}\p{N} .,;:!?'’()\-/]*$/u;
const URL_LIKE =
  /(https?|ftp|mailto)\s*:|www\.|\/\/|\b[\p{L}\p{N}-]+\.(com|net|org|io|co|au|fr|uk|app|dev|link|ly|me|info|biz)\b/iu;
/** What a booking question never needs: credentials, codes, card and payment details. */
const FORBIDDEN =
  /\b(credentials?|passwords?|pass ?phrases?|passcodes?|pins?|codes?|otp|one[- ]time|cards?|cvv|cvc|payments?|pay|bank(ing)?|iban|bsb|account numbers?|verif(y|ied|ication)|security|login|log in|sign in|tokens?|secrets?|mots? de passe|carte|paiement|banque|code)\b/iu;

/** Words of an instruction, not of a note about a booking (a hint copied from planted booking data). */
const INSTRUCTION =
  /\b(system|assistant|instructions?|ignore|prompt|override|admin(istrator)?|developer|jailbreak|disregard|execute|tool)\b/iu;
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

/**
 * True when a text asks for what no booking question needs (a credential, card or payment detail, a link) or
 * carries an instruction: the planner's questions are checked with it too (lib/planner/question-guard.ts).
 */
export function isUnsafeQuestionText(text: string): boolean {
  // An email address is a contact detail a question may name ("update it to priya@example.com?"), not a link.
  const withoutEmails = text.replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, '');
  return URL_LIKE.test(withoutEmails) || INSTRUCTION.test(text) || FORBIDDEN.test(text);
}
