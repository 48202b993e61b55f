const UNITS =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(
    ' ',
  );
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50 };
const ORDINAL_UNITS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};
/** Minutes said after an hour word: "three thirty", "ten fifteen", "two oh five". */
const MINUTE_WORDS = new Set([5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);

/** "3rd", "21st", "12th". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (ORDINAL_SUFFIX[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
const ORDINAL_SUFFIX: Record<number, string> = { 1: 'st', 2: 'nd', 3: 'rd' };

interface Read {
  value: number;
  ordinal: boolean;
  length: number;
}

/** A number said in words at tokens[i] ("twenty", "twenty five", "twenty-eighth" split, "third"), if any. */
function readNumber(tokens: readonly string[], i: number): Read | undefined {
  const word = tokens[i] ?? '';
  const next = tokens[i + 1] ?? '';
  const tens = TENS[word];
  if (tens !== undefined) {
    const unit = UNITS.indexOf(next);
    if (unit >= 1 && unit <= 9) return { value: tens + unit, ordinal: false, length: 2 };
    const ord = ORDINAL_UNITS[next];
    if (ord !== undefined && ord <= 9) return { value: tens + ord, ordinal: true, length: 2 };
    return { value: tens, ordinal: false, length: 1 };
  }
  const unit = UNITS.indexOf(word);
  if (unit >= 0) return { value: unit, ordinal: false, length: 1 };
  const ord = ORDINAL_UNITS[word];
  if (ord !== undefined) return { value: ord, ordinal: true, length: 1 };
  return undefined;
}

/**
 * Numbers in words become digits ("three days" → "3 days", "the twenty-eighth" → "the 28th"), and an hour word
 * followed by a minute word becomes a clock time ("three thirty" → "3:30", "two oh five" → "2:05").
 * Expects hyphens already split ("twenty eighth").
 */
export function numberWordsToDigits(text: string): string {
  const tokens = text.split(' ');
  const out: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const read = readNumber(tokens, i);
    // "the one on Friday", "the two of us": a pronoun, not a number ("the third" is an ordinal and stays one).
    const pronoun = read !== undefined && !read.ordinal && tokens[i - 1] === 'the';
    if (!read || pronoun) {
      out.push(tokens[i] as string);
      i += 1;
      continue;
    }
    const after = i + read.length;
    if (!read.ordinal && read.value >= 1 && read.value <= 12) {
      const oh = tokens[after] === 'oh' ? 1 : 0;
      const minutes = readNumber(tokens, after + oh);
      const valid =
        minutes && !minutes.ordinal && (oh ? minutes.value < 10 : MINUTE_WORDS.has(minutes.value));
      if (minutes && valid && !isUnit(tokens[after + oh + minutes.length])) {
        out.push(`${read.value}:${String(minutes.value).padStart(2, '0')}`);
        i = after + oh + minutes.length;
        continue;
      }
    }
    out.push(read.ordinal ? ordinal(read.value) : String(read.value));
    i = after;
  }
  return out.join(' ');
}

/** "three days", "two weeks": a count, not a clock time. */
function isUnit(word: string | undefined): boolean {
  return word !== undefined && /^(minutes?|hours?|days?|weeks?|months?|years?|guests?|people)$/.test(word);
}
