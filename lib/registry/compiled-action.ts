import * as z from 'zod';
import { ActionParameterShape, AtomicActionShape } from '../contracts/atomic-action.ts';

/** Where a parameter goes in the HTTP request, and its OpenAPI constraints for argument validation. */
export const CompiledParameter = ActionParameterShape.extend({
  location: z.enum(['path', 'query', 'header', 'body']),
  /** The name on the wire (camelCase in our booking API); `name` is the snake_case action name. */
  wire_name: z.string().min(1),
  constraints: z
    .object({
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      min_length: z.number().int().optional(),
      max_length: z.number().int().optional(),
      pattern: z.string().optional(),
      format: z.string().optional(),
      integer: z.boolean().optional(),
    })
    .optional(),
  /** Carries guest PII (overlay pii_parameters or inferred from name/format). */
  pii: z.boolean().optional(),
});
export type CompiledParameter = z.infer<typeof CompiledParameter>;

/** A compensation resolved against the registry: templates over request/response/before (overlays/README.md). */
export const CompiledCompensation = z.object({
  action_id: z.string().min(1),
  parameters: z.record(z.string(), z.string()),
  pre_image: z
    .object({ action_id: z.string().min(1), parameters: z.record(z.string(), z.string()) })
    .optional(),
});
export type CompiledCompensation = z.infer<typeof CompiledCompensation>;

/**
 * An AtomicAction (001) plus what executing it needs. Only the AtomicAction fields are ever shown to a model.
 */
export const CompiledAction = AtomicActionShape.extend({
  parameters: z.array(CompiledParameter),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  /** OpenAPI path template, e.g. /bookings/{bookingId}/reschedule. */
  path: z.string().startsWith('/'),
  read_only: z.boolean(),
  /** snake_case response fields later steps may reference as {{step_N.field}}. */
  output_fields: z.array(z.string()),
  compensation: CompiledCompensation.optional(),
});
export type CompiledAction = z.infer<typeof CompiledAction>;

/** The build-time artefact the Lambdas load at cold start (npm run registry:build). */
export const CompiledRegistry = z.object({
  generated: z.literal('by npm run registry:build; do not edit'),
  source_hash: z.string(),
  actions: z.array(CompiledAction),
  skipped: z.array(z.object({ operation_id: z.string(), reason: z.string() })),
});
export type CompiledRegistry = z.infer<typeof CompiledRegistry>;
