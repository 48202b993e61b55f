import * as z from 'zod';
import type { ActiveFault } from './faults.ts';
import { RateLimitRule } from './fixture-schema.ts';
import type { SandboxAdmin } from './sandbox-admin.ts';
import { FixtureError, SandboxApiError } from './sandbox-error.ts';

/** Reserved prefix: never part of the booking API, never subject to faults, auth or rate limits. */
export const ADMIN_PREFIX = '/__admin';

export interface AdminReply {
  status: number;
  body: unknown;
}

const RateLimitBody = z.object({ token: z.string().min(1), rule: RateLimitRule.nullable() });

/**
 * The admin API for tests and evaluators (docs/sandbox.md). Loopback only, no auth: it is a test double.
 * Returns the reply; a bad request is a 400 with the usual Error body.
 */
export function handleAdminRequest(
  admin: SandboxAdmin,
  method: string,
  pathname: string,
  query: URLSearchParams,
  bodyText: string,
): AdminReply {
  try {
    return route(
      admin,
      `${method} ${pathname.slice(ADMIN_PREFIX.length).replace(/\/$/, '')}`,
      query,
      bodyText,
    );
  } catch (error) {
    if (error instanceof SandboxApiError) return { status: error.status, body: error.toBody() };
    if (error instanceof FixtureError)
      return { status: 400, body: { code: 'invalid_fixture', message: error.message } };
    throw error;
  }
}

function route(admin: SandboxAdmin, call: string, query: URLSearchParams, bodyText: string): AdminReply {
  if (call === 'POST /reset') return ok(admin.reset(optionalJson(bodyText)));
  if (call === 'GET /bookings') {
    const reference = query.get('reference');
    const bookings =
      reference === null ? admin.bookings() : [admin.bookingByReference(reference)].filter(Boolean);
    return ok({ bookings });
  }
  const one = /^GET \/bookings\/([^/]+)$/.exec(call);
  if (one) {
    const booking = admin.booking(decodeURIComponent(one[1]!));
    return booking ? ok(booking) : { status: 404, body: { code: 'not_found', message: 'no such booking' } };
  }
  if (call === 'GET /journal')
    return ok({ entries: admin.journal({ operation: query.get('operation') ?? undefined }) });
  if (call === 'GET /faults') return ok({ faults: admin.faults().map(showFault) });
  if (call === 'POST /faults') {
    const body = requiredJson(bodyText);
    const added = (Array.isArray(body) ? body : [body]).map((f) => showFault(admin.injectFault(f)));
    return { status: 201, body: { faults: added } };
  }
  if (call === 'DELETE /faults') return ok({ cleared: admin.clearFaults() });
  if (call === 'POST /rate-limits') {
    const parsed = RateLimitBody.safeParse(requiredJson(bodyText));
    if (!parsed.success)
      throw invalid('body must be {"token": "...", "rule": {"limit", "windowSeconds"} | null}');
    admin.setRateLimit(parsed.data.token, parsed.data.rule);
    return ok({ rule: parsed.data.rule });
  }
  if (call === 'GET /side-effects') return ok(admin.sideEffects());
  return { status: 404, body: { code: 'not_found', message: `no admin endpoint ${call}` } };
}

function ok(body: unknown): AdminReply {
  return { status: 200, body };
}

/** Infinity does not survive JSON: an "always" fault shows its remaining hits as "always". */
function showFault(fault: ActiveFault): Record<string, unknown> {
  return { ...fault, remaining: Number.isFinite(fault.remaining) ? fault.remaining : 'always' };
}

function optionalJson(text: string): unknown {
  return text.trim() === '' ? undefined : requiredJson(text);
}

function requiredJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SandboxApiError(
      400,
      'invalid_json',
      'the request body is not valid JSON',
      {},
      { cause: error },
    );
  }
}

function invalid(message: string): SandboxApiError {
  return new SandboxApiError(400, 'invalid_request', message);
}
