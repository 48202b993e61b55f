import * as z from 'zod';
import { ErrorType } from './enums.ts';
import { lazySchema } from './lazy-schema.ts';

/** 001 Action Result. */
export const ActionResult = lazySchema(() =>
  z.object({
    success: z.boolean(),
    response_data: z.record(z.string(), z.unknown()).optional(),
    error_type: ErrorType.optional(),
    error_message: z.string().optional(),
  }),
);
export type ActionResult = z.infer<typeof ActionResult>;

/** 001 Reversal Failure. */
export const ReversalFailure = lazySchema(() =>
  z.object({
    step_number: z.number().int().min(1),
    reason: z.string().min(1),
  }),
);
export type ReversalFailure = z.infer<typeof ReversalFailure>;

/** 001 Rollback Report. */
export const RollbackReport = lazySchema(() =>
  z.object({
    triggered_by_step: z.number().int().min(1),
    actions_reversed: z.array(z.number().int().min(1)),
    actions_failed_to_reverse: z.array(ReversalFailure).optional(),
    irreversible_actions_completed: z.array(z.number().int().min(1)).optional(),
    manual_recovery_steps: z.array(z.string()).optional(),
  }),
);
export type RollbackReport = z.infer<typeof RollbackReport>;
