/** Abbreviations, texting forms and frequent misspellings, mapped to the one word the rules know. */
const SPELLINGS: Record<string, string> = {
  mon: 'monday',
  tue: 'tuesday',
  tues: 'tuesday',
  wed: 'wednesday',
  weds: 'wednesday',
  wensday: 'wednesday',
  thu: 'thursday',
  thur: 'thursday',
  thurs: 'thursday',
  thrs: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
  jan: 'january',
  feb: 'february',
  febuary: 'february',
  mar: 'march',
  apr: 'april',
  jun: 'june',
  jul: 'july',
  aug: 'august',
  sep: 'september',
  sept: 'september',
  oct: 'october',
  nov: 'november',
  dec: 'december',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmw: 'tomorrow',
  tomoz: 'tomorrow',
  '2moro': 'tomorrow',
  '2morrow': 'tomorrow',
  '2mrw': 'tomorrow',
  tommorow: 'tomorrow',
  tommorrow: 'tomorrow',
  tonite: 'tonight',
  '2nite': 'tonight',
  '2night': 'tonight',
  yday: 'yesterday',
  arvo: 'afternoon',
  xmas: 'christmas',
  chrissy: 'christmas',
  nye: 'new years eve',
  nyd: 'new years day',
  min: 'minutes',
  mins: 'minutes',
  minute: 'minutes',
  hr: 'hours',
  hrs: 'hours',
  hour: 'hours',
  wk: 'weeks',
  wks: 'weeks',
  noonish: 'noon',
};

/** Words worth correcting when misspelt by one letter (long enough that one letter cannot make another word). */
const VOCABULARY = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'january',
  'february',
  'august',
  'september',
  'october',
  'november',
  'december',
  'tomorrow',
  'yesterday',
  'tonight',
  'morning',
  'afternoon',
  'evening',
  'fortnight',
  'christmas',
  'midnight',
  'thanksgiving',
];
const KNOWN = new Set([...VOCABULARY, ...Object.values(SPELLINGS), 'weekend', 'weekday']);

/** Damerau-Levenshtein distance is at most one (one letter added, dropped, changed or two swapped). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const restA = a.slice(i + 1);
  const restB = b.slice(i + 1);
  if (a.length === b.length) {
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    return restA === restB || swapped;
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The vocabulary word a token is a one-letter slip of, when there is exactly one. */
export function correctSpelling(token: string): string | undefined {
  if (token.length < 5 || !/^[a-z]+$/.test(token) || KNOWN.has(token)) return undefined;
  const matches = VOCABULARY.filter((word) => withinOneEdit(token, word));
  return matches.length === 1 ? matches[0] : undefined;
}

/** One token in its canonical spelling; `corrected` when a misspelling was fixed (weak evidence in free text). */
export function canonicalWord(token: string): { word: string; corrected: boolean } {
  const known = SPELLINGS[token];
  if (known) return { word: known, corrected: false };
  const fixed = correctSpelling(token);
  return fixed ? { word: fixed, corrected: true } : { word: token, corrected: false };
}
