import * as z from 'zod';
import type { GeminiParameters } from '../../registry/gemini-declarations.ts';

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

/**
 * The ask_user declaration in the OpenAI tool format (LangChain converts it for every provider), written in the
 * flat JSON-Schema subset Gemini accepts, like the registry's declarations (gemini-declarations.ts).
 */
export const askUserTool = {
  type: 'function' as const,
  function: {
    name: ASK_USER,
    description:
      'Ask the user for information the confirmed plan needs but does not contain (for example a value left open). ' +
      'Only for data within the confirmed request; never to propose new actions. Execution pauses until the answer.',
    parameters: {
      type: 'object',
      properties: {
        question: {
          type: 'string',
          description: 'One short question for the user, about data the plan is missing.',
          minLength: 1,
          maxLength: 500,
        },
        parameter: {
          type: 'string',
          description: 'The parameter name the answer fills, when it fills one.',
          maxLength: 64,
        },
      },
      required: ['question'],
    } satisfies GeminiParameters,
  },
};
