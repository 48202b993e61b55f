import * as z from 'zod';
import { IsoDate, IsoDateTime, LocalTime } from '../contracts/primitives.ts';
import type { CompiledAction, CompiledParameter } from './compiled-action.ts';
import { modelFacingDescription } from './parameter-description.ts';

/** Options for {@link argsSchema}. */
export interface ArgsSchemaOptions {
  /**
   * Also accept a `{{step_N.field}}` placeholder (000 Data Placeholders) in place of any value: for validating
   * plan steps, whose later parameters may depend on earlier outputs. Default false (executor arguments).
   * The union becomes `anyOf` in JSON Schema, so don't hand a placeholder schema to a model.
   */
  placeholders?: boolean;
}

/** 000 Data Placeholders: `{{step_N.field}}`. */
export const StepPlaceholder = z
  .string()
  .regex(/^\{\{\s*step_[1-9]\d*\.[a-z][a-z0-9_]*\s*\}\}$/, 'must be a placeholder {{step_N.field}}');

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/**
 * A string checked by another schema through a refinement: refinements don't show up in JSON Schema, so the
 * converted schema carries no `format`/`pattern` that Gemini would reject.
 */
function checkedString(check: z.ZodType, message: string): z.ZodType {
  return z.string().refine((v) => check.safeParse(v).success, { message });
}

function numberSchema(parameter: CompiledParameter): z.ZodType {
  const c = parameter.constraints ?? {};
  let schema = c.integer ? z.number().int() : z.number();
  if (c.minimum !== undefined) schema = schema.min(c.minimum);
  if (c.maximum !== undefined) schema = schema.max(c.maximum);
  return schema;
}

function stringSchema(parameter: CompiledParameter): z.ZodType {
  const c = parameter.constraints ?? {};
  let schema = z.string();
  if (c.min_length !== undefined) schema = schema.min(c.min_length);
  if (c.max_length !== undefined) schema = schema.max(c.max_length);
  const pattern = c.pattern === undefined ? undefined : safeRegExp(c.pattern);
  if (pattern === undefined) return schema;
  return schema.refine((v) => pattern.test(v), { message: `must match ${c.pattern}` });
}

/** The zod schema of one parameter's value, by its 001 primitive type. */
export function parameterSchema(parameter: CompiledParameter): z.ZodType {
  switch (parameter.type) {
    case 'number':
      return numberSchema(parameter);
    case 'boolean':
      return z.boolean();
    case 'date':
      return checkedString(IsoDate, 'must be an ISO date YYYY-MM-DD');
    case 'datetime':
      return checkedString(IsoDateTime, 'must be an ISO 8601 UTC datetime, e.g. 2024-03-15T14:30:00Z');
    case 'time':
      return checkedString(LocalTime, 'must be a 24-hour time HH:MM');
    case 'enum':
      return z.enum(parameter.enum_values ?? []);
    default:
      return stringSchema(parameter);
  }
}

/**
 * A strict zod object for an action's snake_case arguments: required/optional, 001 date/time/datetime formats,
 * enums and the OpenAPI constraints. Unknown keys are rejected so a hallucinated parameter is named in the
 * error the model gets back. Formats and patterns are refinements, so `z.toJSONSchema` of this schema (as
 * LangChain does for a zod tool schema) stays inside the Gemini subset once LangChain strips `$schema` and
 * `additionalProperties`. toFunctionDeclaration gives the same shape directly.
 */
export function argsSchema(action: CompiledAction, options: ArgsSchemaOptions = {}): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const parameter of action.parameters) {
    const value = parameterSchema(parameter).describe(modelFacingDescription(parameter));
    const accepted = options.placeholders ? z.union([value, StepPlaceholder]) : value;
    shape[parameter.name] = parameter.required ? accepted : accepted.optional();
  }
  return z.strictObject(shape);
}
