import type { ErrorType } from '../contracts/enums.ts';
import type { CompiledAction } from '../registry/compiled-action.ts';

/** One call of a registry action against the booking API. */
export interface ActionCall {
  action: CompiledAction;
  /** snake_case action arguments, already resolved (no placeholders). */
  args: Record<string, unknown>;
  /** The user's opaque token, sent as a bearer token. Never logged, traced or stored. */
  token: string;
  /** Sent as Idempotency-Key on mutations (plan id + step number). */
  idempotencyKey?: string;
  /** Sent as If-Match: the booking version the change is based on. */
  ifMatch?: string;
  /**
   * True only for a plan step the user confirmed as high risk: the action's danger-acknowledgement headers
   * (X-Dangerous…) are sent then and never otherwise (not on a compensation, a pre-image read or a retry probe).
   */
  confirmedHighRisk?: boolean;
  signal?: AbortSignal;
}

/**
 * Outcome of a call. Failures are data, not exceptions (STYLE 4): the executor feeds them back to the model.
 * Response keys are snake_case, whatever the wire uses.
 */
export type ActionOutcome =
  | { ok: true; status: number; data: Record<string, unknown> }
  | {
      ok: false;
      /** Undefined for a timeout or a dropped connection. */
      status: number | undefined;
      error_type: ErrorType;
      /** The API's message, naming the field at fault for a 400. Never contains the token. */
      message: string;
      field?: string;
      expected_format?: string;
      retry_after_seconds?: number;
      /** On a full slot: the day's slots that still have room. */
      alternatives?: Record<string, unknown>[];
      /** The API's machine-readable error code ("slot_full"), when it sent one. */
      code?: string;
      /** On a full slot: the places still free in the requested slot. */
      slot_remaining?: number;
    };

/** Port: the booking API (our sandbox locally, ROLLER in production). */
export interface BookingApi {
  invoke(call: ActionCall): Promise<ActionOutcome>;
}
