import { isLocalTime } from '../contracts/primitives.ts';
import { formatCandidate, orList } from './format-when.ts';
import type { WhenOutcome } from './when-outcome.ts';

/** One clarifying question for a phrase that did not resolve, and the candidates as ready-to-send replies. */
export interface WhenQuestion {
  question: string;
  /** Each candidate as the user would send it back ("Sat 28 Nov"); the resolver reads each one to that value. */
  suggestions: string[];
  /** What was unclear, for the clarification trace event. */
  unclear: 'date' | 'time';
}

/** What the question asks for when it cannot offer candidates. */
export type Needed = 'date' | 'time' | 'date and time';

type Asked = Exclude<WhenOutcome, { kind: 'value' }>;

/**
 * The fixed mapping from a resolver outcome to the user's question (issue 15): it names the user's words and the
 * candidates, and never carries internal validation text. `thisYear` shows years only when they differ.
 */
export function whenQuestion(outcome: Asked, needed: Needed, thisYear?: number): WhenQuestion {
  const words = `“${outcome.phrase}”`;
  const candidates = outcome.kind === 'ambiguous' ? outcome.candidates : [];
  const shown = candidates.map((c) => formatCandidate(c, thisYear));
  // "17pm that day" in a date parameter is no time of day: the time is what is missing. A datetime asks for both.
  const part = outcome.kind === 'unreadable' ? UNREADABLE_PART[outcome.reason] : undefined;
  const asked = needed === 'date and time' ? needed : (part ?? needed);
  const unclear =
    candidates.every(isLocalTime) && candidates.length > 0 ? 'time' : asked === 'time' ? 'time' : 'date';
  const which = `Which ${asked} do you mean?`;
  return { question: sentence(outcome, words, shown, which), suggestions: shown, unclear };
}

/** The part an unreadable phrase leaves open, when its reason names one. */
const UNREADABLE_PART: Partial<Record<string, Needed>> = { not_a_time: 'time', not_a_date: 'date' };

function sentence(outcome: Asked, words: string, shown: string[], which: string): string {
  if (outcome.kind === 'unreadable') {
    switch (outcome.reason) {
      case 'not_a_date':
        return `${words} is not a date in the calendar. ${which}`;
      case 'not_a_time':
        return `${words} is not a time of day. ${which}`;
      case 'needs_booking':
        return `${words} is relative to the booking, and I don't know its date and time. ${which}`;
      case 'vague':
        return `${words} covers more than one day. ${which}`;
      case 'not_observed':
        return `I don't know which day ${words} is at this venue. ${which}`;
      default:
        return `I couldn't read ${words} as a date or time. ${which}`;
    }
  }
  const options = orList(shown);
  switch (outcome.reason) {
    case 'past':
      return `${words} is in the past. ${which}`;
    case 'past_year':
    case 'recently_past':
      return shown.length > 0
        ? `${words} has already passed this year. Did you mean ${options}, or another date?`
        : `${words} is in the past. ${which}`;
    case 'weekday_mismatch':
      return shown.length > 1
        ? `In ${words} the weekday and the day of the month disagree. Did you mean ${options}?`
        : `In ${words} the weekday and the day of the month disagree. ${which}`;
    case 'other_order':
      return shown.length > 0
        ? `${words} is not a date in the order this venue writes dates. Did you mean ${options}, or another date?`
        : `${words} is not a date in the order this venue writes dates. ${which}`;
    case 'day_or_hour':
      return `In ${words}, is the number a day of the month or a time? ${which}`;
    case 'year_or_time':
      return `In ${words}, is the four-digit number a year or a time? ${which}`;
    case 'span':
      return shown.length > 1
        ? `${words} covers more than one day: ${options}. Which one do you mean?`
        : `${words} covers more than one day. ${which}`;
    default:
      return shown.length > 1
        ? `${words} could mean ${options}. Which one do you mean?`
        : `${words} is not clear. ${which}`;
  }
}

/** The question when a phrase resolved but says nothing of what the parameter needs ("3pm" for a date). */
export function missingWhenQuestion(phrase: string, needed: Needed): WhenQuestion {
  return {
    question: `“${phrase}” doesn't say which ${needed}. Which ${needed} do you mean?`,
    suggestions: [],
    unclear: needed === 'time' ? 'time' : 'date',
  };
}

/**
 * "2:30" on the night the clocks change: skipped or passed twice, so it names no single moment to send. Without a
 * phrase (a blocking-prompt answer, which is never quoted back) the question starts with the clocks.
 */
export function clockChangeQuestion(time: string, phrase?: string): WhenQuestion {
  const clocks = `clocks change at ${time} that day in the venue's timezone, so it is not one moment. Which time do you mean?`;
  return {
    question: phrase === undefined ? `The ${clocks}` : `“${phrase}”: the ${clocks}`,
    suggestions: [],
    unclear: 'time',
  };
}

/**
 * "Sunday morning" against the product's sessions that day: exactly one session in that part of the day is taken
 * without asking; otherwise this question offers the sessions in it, or the day's sessions when none is.
 */
export function sessionQuestion(
  phrase: string,
  part: string,
  day: string,
  inPart: string[],
  all: string[],
): WhenQuestion {
  if (inPart.length > 1) {
    return {
      question: `“${phrase}”: there are several ${part} sessions on ${day}: ${orList(inPart)}. Which one do you mean?`,
      suggestions: inPart,
      unclear: 'time',
    };
  }
  if (all.length > 0) {
    return {
      question: `There is no ${part} session on ${day}. Sessions that day: ${orList(all)}. Which one do you mean?`,
      suggestions: all,
      unclear: 'time',
    };
  }
  return { question: `“${phrase}”: which time on ${day} do you mean?`, suggestions: [], unclear: 'time' };
}
