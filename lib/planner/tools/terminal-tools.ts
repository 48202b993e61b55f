import * as z from 'zod';

/** Names of the tools that end a planning turn; everything else bound is a read-only lookup. */
export const TERMINAL_TOOL_NAMES = [
  'propose_plan',
  'ask_clarification',
  'decline',
  'cancel_request',
] as const;
export type TerminalToolName = (typeof TERMINAL_TOOL_NAMES)[number];

export function isTerminalToolName(name: string): name is TerminalToolName {
  return (TERMINAL_TOOL_NAMES as readonly string[]).includes(name);
}

/**
 * A plan step's parameters as a flat list of {name, value} pairs, every value a string. Gemini rejects free maps
 * (z.record → propertyNames) and unions (docs/design-facts.md), and a per-action typed schema would be a union. Values
 * are coerced by the registry's parameter types afterwards: "4" → 4, "true" → true, and date/time phrases
 * ("Saturday", "3pm") are resolved in the venue's timezone. A value may be a placeholder {{step_N.field}}.
 */
export const StepParameter = z.object({
  name: z.string().describe('Parameter name exactly as listed for the action, e.g. booking_id.'),
  value: z
    .string()
    .describe(
      "The value as text, or {{step_N.field}} (rule 6). Dates and times in the user's words, as rule 4 says.",
    ),
});

/** propose_plan: the plan's steps, in execution order. */
export function proposePlanSchema(actionIds: readonly string[]) {
  const actionId =
    actionIds.length > 0
      ? z
          .enum(actionIds as [string, ...string[]])
          .describe('One of the plan actions listed in the instructions.')
      : z.string().describe('One of the plan actions listed in the instructions.');
  return z.object({
    steps: z
      .array(z.object({ action_id: actionId, parameters: z.array(StepParameter) }))
      .min(1)
      .describe(
        'Ordered steps; step 1 first. Changes are only proposed here, never executed while planning.',
      ),
  });
}

/** ask_clarification: exactly one question (000 Planning Rules 4). */
export const AskClarificationArgs = z.object({
  question: z
    .string()
    .min(1)
    .describe('One short question for the user: the most important missing thing first.'),
  missing: z
    .enum(['booking', 'action', 'guest_count', 'contact_details', 'date', 'time', 'other'])
    .describe('What is unclear or missing.'),
  candidate_booking_ids: z
    .array(z.string())
    .optional()
    .describe('When several bookings match: their booking_id values, so the user can pick one.'),
});
export type AskClarificationArgs = z.infer<typeof AskClarificationArgs>;

/** decline: the request is outside what the listed actions can do. */
export const DeclineArgs = z.object({
  message: z.string().min(1).describe('Tell the user briefly why, and what you can help with.'),
});
export type DeclineArgs = z.infer<typeof DeclineArgs>;

/** cancel_request: the user cancels or changes their mind (seed 002). */
export const CancelRequestArgs = z.object({
  message: z.string().optional().describe('Optional short acknowledgement.'),
});
export type CancelRequestArgs = z.infer<typeof CancelRequestArgs>;

export const TERMINAL_TOOL_DESCRIPTIONS: Readonly<Record<TerminalToolName, string>> = {
  propose_plan:
    'Propose the complete plan of changes for the user to confirm. Call it only when the booking is identified and every required value is known.',
  ask_clarification:
    'Ask the user one question when the booking, the change, a guest count or contact detail is missing or ambiguous.',
  decline: 'Decline a request that none of the listed actions can fulfil, saying what you can help with.',
  cancel_request: 'The user cancels, says never mind, or changes their mind: drop the current request.',
};
