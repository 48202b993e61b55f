import * as z from 'zod';
import { ParameterType, SafetyTier } from './enums.ts';
import { SnakeCase } from './primitives.ts';

/** 001 Action Parameter, as a plain object so adapters can extend it. */
export const ActionParameterShape = z.object({
  name: SnakeCase,
  type: ParameterType,
  required: z.boolean(),
  description: z.string().max(200),
  enum_values: z.array(z.string()).min(1).optional(),
  default: z.unknown().optional(),
});

/** 001 Action Parameter. */
export const ActionParameter = ActionParameterShape.refine(
  (p) => p.type !== 'enum' || (p.enum_values?.length ?? 0) > 0,
  {
    message: 'an enum parameter needs enum_values',
    path: ['enum_values'],
  },
);
export type ActionParameter = z.infer<typeof ActionParameter>;

/** 001 Atomic Action, as a plain object so the registry can extend it. */
export const AtomicActionShape = z.object({
  action_id: z.string().min(1),
  name: z.string().min(1).max(50),
  description: z.string().min(1).max(500),
  parameters: z.array(ActionParameter),
  safety_tier: SafetyTier,
  reversible: z.boolean(),
  compensation_action_id: z.string().min(1).optional(),
  examples: z.array(z.string()).max(3).optional(),
});

/** 001 Atomic Action. */
export const AtomicAction = AtomicActionShape.refine(
  (a) => !a.reversible || a.compensation_action_id !== undefined,
  {
    message: 'a reversible action needs compensation_action_id',
    path: ['compensation_action_id'],
  },
);
export type AtomicAction = z.infer<typeof AtomicAction>;
