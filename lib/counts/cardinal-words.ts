const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** Words that stand for an exact number of people. "A couple" is not one of them: it often means two or three. */
const DOZEN = 12;

/** A cardinal said in words at tokens[i] ("twenty two", "a hundred and twenty", "two dozen"), and its length. */
function readCardinal(tokens: readonly string[], i: number): { value: number; length: number } | undefined {
  let at = i;
  let value: number | undefined;
  const word = (k: number) => tokens[k] ?? '';
  // "a hundred", "one hundred", "two hundred and five"
  const lead = word(at) === 'a' || word(at) === 'an' ? 1 : UNITS.indexOf(word(at));
  if (lead >= 1 && lead <= 9 && word(at + 1) === 'hundred') {
    value = lead * 100;
    at += 2;
    const rest = word(at) === 'and' ? readTens(tokens, at + 1) : readTens(tokens, at);
    if (rest) {
      value += rest.value;
      at += rest.length + (word(at) === 'and' ? 1 : 0);
    }
    return { value, length: at - i };
  }
  const small = readTens(tokens, at);
  if (!small) return undefined;
  return small;
}

/** 0–99 in words: "seven", "twenty", "twenty two". */
function readTens(tokens: readonly string[], i: number): { value: number; length: number } | undefined {
  const first = tokens[i] ?? '';
  const tens = TENS.indexOf(first);
  if (tens >= 2) {
    const unit = UNITS.indexOf(tokens[i + 1] ?? '');
    return unit >= 1 && unit <= 9 ? { value: tens * 10 + unit, length: 2 } : { value: tens * 10, length: 1 };
  }
  const unit = UNITS.indexOf(first);
  return unit >= 0 ? { value: unit, length: 1 } : undefined;
}

/**
 * Numbers said in words become digits, for reading counts: "twenty-two" → 22, "a hundred and twenty" → 120,
 * "a dozen" → 12, "half a dozen" → 6, "two dozen" → 24. Expects lower case, hyphens between words split
 * ("twenty two"). Words that are not numbers stay as they are; "a couple" stays words (vague, asked about).
 */
export function cardinalWordsToDigits(text: string): string {
  const tokens = text.split(' ');
  const out: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const word = tokens[i] ?? '';
    if (word === 'half' && (tokens[i + 1] === 'a' || tokens[i + 1] === 'an') && tokens[i + 2] === 'dozen') {
      out.push(String(DOZEN / 2));
      i += 3;
      continue;
    }
    if ((word === 'a' || word === 'one') && tokens[i + 1] === 'dozen') {
      out.push(String(DOZEN));
      i += 2;
      continue;
    }
    const read = readCardinal(tokens, i);
    if (read) {
      const after = i + read.length;
      const dozens = tokens[after] === 'dozen';
      out.push(String(dozens ? read.value * DOZEN : read.value));
      i = after + (dozens ? 1 : 0);
      continue;
    }
    if (/^\d{1,3}$/.test(word) && tokens[i + 1] === 'dozen') {
      out.push(String(Number(word) * DOZEN));
      i += 2;
      continue;
    }
    if (word === 'dozen') {
      out.push(String(DOZEN));
      i += 1;
      continue;
    }
    out.push(word);
    i += 1;
  }
  return out.join(' ');
}

/** The cardinal words for 0–120, for tests and renderings ("twenty-two", "a hundred and five"). */
export function cardinalInWords(n: number): string {
  if (n < 20) return UNITS[n] ?? String(n);
  if (n < 100) {
    const unit = n % 10;
    return unit === 0 ? (TENS[n / 10] as string) : `${TENS[Math.floor(n / 10)]}-${UNITS[unit]}`;
  }
  const rest = n % 100;
  const hundreds = Math.floor(n / 100);
  const head = hundreds === 1 ? 'a hundred' : `${UNITS[hundreds]} hundred`;
  return rest === 0 ? head : `${head} and ${cardinalInWords(rest)}`;
}
