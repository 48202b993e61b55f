import * as z from 'zod';
import type { GeminiParameters } from '../../registry/gemini-declarations.ts';

/** Name of the executor's own tool (000 Execute Plan 4: prompt the user for missing critical information). */
export const ASK_USER = 'ask_user';

/**
 * The kinds of question the executor can ask (issue 14, decision 1). The model picks a kind and names what it is
 * about; code renders the question, so neither the model nor booking data it read can word what the user is asked.
 * - missing_value: a required parameter of the current step the confirmed plan left open (never a sensitive one);
 * - choose: one of the options the booking API offered in the current step's last result (e.g. free slots);
 * - confirm_change: a condition changed since the user confirmed; yes or no.
 */
export const ASK_KINDS = ['missing_value', 'choose', 'confirm_change'] as const;
export type AskKind = (typeof ASK_KINDS)[number];

/** Arguments of ask_user; flat so Gemini accepts the declaration (docs/design-facts.md). */
export const AskUserArgs = z.object({
  kind: z.enum(ASK_KINDS),
  parameter: z.string().max(64).optional(),
  /** Checked by question-hint.ts (≤ 80 characters, sanitised); the schema only bounds the raw text. */
  hint: z.string().max(500).optional(),
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
      'Ask the user one question that the service words itself. Only for data within the confirmed request ' +
      '(a value listed in missing_required, a choice among options a tool result offered, or a yes/no on a ' +
      'changed condition); never to propose new actions, never for credentials, codes or payment details. ' +
      'Execution pauses until the answer.',
    parameters: {
      type: 'object',
      properties: {
        kind: {
          type: 'string',
          enum: [...ASK_KINDS],
          description:
            'missing_value: a parameter in missing_required of the current step; choose: one of the options the last tool result offered; confirm_change: yes/no on a changed condition.',
        },
        parameter: {
          type: 'string',
          description: 'missing_value and choose: the parameter name of the current step the answer fills.',
          maxLength: 64,
        },
        hint: {
          type: 'string',
          description: 'Optional short context shown after the question (at most 80 characters, no links).',
          maxLength: 80,
        },
      },
      required: ['kind'],
    } satisfies GeminiParameters,
  },
};
