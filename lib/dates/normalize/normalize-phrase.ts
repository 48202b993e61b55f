import { frenchToEnglish } from './french-phrases.ts';
import { numberWordsToDigits } from './number-words.ts';
import { canonicalWord } from './word-forms.ts';

/** A phrase in the one spelling the rules read, and the words that were corrected on the way. */
export interface NormalizedPhrase {
  text: string;
  /** Original words changed by spelling correction ("saturdy"): weak evidence when searching free text. */
  corrected: string[];
}

/** Spelled-out durations, after numbers are digits: "half an hour" → "30 minutes", "a week" → "1 week". */
const DURATIONS: ReadonlyArray<[RegExp, string | ((...m: string[]) => string)]> = [
  [/\b(?:an?|1) (?:hour|hr) and a half\b/g, '90 minutes'],
  [/\b(\d+) and a half hours?\b/g, (_, h) => `${Number(h) * 60 + 30} minutes`],
  [/\bhalf (?:an? )?hour\b/g, '30 minutes'],
  [/\b3 quarters of an hour\b/g, '45 minutes'],
  [/\b(?:an? )?quarter (?:of )?an? hour\b/g, '15 minutes'],
  // "a quarter past 11", "a half past 2": the article before a clock word is not a count.
  [/\ba (quarter|half) (past|after|to|til|till|before)\b/g, '$1 $2'],
  [/\b(?:an?|1) (day|week|fortnight|hour|minute|month|year)s?\b/g, '1 $1'],
];

/**
 * Lower case, no accents, French rewritten in English, punctuation that carries no meaning dropped, numbers in
 * digits, words in one spelling. "Sat 28th @ 3:30pm-ish" → "saturday 28th at 3:30pm".
 */
export function normalizePhrase(phrase: string, frenchVenue: boolean): NormalizedPhrase {
  let s = phrase.normalize('NFC').toLowerCase();
  s = s.replace(/[’‘`´]/g, "'").replace(/(^|[\s(])à(?=[\s\d])/g, '$1 at ');
  s = s.normalize('NFD').replace(/\p{M}/gu, '');
  s = frenchToEnglish(s, frenchVenue);
  s = s
    .replace(/\b([ap])\.\s?m\b\.?/g, '$1m')
    .replace(/\bo ?'? ?clock\b/g, ' oclock')
    .replace(/'/g, '')
    .replace(/@/g, ' at ')
    .replace(/~/g, ' around ')
    .replace(/[,;!?()[\]{}"«»]/g, ' ')
    .replace(/(?<=[a-z])\.(?=\s|$)/g, ' ')
    .replace(/\bnoon\s*-?\s*ish\b/g, 'noon')
    .replace(/\b(\d[\d:.]*(?:\s?[ap]m)?)\s*-?\s*ish\b/g, 'around $1')
    .replace(/(?<=[a-z])-(?=[a-z])/g, ' ')
    .replace(/(?<=\s|^)-+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  s = numberWordsToDigits(s);
  for (const [pattern, replacement] of DURATIONS) {
    s = s.replace(pattern, replacement as (substring: string, ...args: string[]) => string);
  }
  const corrected: string[] = [];
  const words = s.split(' ').map((token) => {
    const { word, corrected: fixed } = canonicalWord(token);
    if (fixed) corrected.push(token);
    return word;
  });
  return { text: words.join(' ').replace(/\s+/g, ' ').trim(), corrected };
}
