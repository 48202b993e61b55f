/**
 * What no booking question needs, shared by the planner's question guard (lib/planner/question-guard.ts) and the
 * executor's hint check (lib/executor/ask/question-hint.ts) (issue 14): a link, a credential, a card or payment
 * detail, or the words of an instruction (a model steered by planted booking data).
 */

/** A link in any common form: a scheme, "www.", "//", or a host with a well-known top-level domain. */
export const URL_LIKE =
  /(https?|ftp|mailto)\s*:|www\.|\/\/|\b[\p{L}\p{N}-]+\.(com|net|org|io|co|au|fr|uk|app|dev|link|ly|me|info|biz)\b/iu;
/** What a booking question never needs: credentials, codes, card and payment details. */
export const FORBIDDEN =
  /\b(credentials?|passwords?|pass ?phrases?|passcodes?|pins?|codes?|otp|one[- ]time|cards?|cvv|cvc|payments?|pay|bank(ing)?|iban|bsb|account numbers?|verif(y|ied|ication)|security|login|log in|sign in|tokens?|secrets?|mots? de passe|carte|paiement|banque|code)\b/iu;
/** Words of an instruction, not of a note about a booking (a hint copied from planted booking data). */
export const INSTRUCTION =
  /\b(system|assistant|instructions?|ignore|prompt|override|admin(istrator)?|developer|jailbreak|disregard|execute|tool)\b/iu;

/**
 * True when a text asks for what no booking question needs (a credential, card or payment detail, a link) or
 * carries an instruction.
 */
export function isUnsafeQuestionText(text: string): boolean {
  // An email address is a contact detail a question may name ("update it to priya@example.com?"), not a link.
  const withoutEmails = text.replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, '');
  return URL_LIKE.test(withoutEmails) || INSTRUCTION.test(text) || FORBIDDEN.test(text);
}
