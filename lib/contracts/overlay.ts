import * as z from 'zod';
import { SafetyTier } from './enums.ts';

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
    /**
     * Words and phrases by which a user asks for this action (issue 14: every mutating step must be licensed by
     * the user's request). Matched on the user's words, tolerant of case, punctuation and inflection.
     */
    intent_cues: z.array(z.string().trim().min(1).max(60).regex(/\p{L}/u)).max(60).optional(),
  })
  .strict()
  .refine((o) => !o.reversible || o.compensation_operation_id !== undefined, {
    message: 'compensation_operation_id is required when reversible is true',
    path: ['compensation_operation_id'],
  });
export type ActionMetadataOverlay = z.infer<typeof ActionMetadataOverlay>;
