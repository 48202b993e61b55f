import * as z from 'zod';

/**
 * 001 Enums: Plan Status, plus one additive value (ADR 0008): `cancelled`, a pending plan that was superseded,
 * cancelled by the user or expired; it never executed and can never be confirmed (`closed_reason` says why).
 */
export const PlanStatus = z.enum([
  'pending_confirmation',
  'confirmed',
  'executing',
  'completed',
  'failed',
  'rolled_back',
  'cancelled',
]);
export type PlanStatus = z.infer<typeof PlanStatus>;

/** Why a plan closed without executing (ADR 0008): the additive field beside status `cancelled`. */
export const ClosedReason = z.enum(['superseded', 'cancelled_by_user', 'expired']);
export type ClosedReason = z.infer<typeof ClosedReason>;

/** 001 Enums: Safety Tier. */
export const SafetyTier = z.enum(['normal', 'high_risk', 'blocked']);
export type SafetyTier = z.infer<typeof SafetyTier>;

/** 001 Enums: Error Type (action-level). */
export const ErrorType = z.enum([
  'bad_request',
  'unauthorized',
  'not_found',
  'conflict',
  'rate_limited',
  'server_error',
  'timeout',
]);
export type ErrorType = z.infer<typeof ErrorType>;

/** 001 Enums: Service Error Type (IQ boundary). */
export const ServiceErrorType = z.enum(['invalid_input', 'service_unavailable', 'auth_required']);
export type ServiceErrorType = z.infer<typeof ServiceErrorType>;

/**
 * 001 Primitive Type Definitions: the parameter types an action may declare, plus two additive types (issue 17,
 * docs/adr/0004-structured-parameters.md): `array` (a list, its item shape in `items`) and `object` (nested
 * fields in `fields`), because real booking APIs take a booking with a list of items.
 */
export const ParameterType = z.enum([
  'string',
  'number',
  'boolean',
  'date',
  'datetime',
  'time',
  'enum',
  'array',
  'object',
]);
export type ParameterType = z.infer<typeof ParameterType>;

/**
 * Additive (ADR 0010): a read the service's own code runs, never a model. `venue` names the venue the caller's
 * token is scoped to (the plan's venue at planning, the token check at confirm, answer and execution). Declared
 * here, beside the other enums, and not in overlay.ts with the overlay that sets it: the compiled registry
 * every handler loads needs only this enum, and importing overlay.ts would build its ~60 build-time schemas at
 * run time (issue 12 cold start). `identity` (issue 27, ADR 0017) names the user the token belongs to: every IQ
operation refuses a `user_id` that is not the token's user.
 */
export const ServiceRole = z.enum(['venue', 'identity']);
export type ServiceRole = z.infer<typeof ServiceRole>;
