/**
 * What goes in a date or time value, said once (issue 33). The system prompt's rules 4 and 11, the date and time
 * parameters of every lookup, a lookup's `booking_id` and propose_plan's values quote these sentences word for
 * word, and the lookup resolver (lib/planner/gate/lookup-when-args.ts) does what they say. A model that read the
 * prompt and the tools never has to choose between checking availability and copying the user's words.
 * test/planner/prompt-tool-agreement.test.ts holds the prompt, the declarations and the resolver to them.
 */
export const WHEN_POLICY = {
  /** Rule 4: dates are words, read by code (000: smart defaults for dates; issue 15: never guessed). */
  copyWords:
    'Copy the user\'s words, the whole phrase with its verb ("Saturday", "the 3rd", "3pm", "the day after", "push it back a week"); code resolves them. A date parameter may hold the whole phrase ("Saturday at 3pm"): code reads the date from it. Never compute a date or copy one from a lookup result.',
  /** Rule 4: a lookup has no step to read relative words against, so it is given the booking. */
  relativeToBooking:
    'Words relative to a booking ("same day", "keep the date", "the day after", "a week later", "two days later") and a time said without a date ("4pm") are read against that booking: a plan step\'s booking_id, or the booking_id of a lookup, which you then give.',
  /** Rule 11: an absolute time alone is a time-only change; its date parameter holds the same words. */
  timeOnly:
    'A change of time alone ("4pm", "an hour later") names no date: write the same words in the date parameter as in the time parameter (date "4pm", start_time "4pm"); code keeps the booking\'s date. When you adjust a pending plan\'s step (rule 8), keep that step\'s date as the pending plan shows it and change only the time. Never add "same day" or the booking\'s date yourself (a "same day" the user said is their words: copy it). A change of date alone ("move it to Friday") keeps the booking\'s time: write "same time" in the time parameter.',
} as const;

/** The name of the lookup parameter that says which booking relative date words are read against. */
export const LOOKUP_BOOKING_PARAM = 'booking_id';

/** The description of that parameter: when to give it, and nothing the rules do not say. */
export const LOOKUP_BOOKING_DESCRIPTION = `The booking the date words are relative to. ${WHEN_POLICY.relativeToBooking} Leave it out when the words name the date ("Saturday", "the 3rd").`;
