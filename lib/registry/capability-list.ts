/**
 * What the assistant can do, in words, generated from the registry's model-visible action ids (issue 16: a decline
 * says what can be done, never from a fixed list). One place for the planner's own declines
 * (lib/planner/question-guard.ts) and the offline model's; the system prompt points at its action list instead. "rescheduleBooking" → "reschedule booking".
 */
export function capabilityList(actionIds: Iterable<string>): string {
  const phrases = capabilityPhrases(actionIds);
  if (phrases.length <= 1) return phrases.join('');
  return `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}`;
}

/** The list's phrases, each once: what a decline may name as code's own words (lib/planner/question-guard.ts). */
export function capabilityPhrases(actionIds: Iterable<string>): string[] {
  return [...new Set([...actionIds].map(phraseOf))].filter((p) => p !== '');
}

/** camelCase or snake_case id → lower-case words. */
function phraseOf(actionId: string): string {
  return actionId
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}
