import * as z from 'zod';
import { ActionParameterShape, AtomicActionShape, shapeProblem } from '../contracts/atomic-action.ts';
import { ParameterType, ServiceRole } from '../contracts/enums.ts';
import { lazySchema } from '../contracts/lazy-schema.ts';
import { SnakeCase } from '../contracts/primitives.ts';

/** The OpenAPI constraints kept for argument validation. */
export const Constraints = lazySchema(() =>
  z.object({
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    min_length: z.number().int().optional(),
    max_length: z.number().int().optional(),
    pattern: z.string().optional(),
    format: z.string().optional(),
    integer: z.boolean().optional(),
    min_items: z.number().int().optional(),
    max_items: z.number().int().optional(),
  }),
);
export type Constraints = z.infer<typeof Constraints>;

/** A nested value (an array item or an object field's value) with what the HTTP client and validation need. */
export interface CompiledValue {
  type: ParameterType;
  description?: string | undefined;
  enum_values?: string[] | undefined;
  constraints?: Constraints | undefined;
  items?: CompiledValue | undefined;
  fields?: CompiledField[] | undefined;
  /**
   * snake_case fields the spec declares on this object but the registry does not expose (server-set, not
   * allowlisted, sensitive…): accepted and dropped, never sent, so a pre-image read back whole can restore the
   * object. Any other unknown field is refused.
   */
  ignored_fields?: string[] | undefined;
}
/** A field of a nested object: snake_case `name` for the model, `wire_name` for the API. */
export interface CompiledField extends CompiledValue {
  name: string;
  wire_name: string;
  required: boolean;
  description: string;
}

const valueFields = () => ({
  type: ParameterType,
  enum_values: z.array(z.string()).min(1).optional(),
  constraints: Constraints.optional(),
  items: CompiledValue.optional(),
  fields: z.array(CompiledField).optional(),
  ignored_fields: z.array(z.string()).min(1).optional(),
});
const checkShape = (v: Parameters<typeof shapeProblem>[0], ctx: z.RefinementCtx) => {
  const problem = shapeProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
};

export const CompiledValue: z.ZodType<CompiledValue> = z.lazy(() =>
  z.object({ ...valueFields(), description: z.string().max(200).optional() }).superRefine(checkShape),
);
export const CompiledField: z.ZodType<CompiledField> = z.lazy(() =>
  z
    .object({
      ...valueFields(),
      name: SnakeCase,
      wire_name: z.string().min(1),
      required: z.boolean(),
      description: z.string().max(200),
    })
    .superRefine(checkShape),
);

/** Where a parameter goes in the HTTP request, and its OpenAPI constraints for argument validation. */
export const CompiledParameter = lazySchema(() =>
  ActionParameterShape.extend({
    /** `whole_body`: the parameter is the entire JSON request body (a body that is not an object of fields). */
    location: z.enum(['path', 'query', 'header', 'body', 'whole_body']),
    /** The name on the wire (camelCase in our booking API); `name` is the snake_case action name. */
    wire_name: z.string().min(1),
    constraints: Constraints.optional(),
    /** Carries guest PII (overlay pii_parameters or inferred from name/format), here or in a nested field. */
    pii: z.boolean().optional(),
    items: CompiledValue.optional(),
    fields: z.array(CompiledField).optional(),
    ignored_fields: z.array(z.string()).min(1).optional(),
  }).superRefine(checkShape),
);
export type CompiledParameter = z.infer<typeof CompiledParameter>;

/** A compensation resolved against the registry: templates over request/response/before (overlays/README.md). */
export const CompiledCompensation = lazySchema(() =>
  z.object({
    action_id: z.string().min(1),
    parameters: z.record(z.string(), z.string()),
    pre_image: z
      .object({ action_id: z.string().min(1), parameters: z.record(z.string(), z.string()) })
      .optional(),
  }),
);
export type CompiledCompensation = z.infer<typeof CompiledCompensation>;

/**
 * A verify block resolved against the registry (ADR 0011): the read, its argument templates over the request, the
 * response paths (lists passed through) with the request templates they must equal, and the version path.
 */
export const CompiledVerify = lazySchema(() =>
  z.object({
    action_id: z.string().min(1),
    parameters: z.record(z.string(), z.string()),
    fields: z.record(z.string(), z.string()),
    version: z.string().min(1).optional(),
  }),
);
export type CompiledVerify = z.infer<typeof CompiledVerify>;

/**
 * A header that acknowledges a destructive call (DigitalOcean's `X-Dangerous: true`). It is never a model
 * parameter: the HTTP client sends it only on a step the user confirmed as high risk.
 */
export const DangerHeader = lazySchema(() =>
  z.object({ wire_name: z.string().min(1), value: z.string().min(1) }),
);
export type DangerHeader = z.infer<typeof DangerHeader>;

/**
 * An AtomicAction (001) plus what executing it needs. Only the AtomicAction fields are ever shown to a model.
 */
export const CompiledAction = lazySchema(() =>
  AtomicActionShape.extend({
    parameters: z.array(CompiledParameter),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    /** OpenAPI path template, e.g. /bookings/{bookingId}/reschedule. */
    path: z.string().startsWith('/'),
    read_only: z.boolean(),
    /** snake_case response fields later steps may reference as {{step_N.field}}. */
    output_fields: z.array(z.string()),
    compensation: CompiledCompensation.optional(),
    /** How a write whose answer was lost is read back when its pre-image read does not show it (ADR 0011). */
    verify: CompiledVerify.optional(),
    /**
     * Registered for the executor only (as another action's compensation or pre-image read, or a service read):
     * `iq_enabled: false`
     * (001: not exposed to the planner). Never in a model view, never a plan step. Absent means model-visible.
     */
    execution_only: z.literal(true).optional(),
    /** A read the service's code runs for itself (overlay `service_role`, ADR 0010); always execution_only. */
    service_role: ServiceRole.optional(),
    /** Sent only when the call is a confirmed high-risk step (build-request.ts). */
    danger_headers: z.array(DangerHeader).min(1).optional(),
    /**
     * The overlay's intent cues, lower-cased (lib/planner/licence). Never shown to a model: a step of this action
     * is licensed when the user's words hold one of them, or the action's name.
     */
    intent_cues: z.array(z.string().min(1)).min(1).optional(),
    /** Overlay `refusal_cues`, lower-cased: words by which a user refuses the action (lib/planner/licence). */
    refusal_cues: z.array(z.string().min(1)).min(1).optional(),
    /** Overlay `licensed_after`: the actions whose licensed step, feeding this one, licenses it (ADR 0012). */
    licensed_after: z.array(z.string().min(1)).min(1).optional(),
  }),
);
export type CompiledAction = z.infer<typeof CompiledAction>;

/** The build-time artefact the Lambdas load at cold start (npm run registry:build). */
export const CompiledRegistry = lazySchema(() =>
  z.object({
    generated: z.literal('by npm run registry:build; do not edit'),
    source_hash: z.string(),
    actions: z.array(CompiledAction),
    skipped: z.array(z.object({ operation_id: z.string(), reason: z.string() })),
  }),
);
export type CompiledRegistry = z.infer<typeof CompiledRegistry>;
