/**
 * What goes in a date or time value, said once (issue 33). The system prompt's rule 4 says it; the date and time
 * parameters of every lookup, a lookup's `booking_id` and propose_plan's values refer to that rule (issue 32: the
 * policy was sent six times per call), and the lookup resolver (lib/planner/gate/lookup-when-args.ts) does what
 * they say. A model that read the prompt and the tools never has to choose between checking availability and
 * copying the user's words.
 * test/planner/prompt-tool-agreement.test.ts holds the prompt, the declarations and the resolver to them.
 */
export const WHEN_POLICY = {
  /** Rule 4: dates are words, read by code (000: smart defaults for dates; issue 15: never guessed). */
  copyWords:
    'Copy the user\'s words, the whole phrase with its verb ("Saturday", "the 3rd", "3pm", "push it back a week"); code resolves them. A date parameter may hold the whole phrase ("Saturday at 3pm"). Never compute a date or copy one from a lookup result (a pending plan\'s values stay as it shows them, rule 7).',
  /** Rule 4: a lookup has no step to read relative words against, so it is given the booking. */
  relativeToBooking:
    'Words relative to a booking ("same day", "keep the date", "the day after", "a week later", "two days later") and a time said without a date ("4pm") are read against that booking: a plan step\'s booking_id, or the booking_id of a lookup, which you then give.',
  /** Rule 4: an absolute time alone is a time-only change; its date parameter holds the same words. */
  timeOnly:
    'A change of time alone ("4pm", "an hour later") names no date: write the same words in the date parameter as in the time parameter (date "4pm", start_time "4pm"); code keeps the booking\'s date. A change of date alone ("move it to Friday") keeps the time: write "same time" in the time parameter. Never add a day the user did not say; a day they did say ("same day at 4pm", "Friday 4pm") is copied.',
} as const;

/**
 * What a date or time parameter's declaration says: rule 4 by reference, so the prompt and every declaration
 * agree without the policy being sent six times per call (issue 32: tokens).
 */
export const WHEN_PARAMETER_NOTE = "In the user's words, as rule 4 says.";

/** The name of the lookup parameter that says which booking relative date words are read against. */
export const LOOKUP_BOOKING_PARAM = 'booking_id';

/** The description of that parameter: when to give it, and nothing the rules do not say. */
export const LOOKUP_BOOKING_DESCRIPTION =
  'The booking that relative date words or a time alone are read against (rule 4); leave it out when the words name the date.';
