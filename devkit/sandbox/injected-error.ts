import type { FAULT_STATUSES, FaultSpec } from './faults.ts';
import { SandboxApiError } from './sandbox-error.ts';

/** Default code and message of each status a fault can force; a fault's `body` overrides them. */
const DEFAULTS: Record<(typeof FAULT_STATUSES)[number], [string, string]> = {
  400: ['invalid_parameter', 'invalid request'],
  401: ['unauthorized', 'token expired: re-authenticate'],
  403: ['forbidden', 'this token may not access this resource'],
  404: ['not_found', 'resource not found'],
  409: ['conflict', 'the booking was modified concurrently'],
  429: ['rate_limited', 'rate limit exceeded'],
  500: ['internal_error', 'internal error'],
  503: ['unavailable', 'service temporarily unavailable'],
};

/** The error a forced-status fault answers with: a well-formed Error body, Retry-After on 429 and 503. */
export function injectedError(fault: Extract<FaultSpec, { kind: 'status' }>): SandboxApiError {
  const [code, message] = DEFAULTS[fault.status];
  const retry = fault.status === 429 || fault.status === 503 ? (fault.retryAfterSeconds ?? 1) : undefined;
  const { field, expectedFormat, alternatives } = fault.body ?? {};
  return new SandboxApiError(
    fault.status,
    fault.body?.code ?? code,
    fault.body?.message ?? `(injected) ${message}`,
    {
      ...(field === undefined ? {} : { field }),
      ...(expectedFormat === undefined ? {} : { expectedFormat }),
      ...(alternatives === undefined ? {} : { alternatives }),
      ...(retry === undefined ? {} : { retryAfterSeconds: retry }),
    },
  );
}
