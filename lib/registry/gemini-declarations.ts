import type { CompiledAction, CompiledField, CompiledParameter, CompiledValue } from './compiled-action.ts';
import { modelFacingDescription } from './parameter-description.ts';

export { argsSchema } from './args-schema.ts';

/**
 * One property of a Gemini function declaration. Only the subset Gemini accepts (docs/design-facts.md "Gemini rejects
 * much of JSON Schema"): type, description, string enum, format date-time, minimum/maximum, minLength/maxLength,
 * and (issue 17) nested `items` and `properties`: no $ref, unions, nullable type arrays or const.
 */
export interface GeminiProperty {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  description?: string;
  enum?: string[];
  format?: 'date-time';
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: GeminiProperty;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, GeminiProperty>;
  required?: string[];
}

/** The top-level object schema: no $ref, no unions, no additionalProperties. */
export interface GeminiParameters {
  type: 'object';
  properties: Record<string, GeminiProperty>;
  required?: string[];
}

/** A function declaration as Gemini's `tools[0].functionDeclarations[]` expects it. */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  /** Always present (an action without parameters gets an empty flat object), so callers need no branch. */
  parameters: GeminiParameters;
}

function objectProperty(fields: readonly CompiledField[]): Omit<GeminiProperty, 'description'> {
  const properties: Record<string, GeminiProperty> = {};
  for (const field of fields)
    properties[field.name] = { ...baseProperty(field), description: modelFacingDescription(field) };
  const required = fields.filter((f) => f.required).map((f) => f.name);
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

function baseProperty(value: CompiledValue): Omit<GeminiProperty, 'description'> {
  const c = value.constraints ?? {};
  switch (value.type) {
    case 'number':
      return {
        type: c.integer ? 'integer' : 'number',
        ...(c.minimum === undefined ? {} : { minimum: c.minimum }),
        ...(c.maximum === undefined ? {} : { maximum: c.maximum }),
      };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'string', enum: [...(value.enum_values ?? [])] };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'string':
      return {
        type: 'string',
        ...(c.min_length === undefined ? {} : { minLength: c.min_length }),
        ...(c.max_length === undefined ? {} : { maxLength: c.max_length }),
      };
    case 'array':
      return {
        type: 'array',
        ...(value.items === undefined ? {} : { items: baseProperty(value.items) }),
        ...(c.min_items === undefined ? {} : { minItems: c.min_items }),
        ...(c.max_items === undefined ? {} : { maxItems: c.max_items }),
      };
    case 'object':
      return objectProperty(value.fields ?? []);
    default:
      // date and time: plain strings, the format lives in the description.
      return { type: 'string' };
  }
}

/** The Gemini-safe property for one action parameter. */
export function toGeminiProperty(parameter: CompiledParameter): GeminiProperty {
  return { ...baseProperty(parameter), description: modelFacingDescription(parameter) };
}

/**
 * The function declaration for a model-visible action. Throws for a blocked or execution-only action, because
 * neither may ever reach a model (000 Security; 001 iq_enabled).
 */
export function toFunctionDeclaration(action: CompiledAction): GeminiFunctionDeclaration {
  if (action.safety_tier === 'blocked') {
    throw new TypeError(`refusing to declare blocked action '${action.action_id}' to a model`);
  }
  if (action.execution_only) {
    throw new TypeError(`refusing to declare execution-only action '${action.action_id}' to a model`);
  }
  const properties: Record<string, GeminiProperty> = {};
  for (const parameter of action.parameters) properties[parameter.name] = toGeminiProperty(parameter);
  const required = action.parameters.filter((p) => p.required).map((p) => p.name);
  return {
    name: action.action_id,
    description: action.description,
    parameters: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
  };
}
