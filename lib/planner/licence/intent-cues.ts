/**
 * Deterministic matching of an action's intent cues (overlays `intent_cues`) on the user's words (issue 14:
 * every mutating step must be licensed by the user's request). Tolerant of case, punctuation, apostrophes,
 * inflection ("moved", "cancelling", "guests") and small filler words inside a phrase ("call it off" matches the
 * cue "call off", "change the date" matches "change date"); a cue right after a negation ("don't cancel") does
 * not count.
 */

/** Words a phrase may carry between its cue words: "push it back", "change the time". */
const FILLERS = new Set([
  'a',
  'an',
  'the',
  'my',
  'our',
  'your',
  'this',
  'that',
  'these',
  'those',
  'his',
  'her',
  'their',
  'its',
  'it',
  'them',
  'him',
  'me',
  'us',
]);

/** Words that turn a following cue into its opposite ("don't cancel", "not the email", "without a note"). */
const NEGATIONS = new Set([
  'not',
  'dont',
  'doesnt',
  'didnt',
  'never',
  'without',
  'shouldnt',
  'wouldnt',
  'neednt',
]);
/** How many words before a cue a negation still reaches ("don't want to cancel"). */
const NEGATION_REACH = 3;

/** Lower-case word tokens, apostrophes dropped ("won't" → "wont"), fillers kept (negation needs positions). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

const VOWEL = /[aeiou]/;

/** The inflected forms of one cue word: plural, third person, past, participle ("drop" → "dropped"). */
export function inflections(word: string): Set<string> {
  const forms = new Set([word, `${word}s`, `${word}es`, `${word}ed`, `${word}ing`, `${word}d`]);
  if (word.endsWith('e')) {
    forms.add(`${word.slice(0, -1)}ing`);
  }
  if (word.endsWith('y') && !VOWEL.test(word.at(-2) ?? '')) {
    forms.add(`${word.slice(0, -1)}ies`);
    forms.add(`${word.slice(0, -1)}ied`);
  }
  const last = word.at(-1) ?? '';
  // Consonant doubling before -ed/-ing: "drop" → "dropped", "cancel" → "cancelled" (British and American both).
  if (/[bdglmnprt]/.test(last) && VOWEL.test(word.at(-2) ?? '')) {
    forms.add(`${word}${last}ed`);
    forms.add(`${word}${last}ing`);
  }
  return forms;
}

/** A cue compiled for matching: one set of accepted forms per word, fillers left out. */
export type CompiledCue = readonly ReadonlySet<string>[];

/** A cue word written `=book` is matched as written: "book" but not "booking" (overlays/README.md). */
export function compileCue(cue: string): CompiledCue {
  return cue
    .split(/\s+/)
    .flatMap((chunk) => {
      const exact = chunk.startsWith('=');
      return words(chunk).map((w) => ({ w, exact }));
    })
    .filter(({ w }) => !FILLERS.has(w))
    .map(({ w, exact }) => (exact ? new Set([w]) : inflections(w)));
}

/** The user's words as the matcher reads them: fillers removed, negated positions marked. */
export interface ReadWords {
  words: string[];
  negated: boolean[];
}

export function readWords(text: string): ReadWords {
  const kept: string[] = [];
  const negated: boolean[] = [];
  // A negation reaches to the end of its clause at most: in "that's not right, cancel it" nothing negates "cancel".
  for (const clause of text.split(CLAUSE_BREAK)) {
    let lastNegation = Number.NEGATIVE_INFINITY;
    for (const [i, word] of words(clause).entries()) {
      if (NEGATIONS.has(word)) lastNegation = i;
      if (FILLERS.has(word)) continue;
      kept.push(word);
      negated.push(i - lastNegation > 0 && i - lastNegation <= NEGATION_REACH);
    }
  }
  return { words: kept, negated };
}

/**
 * Where a clause ends: a comma, semicolon, bracket, a stop, colon or mark before a space or the end ("3.30" and
 * "15:00" go on), or a dash standing between words.
 */
const CLAUSE_BREAK = /[,;()]|[.:!?](?=\s|$)|\s[-–—]+\s/;

/** Particles of phrasal verbs, which may follow their object: "bring the session forward", "call the party off". */
const PARTICLES = new Set(['back', 'forward', 'off', 'out', 'up', 'down', 'over', 'in']);
/** How many words may sit between a phrasal verb and its particle. */
const PARTICLE_REACH = 2;

/**
 * True when the cue's words occur consecutively (fillers aside), a final particle up to PARTICLE_REACH words
 * later, and not right after a negation.
 */
export function matchesCue(text: ReadWords, cue: CompiledCue): boolean {
  if (cue.length === 0) return false;
  const last = cue.at(-1) as ReadonlySet<string>;
  const particle = cue.length > 1 && [...last].some((w) => PARTICLES.has(w));
  const head = particle ? cue.slice(0, -1) : cue;
  for (let start = 0; start + cue.length <= text.words.length; start += 1) {
    if (text.negated[start]) continue;
    if (!head.every((forms, k) => forms.has(text.words[start + k] as string))) continue;
    if (!particle) return true;
    const after = start + head.length;
    const reach = text.words.slice(after, after + PARTICLE_REACH + 1);
    if (reach.some((w) => last.has(w))) return true;
  }
  return false;
}

/** The first of `cues` the words hold, if any (traced and quoted in the repair message). */
export function firstCue(text: ReadWords, cues: readonly string[]): string | undefined {
  return cues.find((cue) => matchesCue(text, compileCue(cue)));
}
