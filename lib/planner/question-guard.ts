import { isUnsafeQuestionText } from '../executor/ask/question-hint.ts';
import type { AskClarificationArgs } from './tools/terminal-tools.ts';

/** Code's own question for each thing ask_clarification may say is missing. */
const FALLBACK: Readonly<Record<AskClarificationArgs['missing'], string>> = {
  booking: "Which booking do you mean? Give the guest's name or the booking reference (for example BK-1042).",
  action: 'What would you like to change on the booking?',
  guest_count: 'How many guests should the booking be for?',
  contact_details: 'What are the new contact details?',
  date: 'Which date should it be?',
  time: 'What time should it be?',
  other: "Could you tell me a bit more about what you'd like to change?",
};

/**
 * Issue 14: a planner question never asks for a credential, card or payment detail, a link, or carries an
 * instruction (a model steered by planted booking data). Such a question is replaced by code's question for the
 * same missing thing (the executor's hint rules, lib/executor/ask/question-hint.ts).
 */
export function guardQuestion(question: string, missing: AskClarificationArgs['missing']): string {
  return isUnsafeQuestionText(question) ? FALLBACK[missing] : question;
}

/** Code's words for a decline whose model text was unsafe. */
const DECLINE_FALLBACK =
  "I can't do that here. I can change a booking's date or time, guests, contact details or notes.";

/** The same rule for a decline's message: shown to the user, so never a credential request or an instruction. */
export function guardDecline(message: string): string {
  return isUnsafeQuestionText(message) ? DECLINE_FALLBACK : message;
}
