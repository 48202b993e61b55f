import { z } from 'zod';

/** Name of the executor's own tool (000 Execute Plan 4: prompt the user for missing critical information). */
export const ASK_USER = 'ask_user';

/** Arguments of ask_user; flat so Gemini accepts the declaration (DESIGN-NOTES). */
export const AskUserArgs = z.object({
  question: z
    .string()
    .min(1)
    .max(500)
    .describe('One short question for the user, about data the plan is missing.'),
  parameter: z
    .string()
    .max(64)
    .optional()
    .describe('The parameter name the answer fills, when it fills one.'),
});
export type AskUserArgs = z.infer<typeof AskUserArgs>;

/** The ask_user declaration in the OpenAI tool format, which LangChain converts for every provider. */
export const askUserTool = {
  type: 'function' as const,
  function: {
    name: ASK_USER,
    description:
      'Ask the user for information the confirmed plan needs but does not contain (for example a value left open). ' +
      'Only for data within the confirmed request; never to propose new actions. Execution pauses until the answer.',
    parameters: z.toJSONSchema(AskUserArgs, { target: 'openapi-3.0' }),
  },
};
