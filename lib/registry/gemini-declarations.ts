import type { CompiledAction, CompiledParameter } from './compiled-action.ts';
import { modelFacingDescription } from './parameter-description.ts';

export { argsSchema } from './args-schema.ts';

/**
 * One property of a Gemini function declaration. Only the subset Gemini accepts (DESIGN-NOTES "Gemini rejects
 * much of JSON Schema"): type, description, string enum, format date-time, minimum/maximum, minLength/maxLength.
 */
export interface GeminiProperty {
  type: 'string' | 'number' | 'integer' | 'boolean';
  description: string;
  enum?: string[];
  format?: 'date-time';
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

/** A flat object schema: no $ref, no unions, no additionalProperties. */
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

function baseProperty(parameter: CompiledParameter): Omit<GeminiProperty, 'description'> {
  const c = parameter.constraints ?? {};
  switch (parameter.type) {
    case 'number':
      return {
        type: c.integer ? 'integer' : 'number',
        ...(c.minimum === undefined ? {} : { minimum: c.minimum }),
        ...(c.maximum === undefined ? {} : { maximum: c.maximum }),
      };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'string', enum: [...(parameter.enum_values ?? [])] };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'string':
      return {
        type: 'string',
        ...(c.min_length === undefined ? {} : { minLength: c.min_length }),
        ...(c.max_length === undefined ? {} : { maxLength: c.max_length }),
      };
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
 * The function declaration for a model-visible action. Throws for a blocked action, because a blocked action
 * must never reach a model (000 Security).
 */
export function toFunctionDeclaration(action: CompiledAction): GeminiFunctionDeclaration {
  if (action.safety_tier === 'blocked') {
    throw new TypeError(`refusing to declare blocked action '${action.action_id}' to a model`);
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
