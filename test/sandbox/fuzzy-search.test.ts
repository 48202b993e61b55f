import { describe, expect, it } from 'vitest';
import { fuzzySearch, matchScore, queryTerms, type Searchable } from '../../devkit/sandbox/fuzzy-search.ts';
import { editDistance } from '../../lib/text/edit-distance.ts';

function booking(
  reference: string,
  guestName: string,
  date: string,
  extra: Partial<Searchable> = {},
): Searchable {
  return { bookingReference: reference, guestName, date, ...extra };
}

const BOOKINGS = [
  booking('BK-1042', 'John Smith', '2026-03-14', {
    email: 'john.smith@example.com',
    phone: '+61 412 555 019',
  }),
  booking('BK-1043', 'John Tan', '2026-03-16', { email: 'john.tan@example.com' }),
  booking('BK-1044', 'John Okafor', '2026-03-13'),
  booking('BK-1045', 'Sarah Smith', '2026-03-17', { email: 'sarah.smith@example.com' }),
  booking('BK-1046', 'Aisha Khan', '2026-03-14', { phone: '+61 401 774 120' }),
  booking('BK-1047', "Charlotte O'Brien", '2026-03-15'),
  booking('BK-1048', 'José Álvarez', '2026-03-18'),
  booking('BK-1049', 'Lucia Torres-Diaz', '2026-03-19', { phone: '+44 7700 900123' }),
  booking('BK-1050', 'Dana Fox', '2026-03-20', { phone: '+1 415 555 0101' }),
];

function references(found: Searchable[]): string[] {
  return found.map((b) => b.bookingReference);
}

describe('fuzzySearch', () => {
  it('finds every John, ordered by date when equally relevant', () => {
    expect(references(fuzzySearch(BOOKINGS, 'john', 10))).toEqual(['BK-1044', 'BK-1042', 'BK-1043']);
  });

  it('is case-insensitive and finds both Smiths', () => {
    expect(references(fuzzySearch(BOOKINGS, 'SMITH', 10))).toEqual(['BK-1042', 'BK-1045']);
  });

  it('needs every word to match: "john smith" is one booking', () => {
    expect(references(fuzzySearch(BOOKINGS, 'john smith', 10))).toEqual(['BK-1042']);
  });

  it.each([
    ['jon', 'BK-1042'],
    ['jonh smtih', 'BK-1042'],
    ['smyth', 'BK-1042'],
    ['okafur', 'BK-1044'],
  ])('tolerates the small typo in %j', (query, expected) => {
    expect(references(fuzzySearch(BOOKINGS, query, 10))).toContain(expected);
  });

  it('ranks an exact match above a typo', () => {
    // Prepare: "tan" matches John Tan exactly; nothing else is within one edit with the same initial.
    const found = fuzzySearch(BOOKINGS, 'tan', 10);

    // Assess
    expect(references(found)[0]).toBe('BK-1043');
  });

  it.each([
    ['BK-1045', 'BK-1045'],
    ['bk1045', 'BK-1045'],
    ['1046', 'BK-1046'],
  ])('matches the booking reference %j', (query, expected) => {
    expect(references(fuzzySearch(BOOKINGS, query, 10))).toEqual([expected]);
  });

  it('matches an email or its local part', () => {
    expect(references(fuzzySearch(BOOKINGS, 'sarah.smith@example.com', 10))).toEqual(['BK-1045']);
    expect(references(fuzzySearch(BOOKINGS, 'john.tan', 10))).toEqual(['BK-1043']);
  });

  it('matches a phone number in international or local form', () => {
    expect(references(fuzzySearch(BOOKINGS, '+61 412 555 019', 10))).toEqual(['BK-1042']);
    expect(references(fuzzySearch(BOOKINGS, '0401 774 120', 10))).toEqual(['BK-1046']);
  });

  it('matches a UK or US number in its national form', () => {
    // Assess: the trunk 0 stands for +44; a NANP number is typed without its 1.
    expect(references(fuzzySearch(BOOKINGS, '07700 900123', 10))).toEqual(['BK-1049']);
    expect(references(fuzzySearch(BOOKINGS, '(415) 555-0101', 10))).toEqual(['BK-1050']);
  });

  it('finds a hyphenated name typed whole, in any case, and by either part', () => {
    // Assess
    expect(references(fuzzySearch(BOOKINGS, 'torres-diaz', 10))).toEqual(['BK-1049']);
    expect(references(fuzzySearch(BOOKINGS, 'Lucia Torres-Diaz', 10))).toEqual(['BK-1049']);
    expect(references(fuzzySearch(BOOKINGS, 'diaz', 10))).toEqual(['BK-1049']);
  });

  it('ignores accents, apostrophes and a possessive', () => {
    expect(references(fuzzySearch(BOOKINGS, 'jose alvarez', 10))).toEqual(['BK-1048']);
    expect(references(fuzzySearch(BOOKINGS, "o'brien", 10))).toEqual(['BK-1047']);
    expect(references(fuzzySearch(BOOKINGS, "Khan's", 10))).toEqual(['BK-1046']);
  });

  it('returns nothing for an unrelated query', () => {
    expect(fuzzySearch(BOOKINGS, 'zebra', 10)).toEqual([]);
  });

  it('cuts the result to the limit', () => {
    expect(fuzzySearch(BOOKINGS, 'john', 2)).toHaveLength(2);
  });
});

describe('matchScore', () => {
  it('scores an exact word above a prefix, and a prefix above a typo', () => {
    const john = BOOKINGS[0]!;
    const exact = matchScore(john, ['john']);
    const prefix = matchScore(john, ['joh']);
    const typo = matchScore(john, ['jonh']);
    expect(exact).toBeGreaterThan(prefix);
    expect(prefix).toBeGreaterThan(typo);
    expect(typo).toBeGreaterThan(0);
  });
});

describe('queryTerms', () => {
  it('keeps a phone number together as one term', () => {
    expect(queryTerms('+61 (412) 555-019')).toEqual(['61412555019']);
  });
});

describe('editDistance', () => {
  it.each([
    ['john', 'john', 0],
    ['jonh', 'john', 1],
    ['jon', 'john', 1],
    ['smtih', 'smith', 1],
    ['kitten', 'sitting', 3],
  ])('%s → %s is %i edits', (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
  });

  it('stops early past the bound', () => {
    expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2);
  });
});
