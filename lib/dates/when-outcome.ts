/** A part of the day, kept as such when no clock time was said ("Saturday morning"). */
export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening', 'night'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

/**
 * What a phrase determines, venue-local: `date` YYYY-MM-DD, `time` HH:MM (24-hour), `part_of_day` only when no
 * clock time was said. A key is present only when the phrase itself decides it ("3pm" has no date).
 */
export interface WhenValue {
  date?: string;
  time?: string;
  part_of_day?: PartOfDay;
}

/** Why a phrase needs a question although it was read. Each reason has one fixed question (when-question.ts). */
export type AskReason =
  | 'next_weekday' // "next Saturday" while Saturday is still ahead this week: this one or next week's?
  | 'this_weekday_today' // "this Monday" said on a Monday
  | 'week_start' // "Tuesday next week" where Sunday- and Monday-start weeks disagree
  | 'weekday_mismatch' // "Monday the 4th" when the 4th is a Friday
  | 'conflict' // two different dates or times in one phrase
  | 'today_or_later' // "the 23rd" said on the 23rd
  | 'recently_past' // "10 November" said on 23 November: a slip, or next year?
  | 'past' // yesterday, last Saturday, 9am today at 10am
  | 'past_year' // "4 January 2026" typed on 30 December 2026
  | 'span' // a weekend, "end of the month": several days
  | 'named_day' // "New Year's": Eve or Day?
  | 'fortnight_calque' // "in 15 days" from a French speaker: 14 or 15?
  | 'day_or_hour' // "Saturday 5": the 5th or 5 o'clock?
  | 'year_or_time' // "2026 December 5": a year, or 20:26?
  | 'am_or_pm' // "at 9": 09:00 and 21:00 are both open hours
  | 'night_hour' // "3am", "12am": explicit but outside any venue's day
  | 'midnight_edge' // "Saturday midnight": start or end of Saturday?
  | 'direction' // "push it back an hour": later or earlier?
  | 'other_order' // "13/5" in an en-US venue: only the day/month order makes a date; meant, or a typo?
  | 'time_outside_part'; // "9 in the afternoon"

/** Why a phrase could not be read at all. */
export type UnreadableReason =
  | 'not_a_date' // 31 November, 13/13
  | 'not_a_time' // 25:00, 4:60
  | 'needs_booking' // "an hour later" with no booking to be later than
  | 'vague' // "end of the month", "early December": no single day
  | 'not_observed' // a named day the venue's country does not observe
  | 'unknown_words'; // anything the rules do not cover

/** A candidate reading: "YYYY-MM-DD", "HH:MM" or "YYYY-MM-DDTHH:MM". */
export type Candidate = string;

/** Exactly one of three outcomes; the resolver never guesses (issue 15). */
export type WhenOutcome =
  | {
      kind: 'value';
      phrase: string;
      value: WhenValue;
      /** True when the value depends on now or on the booking ("Saturday", "an hour later"), not only on the words. */
      relative: boolean;
    }
  | {
      kind: 'ambiguous';
      phrase: string;
      reason: AskReason;
      candidates: Candidate[];
      /** Which half of the value is unclear. */
      about: 'date' | 'time';
      /** What the phrase does settle ("next Saturday at 2pm": the time, 14:00), for a parameter that needs only that. */
      settled?: WhenValue;
    }
  | { kind: 'unreadable'; phrase: string; reason: UnreadableReason };

/** The booking a phrase may be relative to ("same day", "an hour later"): its current date and start time. */
export interface BookingWhen {
  date?: string;
  time?: string;
}

/** Everything a phrase is read against. */
export interface WhenContext {
  /** The injected clock's instant. */
  now: Date;
  /** The venue's IANA timezone (VENUE_TIMEZONE). */
  timeZone: string;
  /** The venue's BCP-47 locale (VENUE_LOCALE): day/month order, week start, named days, French. */
  locale: string;
  booking?: BookingWhen;
}

/** The venue's clock: now, timezone and locale (a WhenContext without a booking). */
export type VenueClock = Omit<WhenContext, 'booking'>;
