/** A slot in an Error body's `alternatives` (spec: components/schemas/Slot). */
export interface SlotView {
  startTime: string;
  capacity: number;
  remaining: number;
}

/** Optional details of an API error; each maps to a field of components/schemas/Error. */
export interface ApiErrorDetails {
  field?: string;
  expectedFormat?: string;
  alternatives?: SlotView[];
  /** On a full slot: the places still free in the requested slot. */
  remaining?: number;
  /** Sent as the Retry-After header (429, 503). */
  retryAfterSeconds?: number;
}

/**
 * An error the sandbox answers with, as components/schemas/Error. Domain rules throw it; the request
 * pipeline turns it into the HTTP response. Anything else thrown becomes a generic 500.
 */
export class SandboxApiError extends Error {
  override readonly name = 'SandboxApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ApiErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The response body, shaped like components/schemas/Error. */
  toBody(): Record<string, unknown> {
    const { field, expectedFormat, alternatives, remaining } = this.details;
    return {
      code: this.code,
      message: this.message,
      ...(field === undefined ? {} : { field }),
      ...(expectedFormat === undefined ? {} : { expectedFormat }),
      ...(alternatives === undefined ? {} : { alternatives }),
      ...(remaining === undefined ? {} : { remaining }),
    };
  }
}

/** 400 naming the field and what it should look like, so the executor can self-correct (issue 3). */
export function badRequest(field: string, expectedFormat: string, message: string): SandboxApiError {
  return new SandboxApiError(400, 'invalid_parameter', message, { field, expectedFormat });
}

export function notFound(what: string): SandboxApiError {
  return new SandboxApiError(404, 'not_found', `${what} not found`);
}

export function conflict(
  code: string,
  message: string,
  alternatives?: SlotView[],
  remaining?: number,
): SandboxApiError {
  return new SandboxApiError(409, code, message, {
    ...(alternatives === undefined ? {} : { alternatives }),
    ...(remaining === undefined ? {} : { remaining }),
  });
}

/** Raised when a fixture does not match the documented format (docs/sandbox.md). */
export class FixtureError extends Error {
  override readonly name = 'FixtureError';
  /** Each bad path with what is wrong ("bookings.3.startTime: not a session time of …"), when there are several. */
  readonly problems: readonly string[];

  constructor(message: string, options?: { cause?: unknown; problems?: readonly string[] }) {
    super(message, options);
    this.problems = options?.problems ?? [message];
  }
}
