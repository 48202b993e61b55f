/**
 * Text helpers of the planner's keyword checks that run before any model call (change of mind, retry): both read
 * lower case without accents, and both accept a phrase only when everything around it is filler.
 */

/** Lower case without accents ("Annulér" → "annuler", "Réessaie" → "reessaie"). */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** True when every whitespace-separated word of `text` is in `filler` (an empty text is only filler). */
export function onlyFiller(text: string, filler: ReadonlySet<string>): boolean {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => filler.has(word));
}
