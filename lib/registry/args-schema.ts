import * as z from 'zod';
import { IsoDate, IsoDateTime, LocalTime } from '../contracts/primitives.ts';
import { hasTemplate, parseTemplate, stepNumberOf } from '../contracts/template-grammar.ts';
import type { CompiledAction, CompiledValue } from './compiled-action.ts';
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

/** 000 Data Placeholders: a whole value `{{step_N.field}}` (N ≥ 1, one snake_case field), read by the one grammar. */
export const StepPlaceholder = z.string().refine(
  (value) => {
    const ref = parseTemplate(value.trim());
    const step = ref === undefined ? undefined : stepNumberOf(ref.scope);
    const [field, ...rest] = ref?.path ?? [];
    return (
      step !== undefined &&
      step >= 1 &&
      rest.length === 0 &&
      typeof field === 'string' &&
      /^[a-z][a-z0-9_]*$/.test(field)
    );
  },
  { message: 'must be a placeholder {{step_N.field}}' },
);

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

function numberSchema(parameter: CompiledValue): z.ZodType {
  const c = parameter.constraints ?? {};
  let schema = c.integer ? z.number().int() : z.number();
  if (c.minimum !== undefined) schema = schema.min(c.minimum);
  if (c.maximum !== undefined) schema = schema.max(c.maximum);
  return schema;
}

function stringSchema(parameter: CompiledValue): z.ZodType {
  const c = parameter.constraints ?? {};
  let schema = z.string();
  if (c.min_length !== undefined) schema = schema.min(c.min_length);
  if (c.max_length !== undefined) schema = schema.max(c.max_length);
  const pattern = c.pattern === undefined ? undefined : safeRegExp(c.pattern);
  if (pattern === undefined) return schema;
  return schema.refine((v) => pattern.test(v), { message: `must match ${c.pattern}` });
}

/**
 * Placeholders are resolved in whole top-level values only (000 Data Placeholders): one inside a list or an
 * object would reach the API as literal text, so nested text refuses them.
 */
function withoutTemplates(schema: z.ZodType): z.ZodType {
  return schema.refine((v) => !hasTemplate(v), {
    message: 'placeholders {{…}} are not resolved inside lists or objects: give the value itself',
  });
}

function arraySchema(value: CompiledValue): z.ZodType {
  const c = value.constraints ?? {};
  let schema = z.array(value.items === undefined ? z.unknown() : nestedSchema(value.items));
  if (c.min_items !== undefined) schema = schema.min(c.min_items);
  if (c.max_items !== undefined) schema = schema.max(c.max_items);
  return schema;
}

function objectSchema(value: CompiledValue): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  const ignored = value.ignored_fields ?? [];
  for (const name of ignored) shape[name] = z.unknown().optional();
  for (const field of value.fields ?? []) {
    const schema = nestedSchema(field).describe(modelFacingDescription(field));
    shape[field.name] = field.required ? schema : schema.optional();
  }
  // Strict, like the top level: a hallucinated nested field is named in the error, not silently sent. Fields
  // the spec declares but the registry hides (a pre-image read back whole has them) are dropped instead.
  const strict = z.strictObject(shape);
  if (ignored.length === 0) return strict;
  return strict.transform((object) => {
    const kept: Record<string, unknown> = { ...object };
    for (const name of ignored) delete kept[name];
    return kept;
  });
}

function nestedSchema(value: CompiledValue): z.ZodType {
  const schema = parameterSchema(value);
  return value.type === 'array' || value.type === 'object' ? schema : withoutTemplates(schema);
}

/** The zod schema of one parameter's value (or a nested value), by its type. */
export function parameterSchema(parameter: CompiledValue): z.ZodType {
  switch (parameter.type) {
    case 'array':
      return arraySchema(parameter);
    case 'object':
      return objectSchema(parameter);
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
 * error the model gets back. Formats and patterns are refinements, so for primitive parameters `z.toJSONSchema`
 * of this schema (as LangChain does for a zod tool schema) stays inside the Gemini subset once LangChain strips
 * `$schema` and `additionalProperties`. Declarations given to a model come from toFunctionDeclaration, which
 * also covers lists and objects.
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
