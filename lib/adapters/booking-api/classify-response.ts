import * as z from 'zod';
import type { ErrorType } from '../../contracts/enums.ts';
import type { ActionOutcome } from '../../ports/booking-api.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import { snakeKeysDeep, toSnakeCase } from './case-convert.ts';

/** The booking API's Error body (openapi components/schemas/Error); anything else is treated as no body. */
const ErrorBody = z.object({
  code: z.string().optional(),
  message: z.string().optional(),
  field: z.string().optional(),
  expectedFormat: z.string().optional(),
  alternatives: z.array(z.record(z.string(), z.unknown())).optional(),
  remaining: z.number().int().nonnegative().optional(),
});
const JsonObject = z.record(z.string(), z.unknown());

type Failure = Extract<ActionOutcome, { ok: false }>;

/** 000 Error Classification, one row per status family. */
export function errorTypeOf(status: number): ErrorType {
  if (status === 400) return 'bad_request';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  // Not in the table: other 4xx (405, 422…) are a request the caller must fix; 1xx/3xx mean a broken API.
  return status >= 400 ? 'bad_request' : 'server_error';
}

const FALLBACK_MESSAGES: Record<ErrorType, string> = {
  bad_request: 'the booking API rejected a parameter',
  unauthorized: 'the booking API refused the token: re-authenticate',
  not_found: 'the booking API found no such resource',
  conflict: 'the booking was changed by someone else: refresh and retry',
  rate_limited: 'the booking API is rate limiting requests',
  server_error: 'the booking service is unavailable, try later',
  timeout: 'the booking API did not respond in time (connectivity issue)',
};

/** A response turned into an outcome: 2xx → data (snake_case keys), anything else → a classified failure. */
export function classifyResponse(
  action: CompiledAction,
  status: number,
  headers: Headers,
  bodyText: string,
  now: Date,
): ActionOutcome {
  const json = parseJson(bodyText);
  if (status >= 200 && status < 300) return { ok: true, status, data: successData(json, bodyText, headers) };

  const error_type = errorTypeOf(status);
  const body = ErrorBody.safeParse(json);
  const details = body.success ? body.data : {};
  const failure: Failure = {
    ok: false,
    status,
    error_type,
    message: details.message ?? `${FALLBACK_MESSAGES[error_type]} (HTTP ${status})`,
  };
  if (details.code !== undefined) failure.code = details.code;
  if (details.remaining !== undefined) failure.slot_remaining = details.remaining;
  if (details.field !== undefined) failure.field = parameterName(action, details.field);
  if (details.expectedFormat !== undefined) failure.expected_format = details.expectedFormat;
  if (details.alternatives !== undefined) {
    failure.alternatives = details.alternatives.map((slot) => JsonObject.parse(snakeKeysDeep(slot)));
  }
  const retryAfter = retryAfterSeconds(headers.get('retry-after'), now);
  if (retryAfter !== undefined && (status === 429 || status >= 500)) failure.retry_after_seconds = retryAfter;
  return failure;
}

/** A request that never got a response: timeout/abort → timeout; a reset or refused connection → server_error. */
export function classifyTransportFailure(
  kind: 'timeout' | 'aborted' | 'connection',
  detail: string,
): Failure {
  const error_type: ErrorType = kind === 'connection' ? 'server_error' : 'timeout';
  return { ok: false, status: undefined, error_type, message: detail };
}

/** Retry-After is delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(value: string | null, now: Date): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** The API names wire fields (startTime); the model knows action parameters (start_time). */
function parameterName(action: CompiledAction, wireField: string): string {
  return action.parameters.find((p) => p.wire_name === wireField)?.name ?? toSnakeCase(wireField);
}

function successData(json: unknown, text: string, headers: Headers): Record<string, unknown> {
  if (json === undefined) {
    return text === '' ? {} : { content: text, content_type: headers.get('content-type') ?? 'text/plain' };
  }
  const snake = snakeKeysDeep(json);
  const object = JsonObject.safeParse(snake);
  return object.success ? object.data : { items: snake };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
