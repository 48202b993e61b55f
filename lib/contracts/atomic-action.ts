import * as z from 'zod';
import { ParameterType, SafetyTier } from './enums.ts';
import { lazySchema } from './lazy-schema.ts';
import { SnakeCase } from './primitives.ts';

/** Additive (issue 17): the shape of a list item (`items`) or of an object's fields (`fields`). */
export interface ValueShape {
  type: ParameterType;
  description?: string | undefined;
  enum_values?: string[] | undefined;
  items?: ValueShape | undefined;
  fields?: FieldShape[] | undefined;
}
/** One named field of an `object` value. */
export interface FieldShape extends ValueShape {
  name: string;
  required: boolean;
}

export const ValueShape: z.ZodType<ValueShape> = z.lazy(() =>
  z.object({
    type: ParameterType,
    description: z.string().max(200).optional(),
    enum_values: z.array(z.string()).min(1).optional(),
    items: ValueShape.optional(),
    fields: z.array(FieldShape).optional(),
  }),
);
export const FieldShape: z.ZodType<FieldShape> = z.lazy(() =>
  z.object({
    name: SnakeCase,
    required: z.boolean(),
    type: ParameterType,
    description: z.string().max(200).optional(),
    enum_values: z.array(z.string()).min(1).optional(),
    items: ValueShape.optional(),
    fields: z.array(FieldShape).optional(),
  }),
);

/** 001 Action Parameter, as a plain object so adapters can extend it. */
export const ActionParameterShape = lazySchema(() =>
  z.object({
    name: SnakeCase,
    type: ParameterType,
    required: z.boolean(),
    description: z.string().max(200),
    enum_values: z.array(z.string()).min(1).optional(),
    default: z.unknown().optional(),
    /** Additive: the item shape of an `array` parameter. */
    items: ValueShape.optional(),
    /** Additive: the fields of an `object` parameter. */
    fields: z.array(FieldShape).optional(),
  }),
);

/** What every parameter (or nested value) of a given type must carry. */
export function shapeProblem(p: {
  type: ParameterType;
  enum_values?: unknown[] | undefined;
  items?: unknown;
  fields?: unknown[] | undefined;
}): { message: string; path: string } | undefined {
  if (p.type === 'enum' && (p.enum_values?.length ?? 0) === 0)
    return { message: 'an enum parameter needs enum_values', path: 'enum_values' };
  if (p.type === 'array' && p.items === undefined)
    return { message: 'an array parameter needs items', path: 'items' };
  if (p.type === 'object' && (p.fields?.length ?? 0) === 0)
    return { message: 'an object parameter needs fields', path: 'fields' };
  return undefined;
}

/** 001 Action Parameter. */
export const ActionParameter = lazySchema(() =>
  ActionParameterShape.superRefine((p, ctx) => {
    const problem = shapeProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  }),
);
export type ActionParameter = z.infer<typeof ActionParameter>;

/** 001 Atomic Action, as a plain object so the registry can extend it. */
export const AtomicActionShape = lazySchema(() =>
  z.object({
    action_id: z.string().min(1),
    name: z.string().min(1).max(50),
    description: z.string().min(1).max(500),
    parameters: z.array(ActionParameter),
    safety_tier: SafetyTier,
    reversible: z.boolean(),
    compensation_action_id: z.string().min(1).optional(),
    examples: z.array(z.string()).max(3).optional(),
  }),
);

/** 001 Atomic Action. */
export const AtomicAction = lazySchema(() =>
  AtomicActionShape.refine((a) => !a.reversible || a.compensation_action_id !== undefined, {
    message: 'a reversible action needs compensation_action_id',
    path: ['compensation_action_id'],
  }),
);
export type AtomicAction = z.infer<typeof AtomicAction>;
