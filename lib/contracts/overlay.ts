import * as z from 'zod';
import { SafetyTier, ServiceRole } from './enums.ts';

/**
 * Additive extension (overlays/README.md): how a reversible action's compensation gets its parameters.
 * Values are templates over the forward call: `{{request.x}}`, `{{response.y}}`, `{{before.z}}`.
 */
export const CompensationSpec = z.object({
  /** Read operation whose response is the pre-image `before`, taken just before the forward call. */
  pre_image: z
    .object({
      operation_id: z.string().min(1),
      parameters: z.record(z.string(), z.string()),
    })
    .strict()
    .optional(),
  parameters: z.record(z.string(), z.string()),
});
export type CompensationSpec = z.infer<typeof CompensationSpec>;

/**
 * Additive extension (overlays/README.md, ADR 0011): how to read back a write whose answer was lost when the
 * action's effect does not show on its pre-image (a note added to a list). A read-only action, its arguments as
 * templates over the request, and the response fields that must then show the intended values; `version` names
 * a response field that must have moved past its value read just before the write.
 */
export const VerifySpec = z
  .object({
    operation_id: z.string().min(1),
    parameters: z.record(z.string(), z.string()),
    /** Response path (a list is passed through: `notes.text` is the text of any note) → template over the request. */
    fields: z.record(z.string(), z.string()).refine((f) => Object.keys(f).length > 0, {
      message: 'verify.fields needs at least one response field to compare',
    }),
    version: z.string().min(1).optional(),
  })
  .strict();
export type VerifySpec = z.infer<typeof VerifySpec>;

/** 001 Action Metadata Overlay, plus documented additive fields (overlays/README.md). */
export const ActionMetadataOverlay = z
  .object({
    operation_id: z.string().min(1),
    iq_enabled: z.boolean(),
    llm_description: z.string().max(500).optional(),
    parameter_allowlist: z.array(z.string()).optional(),
    safety_tier: SafetyTier,
    reversible: z.boolean(),
    compensation_operation_id: z.string().min(1).optional(),
    examples: z.array(z.string()).max(3).optional(),
    // Additive extensions.
    name: z.string().min(1).max(50).optional(),
    compensation: CompensationSpec.optional(),
    verify: VerifySpec.optional(),
    /** Response fields later steps may reference with {{step_N.field}} (snake_case). */
    output_fields: z.array(z.string()).optional(),
    /** Parameters that carry guest PII; masked at rest once the plan is terminal. */
    pii_parameters: z.array(z.string()).optional(),
    /** Parameters never exposed to a model, on top of the built-in sensitive-name rules. */
    sensitive_parameters: z.array(z.string()).optional(),
    /** Parameters the built-in sensitive-name rules flag wrongly (x-sensitive and format: password still win). */
    non_sensitive_parameters: z.array(z.string()).optional(),
    /**
     * Headers that acknowledge a destructive call, on top of the built-in names (X-Dangerous…): never model
     * parameters, sent only on a step the user confirmed as high risk.
     */
    danger_headers: z.array(z.string()).optional(),
    /** A read only the service's code runs (ServiceRole): registered execution-only, never model-visible. */
    service_role: ServiceRole.optional(),
    /**
     * Words and phrases by which a user asks for this action (issue 14: every mutating step must be licensed by
     * the user's request). Matched on the user's words, tolerant of case, punctuation and inflection.
     */
    intent_cues: z.array(z.string().trim().min(1).max(60).regex(/\p{L}/u)).max(60).optional(),
    /**
     * Words and phrases by which a user refuses this action outright ("no payment link", "she's prepaid"), matched
     * like intent cues. A step of this action is left out of the plan when the latest of the user's lines that
     * speaks of it holds one, whatever the model proposed (issue 30).
     */
    refusal_cues: z.array(z.string().trim().min(1).max(60).regex(/\p{L}/u)).max(60).optional(),
    /**
     * A flow's closing step (ADR 0012, seed 002): a step of this action is licensed by an earlier, licensed step
     * of one of these operations whose output it takes ({{step_N.…}}), as a new reservation ends with its
     * payment link. Never licenses it next to anything else.
     */
    licensed_after: z.array(z.string().min(1)).min(1).max(10).optional(),
  })
  .strict()
  .refine((o) => !o.reversible || o.compensation_operation_id !== undefined, {
    message: 'compensation_operation_id is required when reversible is true',
    path: ['compensation_operation_id'],
  })
  // A service read is kept from every model (rule 1): it can't also be exposed to the planner.
  .refine((o) => o.service_role === undefined || (!o.iq_enabled && o.safety_tier === 'normal'), {
    message: 'service_role needs iq_enabled: false and safety_tier: normal',
    path: ['service_role'],
  });
export type ActionMetadataOverlay = z.infer<typeof ActionMetadataOverlay>;
