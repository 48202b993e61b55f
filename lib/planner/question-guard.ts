import { isUnsafeQuestionText } from '../questions/unsafe-question-text.ts';
import { capabilityList, capabilityPhrases } from '../registry/capability-list.ts';
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
 * same missing thing (the rules the executor's hints share, lib/questions/unsafe-question-text.ts).
 */
export function guardQuestion(question: string, missing: AskClarificationArgs['missing']): string {
  return isUnsafeQuestionText(question) ? FALLBACK[missing] : question;
}

/**
 * The same rule for a decline's message: shown to the user, so never a credential request or an instruction.
 * `actionIds` are the bound mutations; their phrases (lib/registry/capability-list.ts) are code's own words, so a
 * decline may name them ("create payment link") without tripping the check, and the fallback offers them instead
 * of fixed examples (issue 16).
 */
export function guardDecline(message: string, actionIds: readonly string[]): string {
  const rest = capabilityPhrases(actionIds).reduce(
    (text, phrase) => text.split(phrase).join(' '),
    message.toLowerCase(),
  );
  if (!isUnsafeQuestionText(rest)) return message;
  return actionIds.length > 0
    ? `I can't do that here. I can ${capabilityList(actionIds)}, naming the booking.`
    : "I can't do that here.";
}
