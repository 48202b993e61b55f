/**
 * French basics (issue 15: days, months, "demain", "15h30", "à 15 heures"), rewritten into the English forms the
 * rules read, on lower-case text without accents. French clock times become "H:MMh" tokens (written "15h30", the
 * 24-hour notation: "9h" is 09:00, "21h" the evening) or "H:MMhs" (spoken "trois heures", read like a bare hour).
 */
const FR_UNITS =
  'zero un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize'.split(' ');
const FR_TENS: Record<string, number> = { vingt: 20, trente: 30, quarante: 40, cinquante: 50 };

/** "vingt-deux", "vingt et un", "quarante-cinq", "dix-sept", "une" → a number. */
export function frenchNumber(words: string): number | undefined {
  const parts = words
    .replace(/-/g, ' ')
    .replace(/\bet\b/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  let total = 0;
  for (const part of parts) {
    const unit = FR_UNITS.indexOf(part === 'une' ? 'un' : part);
    const tens = FR_TENS[part];
    if (unit >= 0) total += unit;
    else if (tens !== undefined) total += tens;
    else return undefined;
  }
  return parts.length > 0 ? total : undefined;
}

const FR_NUMBER_WORD = `(?:${[...FR_UNITS, 'une', ...Object.keys(FR_TENS)].join('|')})`;
/** An hour then "h" (written, 24-hour: "8h" is 08:00) or "heures" (spoken: "à 3 heures" may be 15:00). */
const CLOCK = '(?<![\\d:])\\b(\\d{1,2}) ?(h|heures?)';

/** "H:MMh" for the written 24-hour form, "H:MMhs" for the spoken one (rules/time-rules.ts reads both). */
function clock(hour: number, minute: number, unit: string): string {
  return ` ${hour}:${String(minute).padStart(2, '0')}${unit === 'h' ? 'h' : 'hs'} `;
}

/** Number words before a unit or after "moins" become digits ("sept jours", "deux heures moins dix"). */
const NUMBER_BEFORE_UNIT = new RegExp(
  `\\b(${FR_NUMBER_WORD}(?:(?:-| et | )${FR_NUMBER_WORD})?)(?= ?(?:h\\b|heures?|minutes?|jours?|semaines?|mois)\\b)`,
  'g',
);
const NUMBER_AFTER_MOINS = new RegExp(`\\bmoins (${FR_NUMBER_WORD}(?:-${FR_NUMBER_WORD})?)\\b`, 'g');

/** Durations before clock times: "une heure plus tard" is a shift, "à une heure" a time. */
const TIME_FORMS: ReadonlyArray<[RegExp, string | ((...m: string[]) => string)]> = [
  [/\bdans (?:une|1) demi[- ]heure\b/g, ' in 30 minutes '],
  [/\b(?:une |1 )?demi[- ]heure\b/g, ' 30 minutes '],
  [/\bdans (\d+) (?:heures?|h)\b/g, ' in $1 hours '],
  [/\b(\d+) (?:heures?|h) (?:plus tard|apres)\b/g, ' $1 hours later '],
  [/\b(\d+) (?:heures?|h) (?:plus tot|avant)\b/g, ' $1 hours earlier '],
  [/\bmidi et demie?\b/g, ' 12:30hs '],
  [/\bmidi et quart\b/g, ' 12:15hs '],
  [/\bmidi moins le quart\b/g, ' 11:45hs '],
  [/(?<!apres[- ]?)\bmidi\b/g, ' noon '],
  [/\bminuit\b/g, ' midnight '],
  [new RegExp(`${CLOCK} ?et demie?\\b`, 'g'), (_, h, unit) => clock(Number(h), 30, unit)],
  [new RegExp(`${CLOCK} ?et quart\\b`, 'g'), (_, h, unit) => clock(Number(h), 15, unit)],
  [new RegExp(`${CLOCK} ?moins (?:le )?quart\\b`, 'g'), (_, h, unit) => clock(Number(h) - 1, 45, unit)],
  [
    new RegExp(`${CLOCK} ?moins (\\d{1,2})\\b`, 'g'),
    (_, h, unit, m) => clock(Number(h) - 1, 60 - Number(m), unit),
  ],
  [new RegExp(`${CLOCK} ?(\\d{2})\\b`, 'g'), (_, h, unit, m) => clock(Number(h), Number(m), unit)],
  [new RegExp(`${CLOCK}(?![a-z\\d])`, 'g'), (_, h, unit) => clock(Number(h), 0, unit)],
];

/** Multi-word French forms, then single words. Order matters: longest first. */
const PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/\baujourd ?'? ?hui\b/g, ' today '],
  [/\bapres[- ]demain\b/g, ' day after tomorrow '],
  [/\bavant[- ]hier\b/g, ' day before yesterday '],
  [/\b(?:le )?surlendemain\b/g, ' 2 days later '],
  [/\b(?:le )?lendemain\b/g, ' the next day '],
  [/\b(?:la )?veille de noel\b/g, ' christmas eve '],
  [/\breveillon (?:de noel)\b/g, ' christmas eve '],
  [/\breveillon (?:du nouvel an|de la saint[- ]sylvestre)\b/g, ' new years eve '],
  [/\b(?:le )?jour de l ?'? ?an\b/g, ' new years day '],
  [/\b(?:le )?nouvel an\b/g, ' new years '],
  [/\b(?:la )?saint[- ]sylvestre\b/g, ' new years eve '],
  [/\blundi de paques\b/g, ' easter monday '],
  [/\bpaques\b/g, ' easter sunday '],
  [/\blundi de (?:la )?pentecote\b/g, ' whit monday '],
  [/\b(?:la )?pentecote\b/g, ' whit sunday '],
  [/\b(?:la )?fete nationale\b/g, ' bastille day '],
  [/\b(?:la )?fete du travail\b/g, ' may day '],
  [/\b(?:la )?fete des meres\b/g, ' mothers day '],
  [/\b(?:la )?toussaint\b/g, ' all saints day '],
  [/\b(?:l ?'? ?)?armistice\b/g, ' armistice day '],
  [/\b(?:l ?'? ?)?assomption\b/g, ' assumption day '],
  [/\b(?:l ?'? ?)?ascension\b/g, ' ascension day '],
  [/\bnoel\b/g, ' christmas '],
  [/\b(?:la )?veille\b/g, ' the day before '],
  [/\b(?:du|le) mois prochain\b/g, ' of next month '],
  [/\bce mois[- ]ci\b/g, ' this month '],
  [/\b(?:de )?la semaine prochaine\b/g, ' of next week '],
  [/\bsemaine prochaine\b/g, ' next week '],
  [/\b(?:la )?semaine derniere\b/g, ' last week '],
  [/\bcette semaine\b/g, ' this week '],
  [/\b(?:ce|le) week[- ]?end prochain\b/g, ' next weekend '],
  [/\bce week[- ]?end\b/g, ' this weekend '],
  [/\bweek[- ]end\b/g, ' weekend '],
  [/\bfin (?:du|de ce) mois\b/g, ' end of the month '],
  [/\bfin de (?:la|cette) semaine\b/g, ' end of the week '],
  [/\ben huit\b/g, ' week '],
  [/\ben quinze\b/g, ' fortnight '],
  [/\b(?:quinze|15) jours\b/g, ' fortnight '],
  [/\b(?:huit|8) jours\b/g, ' 1 week '],
  [/\b(?:le )?meme jour\b/g, ' same day '],
  [/\b(?:la )?meme heure\b/g, ' same time '],
  [/\bau soir\b/g, ' in the evening '],
  [/\bau matin\b/g, ' in the morning '],
  [/\bce soir\b/g, ' this evening '],
  [/\bcet? apres[- ]?midi\b/g, ' this afternoon '],
  [/\bce matin\b/g, ' this morning '],
  [/\bcette nuit\b/g, ' tonight '],
  [/\bdu matin\b/g, ' in the morning '],
  [/\bde l ?'? ?apres[- ]?midi\b/g, ' in the afternoon '],
  [/\bdu soir\b/g, ' in the evening '],
  [/\bapres[- ]?midi\b|\baprem\b/g, ' afternoon '],
  [/\bplus tard\b/g, ' later '],
  [/\bplus tot\b/g, ' earlier '],
  [/\baux alentours de\b/g, ' around '],
  [/\bl ?'/g, ' the '],
  [/\bd ?'/g, ' of '],
];

const WORDS: Record<string, string> = {
  lundi: 'monday',
  mardi: 'tuesday',
  mercredi: 'wednesday',
  jeudi: 'thursday',
  vendredi: 'friday',
  samedi: 'saturday',
  dimanche: 'sunday',
  janvier: 'january',
  janv: 'january',
  fevrier: 'february',
  fevr: 'february',
  fev: 'february',
  mars: 'march',
  avril: 'april',
  avr: 'april',
  mai: 'may',
  juin: 'june',
  juillet: 'july',
  juil: 'july',
  aout: 'august',
  septembre: 'september',
  octobre: 'october',
  novembre: 'november',
  decembre: 'december',
  demain: 'tomorrow',
  hier: 'yesterday',
  prochain: 'next',
  prochaine: 'next',
  dernier: 'last',
  derniere: 'last',
  ce: 'this',
  cet: 'this',
  cette: 'this',
  le: 'the',
  la: 'the',
  les: 'the',
  de: 'of',
  du: 'of',
  des: 'of',
  dans: 'in',
  au: 'at',
  vers: 'around',
  environ: 'around',
  jour: 'day',
  jours: 'days',
  semaine: 'week',
  semaines: 'weeks',
  mois: 'month',
  matin: 'morning',
  matinee: 'morning',
  soir: 'evening',
  soiree: 'evening',
  nuit: 'night',
  premier: '1st',
  premiere: '1st',
  '1er': '1st',
  '1re': '1st',
  '1ere': '1st',
  deuxieme: '2nd',
  '2e': '2nd',
  '2eme': '2nd',
  troisieme: '3rd',
  '3e': '3rd',
  '3eme': '3rd',
  quatrieme: '4th',
  '4e': '4th',
  '4eme': '4th',
  cinquieme: '5th',
  '5e': '5th',
  et: 'and',
  un: '1',
  une: '1',
  reveillon: 'reveillon',
};

/** Weekday abbreviations that only mean a French day in a French venue ("mar" is March in English). */
const FRENCH_VENUE_WORDS: Record<string, string> = {
  lun: 'monday',
  mer: 'wednesday',
  jeu: 'thursday',
  ven: 'friday',
  sam: 'saturday',
  dim: 'sunday',
};

/** French forms rewritten into English ones; harmless on English text, which has none of these words. */
export function frenchToEnglish(text: string, frenchVenue: boolean): string {
  let s = ` ${text} `
    .replace(NUMBER_BEFORE_UNIT, (words) => String(frenchNumber(words) ?? words))
    .replace(NUMBER_AFTER_MOINS, (_all, words) => `moins ${frenchNumber(words) ?? words}`);
  for (const [pattern, replacement] of TIME_FORMS) {
    s = s.replace(pattern, replacement as (substring: string, ...args: string[]) => string);
  }
  for (const [pattern, replacement] of PHRASES) s = s.replace(pattern, replacement);
  return s
    .split(/\s+/)
    .map((word) => WORDS[word] ?? (frenchVenue ? FRENCH_VENUE_WORDS[word] : undefined) ?? word)
    .join(' ')
    .trim();
}
