import type { Config } from '../../config/config.ts';
import type { ActionCall, ActionOutcome, BookingApi } from '../../ports/booking-api.ts';
import { type Clock, systemClock } from '../../ports/clock.ts';
import { budgetFor, type Deadline } from '../../ports/deadline.ts';
import { currentDeadline } from '../../ports/deadline-scope.ts';
import { buildRequest, RequestBuildError } from './build-request.ts';
import { classifyResponse, classifyTransportFailure } from './classify-response.ts';

/** Options of HttpBookingApi. */
export interface HttpBookingApiOptions {
  /** Base URL of the booking API, e.g. http://127.0.0.1:4010 (config BOOKING_API_URL). */
  baseUrl: string;
  /**
   * Per-call timeout cap in ms (config BOOKING_API_TIMEOUT_MS, 30-120 s; tests may pass less). A call gets the
   * smaller of this and what is left of its invocation's deadline.
   */
  timeoutMs: number;
  /** The deadline of the invocation making the call; default the ambient one (lib/ports/deadline-scope.ts). */
  deadline?: () => Deadline;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** Default: the system clock. Only used to read a Retry-After given as an HTTP date. */
  clock?: Clock;
}

/** Raised by the constructor on unusable options. */
export class HttpBookingApiConfigError extends Error {
  override readonly name = 'HttpBookingApiConfigError';
}

/**
 * BookingApi over HTTP with fetch. Every failure is returned as a classified outcome (000 Error
 * Classification), never thrown, and never retried here (000: no auto-retry from this service).
 * The token goes only into the Authorization header: no message built here contains it.
 */
export class HttpBookingApi implements BookingApi {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly clock: Clock;
  private readonly deadline: () => Deadline;

  constructor(options: HttpBookingApiOptions) {
    if (!URL.canParse(options.baseUrl))
      throw new HttpBookingApiConfigError('baseUrl must be an absolute URL');
    if (!Number.isInteger(options.timeoutMs) || options.timeoutMs <= 0) {
      throw new HttpBookingApiConfigError('timeoutMs must be a positive integer');
    }
    this.baseUrl = options.baseUrl;
    this.timeoutMs = options.timeoutMs;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.clock = options.clock ?? systemClock;
    this.deadline = options.deadline ?? currentDeadline;
  }

  /** The adapter as configured for the service (BOOKING_API_URL, BOOKING_API_TIMEOUT_MS). */
  static fromConfig(config: Pick<Config, 'BOOKING_API_URL' | 'BOOKING_API_TIMEOUT_MS'>): HttpBookingApi {
    return new HttpBookingApi({ baseUrl: config.BOOKING_API_URL, timeoutMs: config.BOOKING_API_TIMEOUT_MS });
  }

  async invoke(call: ActionCall): Promise<ActionOutcome> {
    const outcome = await this.send(call);
    return outcome.ok ? outcome : { ...outcome, message: withoutToken(outcome.message, call.token) };
  }

  private async send(call: ActionCall): Promise<ActionOutcome> {
    let request: ReturnType<typeof buildRequest>;
    try {
      request = buildRequest(this.baseUrl, call);
    } catch (error) {
      if (!(error instanceof RequestBuildError)) throw error;
      return {
        ok: false,
        status: undefined,
        error_type: 'bad_request',
        message: error.message,
        field: error.field,
      };
    }
    // Issue 28: never wait past the invocation's deadline, so the handler still answers with its own ServiceError.
    const timeoutMs = Math.floor(budgetFor(this.deadline(), this.timeoutMs));
    if (timeoutMs <= 0) {
      return classifyTransportFailure(
        'timeout',
        "no time was left in this invocation's deadline, so the call was not sent (nothing was applied)",
      );
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;
    try {
      const { url, method, headers, body } = request;
      const response = await this.fetch(url, { method, headers, body, signal });
      // Reading the body stays under the same signal, so a stalled body also times out.
      const text = await response.text();
      return classifyResponse(call.action, response.status, response.headers, text, this.clock.now());
    } catch (error) {
      if (timeout.aborted) {
        return classifyTransportFailure(
          'timeout',
          `the booking API did not respond within ${timeoutMs} ms${timeoutMs < this.timeoutMs ? " (the rest of this invocation's deadline)" : ''} (connectivity issue); the change may or may not have been applied`,
        );
      }
      if (call.signal?.aborted)
        return classifyTransportFailure('aborted', 'the call was aborted before a response arrived');
      return classifyTransportFailure(
        'connection',
        `the connection to the booking API failed before a response arrived (${networkCode(error)}); ` +
          'the change may or may not have been applied',
      );
    }
  }
}

/** The low-level reason of a failed fetch (ECONNRESET, UND_ERR_SOCKET, ECONNREFUSED…), never its text. */
function networkCode(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string'
      ? cause.code
      : undefined;
  return code ?? 'network error';
}

/** Defence in depth: whatever the API echoed, the token never leaves in a message. */
function withoutToken(message: string, token: string): string {
  return token.length > 0 ? message.replaceAll(token, '[redacted]') : message;
}
