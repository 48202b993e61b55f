import { fc, it as prop } from '@fast-check/vitest';
import { parsePhoneNumberWithError } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import {
  displayPhone,
  isPhoneParameter,
  phoneCountryOf,
  phoneShapedRuns,
  phonesIn,
  readPhone,
  samePhone,
} from '../../lib/contacts/phone.ts';
import { normalizeProposal } from '../../lib/planner/gate/normalize-proposal.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';

describe('phoneCountryOf', () => {
  it.each([
    ['en-AU', 'AU'],
    ['en-US', 'US'],
    ['en-GB', 'GB'],
    ['en-NZ', 'NZ'],
    ['fr-FR', 'FR'],
    ['en', 'US'],
  ])('%s → %s', (locale, country) => {
    expect(phoneCountryOf(locale)).toBe(country);
  });

  it('names no country for a malformed locale', () => {
    expect(phoneCountryOf('not a locale')).toBeUndefined();
  });
});

describe('readPhone', () => {
  it.each([
    ['0412.345.678', 'en-AU', '+61412345678'],
    ['(04) 1234 5678', 'en-AU', '+61412345678'],
    ['0412 345 678', 'en-AU', '+61412345678'],
    ['0412-345-678', 'en-AU', '+61412345678'],
    ['+61 412 345 678', 'en-AU', '+61412345678'],
    ['+61412345678', 'en-AU', '+61412345678'],
    ['(02) 9876 5432', 'en-AU', '+61298765432'],
    ['+1 312 555 0142', 'en-AU', '+13125550142'],
    ['(312) 555-0142', 'en-US', '+13125550142'],
    ['312.555.0142', 'en-US', '+13125550142'],
    ['312-555-0142', 'en-US', '+13125550142'],
    ['020 7946 0958', 'en-GB', '+442079460958'],
    ['027 808 1122', 'en-NZ', '+64278081122'],
  ])('"%s" in %s is %s', (typed, locale, e164) => {
    // Act
    const reading = readPhone(typed, locale);

    // Assess
    expect(reading).toEqual({ ok: true, e164, country: expect.any(String) });
  });

  it.each([
    ['0412 345', 'invalid'],
    ['04123456789', 'invalid'],
    ['04l2 345 678', 'letters'],
    ['0412 345 678 ext 5', 'letters'],
    ['0412#345#678', 'not_a_number'],
    ['', 'not_a_number'],
    ['+', 'not_a_number'],
  ])('"%s" is refused: %s', (typed, reason) => {
    expect(readPhone(typed, 'en-AU')).toEqual({ ok: false, reason });
  });

  it.each([
    ['07700 900321', 'en-GB', '+447700900321'],
    ['+44-7700-900-321', 'en-GB', '+447700900321'],
    ['(01632) 960 123', 'en-GB', '+441632960123'],
    ['+44 7700 900 001', 'en-US', '+447700900001'],
  ])('"%s" in %s, a number Ofcom reserves for drama, is a whole UK number: %s', (typed, locale, e164) => {
    // Act
    const reading = readPhone(typed, locale);

    // Assess: libphonenumber calls these ranges unallocated; a made-up guest is given one in full.
    expect(reading).toEqual({ ok: true, e164, country: 'GB' });
    expect(phonesIn(`her number is ${typed} now`, locale)).toEqual(new Set([e164]));
  });

  it.each([['07700 90032'], ['07700 9003210'], ['07700 901321']])(
    '"%s", next to the drama range but not in it, is still refused',
    (typed) => {
      expect(readPhone(typed, 'en-GB')).toEqual({ ok: false, reason: 'invalid' });
    },
  );

  it('asks for the country code when the locale names no country', () => {
    expect(readPhone('0412 345 678', 'xx')).toEqual({ ok: false, reason: 'no_country' });
    expect(readPhone('+61 412 345 678', 'xx')).toMatchObject({ ok: true, e164: '+61412345678' });
  });
});

describe('samePhone', () => {
  it('takes the E.164 value and the booking API echo as the same number', () => {
    expect(samePhone('+61412345678', '+61 412 345 678', 'en-AU')).toBe(true);
    expect(samePhone('+61412345678', '0412 345 678', 'en-AU')).toBe(true);
  });

  it('tells different numbers apart, and never equates what is no number', () => {
    expect(samePhone('+61412345678', '+61 412 345 679', 'en-AU')).toBe(false);
    expect(samePhone('0412 345', '0412 345', 'en-AU')).toBe(false);
  });
});

describe('displayPhone', () => {
  it.each([
    ['+61412345678', 'en-AU', '0412 345 678'],
    ['+61 2 9876 5432', 'en-AU', '(02) 9876 5432'],
    ['+13125550142', 'en-AU', '+1 312 555 0142'],
    ['+13125550142', 'en-US', '(312) 555-0142'],
    ['+442079460958', 'en-GB', '020 7946 0958'],
    ['0412 345', 'en-AU', '0412 345'],
  ])('%s in %s shows as %s', (value, locale, shown) => {
    expect(displayPhone(value, locale)).toBe(shown);
  });
});

describe('phonesIn', () => {
  it('finds every number the user typed, in any common form, as E.164', () => {
    // Act
    const found = phonesIn('not 0412.345.678 but (02) 9876 5432, or +1 312 555 0142', 'en-AU');

    // Assess
    expect([...found].sort()).toEqual(['+13125550142', '+61298765432', '+61412345678']);
  });

  it('finds nothing in dates, references and short numbers', () => {
    expect(phonesIn('move BK-1045 on 2026-12-20 at 10:30 for 12 guests, ref 2026-0418', 'en-AU').size).toBe(
      0,
    );
  });
});

describe('phoneShapedRuns', () => {
  it('keeps a typed number whole, parentheses and slips included', () => {
    expect(phoneShapedRuns('phone to (04) 1234 5678').map((r) => r.text)).toEqual(['(04) 1234 5678']);
    expect(phoneShapedRuns('phone to 04l2 345 678').map((r) => r.text)).toEqual(['04l2 345 678']);
    expect(phoneShapedRuns('on 12.12.2026 at 1030').map((r) => r.text)).toEqual([]);
  });
});

describe('isPhoneParameter', () => {
  it.each([
    [{ name: 'phone', type: 'string' }, true],
    [{ name: 'guest_phone', type: 'string' }, true],
    [{ name: 'mobile_number', type: 'string' }, true],
    [{ name: 'contact', type: 'string', constraints: { format: 'tel' } }, true],
    [{ name: 'phone', type: 'number' }, false],
    [{ name: 'phone_verified', type: 'string' }, false],
    [{ name: 'email', type: 'string' }, false],
  ])('%j → %s', (param, expected) => {
    expect(isPhoneParameter(param)).toBe(expected);
  });
});

/**
 * Issue 30's property: for any valid number of AU, US, GB or NZ and any of its common typed forms, the planner's
 * normalised value (normalizeProposal, in the venue's locale) is that number's one E.164 string.
 */
describe('normalizeProposal: any common form of a valid number is one E.164 value', () => {
  const registry = loadCompiledRegistry();
  const LOCALES = { AU: 'en-AU', US: 'en-US', GB: 'en-GB', NZ: 'en-NZ' } as const;
  type Country = keyof typeof LOCALES;
  const digits = (n: number) =>
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
  /** National significant numbers near each country's ranges, kept when libphonenumber says they are valid. */
  const nsn: Record<Country, fc.Arbitrary<string>> = {
    AU: fc.tuple(fc.constantFrom('4', '2', '3', '7', '8'), digits(8)).map(([a, b]) => a + b),
    US: fc
      .tuple(fc.integer({ min: 2, max: 9 }), digits(2), fc.integer({ min: 2, max: 9 }), digits(6))
      .map((p) => p.join('')),
    GB: fc.tuple(fc.constantFrom('7', '20'), digits(8)).map(([a, b]) => (a === '7' ? `${a}${b}0` : a + b)),
    NZ: fc.tuple(fc.constantFrom('21', '22', '27', '3', '4', '9'), digits(7)).map(([a, b]) => a + b),
  };
  const validNumber = fc
    .constantFrom<Country>('AU', 'US', 'GB', 'NZ')
    .chain((country) => nsn[country].map((n) => ({ country, text: n })))
    .map(({ country, text }) => ({ country, number: parsePhoneNumberWithError(text, country) }))
    .filter(({ country, number }) => number.isValid() && number.country === country);

  /** The forms people type: national as formatted, bare, with dots, dashes, parentheses; international. */
  function typedForms(number: ReturnType<typeof parsePhoneNumberWithError>): string[] {
    const national = number.formatNational();
    const groups = national.split(/\D+/).filter(Boolean);
    const [first = '', ...rest] = groups;
    return [
      national,
      groups.join(''),
      groups.join('.'),
      groups.join('-'),
      `(${first}) ${rest.join(' ')}`,
      number.formatInternational(),
      number.number,
      number.formatInternational().replace(/ /g, '.'),
    ];
  }

  prop.prop([validNumber, fc.nat()])(
    'every typed form normalises to the same E.164',
    ({ country, number }, pick) => {
      // Prepare
      const forms = typedForms(number);
      const typed = forms[pick % forms.length] ?? '';
      const venue = { now: new Date('2026-03-11T01:00:00Z'), timeZone: 'UTC', locale: LOCALES[country] };

      // Act
      const proposal = normalizeProposal(
        [
          {
            action_id: 'updateContactDetails',
            parameters: [
              { name: 'booking_id', value: 'bk_1045' },
              { name: 'phone', value: typed },
            ],
          },
        ],
        registry,
        venue,
      );

      // Assess
      expect(proposal.errors).toEqual([]);
      expect(proposal.steps[0]?.parameters.phone).toBe(number.number);
    },
  );
});
