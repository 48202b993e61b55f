import type { ToolDefinition } from '@langchain/core/language_models/base';
import * as z from 'zod';
import { isWhenType } from '../../contracts/primitives.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import { type GeminiProperty, toFunctionDeclaration } from '../../registry/gemini-declarations.ts';
import {
  LOOKUP_BOOKING_DESCRIPTION,
  LOOKUP_BOOKING_PARAM,
  WHEN_PARAMETER_NOTE,
} from '../prompt/when-policy.ts';
import { addsLookupBooking } from './lookup-booking.ts';
import {
  AskClarificationArgs,
  CancelRequestArgs,
  DeclineArgs,
  proposePlanSchema,
  TERMINAL_TOOL_DESCRIPTIONS,
  type TerminalToolName,
} from './terminal-tools.ts';

/**
 * Tools are bound as provider-neutral function definitions (OpenAI shape, which @langchain/google-genai turns
 * into functionDeclarations). Lookups use the registry's Gemini-safe declaration; terminal tools are zod
 * schemas kept inside the Gemini subset (flat objects, string enums, optional fields, no unions or maps).
 */
export function lookupToolDefinition(action: CompiledAction): ToolDefinition {
  const declaration = toFunctionDeclaration(action);
  const properties: Record<string, GeminiProperty> = { ...declaration.parameters.properties };
  const takesWhen = action.parameters.some((p) => isWhenType(p.type));
  for (const parameter of action.parameters) {
    const property = properties[parameter.name];
    if (property && isWhenType(parameter.type))
      properties[parameter.name] = { ...property, description: whenDescription(parameter.description) };
    // An action's own booking_id is the booking its date words are read against (issue 33).
    if (property && takesWhen && parameter.name === LOOKUP_BOOKING_PARAM)
      properties[parameter.name] = {
        ...property,
        description: `${parameter.description} ${LOOKUP_BOOKING_DESCRIPTION}`.trim(),
      };
  }
  if (addsLookupBooking(action))
    properties[LOOKUP_BOOKING_PARAM] = { type: 'string', description: LOOKUP_BOOKING_DESCRIPTION };
  return {
    type: 'function',
    function: {
      name: declaration.name,
      description: declaration.description,
      parameters: { ...declaration.parameters, properties },
    },
  };
}

/**
 * A lookup's date or time parameter points at rule 4 (lib/planner/prompt/when-policy.ts): the planner reads every
 * lookup's dates through lib/dates before calling the API. The spec's own format hint is dropped (issue 18:
 * "YYYY-MM-DD" told the model to compute dates, against the prompt).
 */
function whenDescription(description: string): string {
  const plain = description
    .replace(/\s*\((YYYY-MM-DD|HH:MM)\)/g, '')
    .replace(/\s*Format [^.]*\./g, '')
    .trim();
  return [plain, WHEN_PARAMETER_NOTE].filter(Boolean).join(' ');
}

/** The four terminal tools; propose_plan's action_id is restricted to the bound plan actions. */
export function terminalToolDefinitions(planActionIds: readonly string[]): ToolDefinition[] {
  const schemas: Record<TerminalToolName, z.ZodType> = {
    propose_plan: proposePlanSchema(planActionIds),
    ask_clarification: AskClarificationArgs,
    decline: DeclineArgs,
    cancel_request: CancelRequestArgs,
  };
  return (Object.keys(schemas) as TerminalToolName[]).map((name) => ({
    type: 'function',
    function: {
      name,
      description: TERMINAL_TOOL_DESCRIPTIONS[name],
      parameters: geminiSafeJsonSchema(schemas[name]),
    },
  }));
}

/**
 * JSON Schema of a zod schema without the keys Gemini rejects and LangChain may not strip everywhere
 * ($schema, additionalProperties). Our terminal schemas avoid the other forbidden constructs by design.
 */
export function geminiSafeJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return strip(z.toJSONSchema(schema, { io: 'input' })) as Record<string, unknown>;
}

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === 'additionalProperties') continue;
    out[key] = strip(value);
  }
  return out;
}
