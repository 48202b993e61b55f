/**
 * Why an operation did not become an action:
 * - `no_overlay` / `not_enabled`: rule 1 (only iq_enabled operations);
 * - `invalid_overlay`: the overlay is malformed or inconsistent with the spec (the CLI exits non-zero);
 * - `invalid_operation`: the operation violates the OpenAPI schema (per-operation fallback);
 * - `unsupported`: a required input cannot be expressed as a 001 primitive, or is sensitive.
 */
export type SkipKind = 'no_overlay' | 'not_enabled' | 'invalid_overlay' | 'invalid_operation' | 'unsupported';

/** An operation (or overlay) left out of the registry, with its reason. */
export interface SkippedOperation {
  operation_id: string;
  kind: SkipKind;
  reason: string;
  /** The overlay file at fault, when there is one. */
  source?: string;
}

/**
 * Why an operation input (or a nested field of one) is not exposed: rules 2 and 3, transport headers, danger
 * acknowledgements (set by the HTTP client on a confirmed high-risk step), server-set fields, inputs that can't
 * be expressed, self-referencing or too deeply nested schemas cut at the bound, and fields past an action's
 * field budget (MAX_FIELDS).
 */
export type HiddenReason =
  | 'sensitive'
  | 'transport_header'
  | 'danger_acknowledgement'
  | 'not_allowlisted'
  | 'read_only'
  | 'unsupported'
  | 'recursive'
  | 'too_deep'
  | 'too_large';

/** An input of a registered action that no model will ever see. */
export interface HiddenParameter {
  action_id: string;
  /** The wire name, or the dotted wire path of a nested field (`booking.appointment_segments[].resource_ids`). */
  wire_name: string;
  location: 'path' | 'query' | 'header' | 'cookie' | 'body' | 'whole_body';
  reason: HiddenReason;
  detail?: string;
}
