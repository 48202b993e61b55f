import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { authenticate } from './auth.ts';
import { injectedError } from './injected-error.ts';
import type { JournalEntry } from './journal.ts';
import type { OperationResult } from './operations/operation.ts';
import type { SandboxCore } from './sandbox-core.ts';
import { SandboxApiError } from './sandbox-error.ts';

/** An API request as read off the socket. */
export interface ApiRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** '' when the request had no body. */
  bodyText: string;
}

/** What the HTTP layer must do: answer, reset the connection (nothing applied), or drop it (applied). */
export type ApiReply =
  | { kind: 'respond'; status: number; headers: Record<string, string>; body: unknown }
  | { kind: 'reset' }
  | { kind: 'drop' };

export interface PipelineResult {
  reply: ApiReply;
  operation?: string;
  entry?: JournalEntry;
  /** An unexpected error behind a 500, for the log (never sent to the client). */
  internalError?: unknown;
}

/**
 * One API call, in order: route → injected fault → auth (401) → rate limit (429) → spec validation (400)
 * → Idempotency-Key replay → the operation (404/403/409 from the domain rules) → journal.
 * `signal` aborts a delayed request when the sandbox closes.
 */
export async function handleApiRequest(
  core: SandboxCore,
  req: ApiRequest,
  signal: AbortSignal,
): Promise<PipelineResult> {
  const route = core.router.match(req.method, req.pathname);
  if (route === undefined)
    return { reply: errorReply(new SandboxApiError(404, 'not_found', 'no such endpoint')) };
  if (route === 'methodNotAllowed') {
    return {
      reply: errorReply(new SandboxApiError(405, 'method_not_allowed', `${req.method} not allowed here`)),
    };
  }
  const operation = route.operation.operationId;
  const journal = (fields: Omit<JournalEntry, 'seq' | 'at' | 'operation' | 'params'>) =>
    core.journal.append({
      at: core.clock.now().toISOString(),
      operation,
      params: { path: route.path, query: Object.fromEntries(req.query), ...bodyParam(req.bodyText) },
      ...headerFields(req.headers),
      ...fields,
    });

  const fault = core.faults.take(operation);
  if (fault?.kind === 'reset') {
    return {
      operation,
      reply: { kind: 'reset' },
      entry: journal({ committed: false, replayed: false, fault: 'reset' }),
    };
  }
  if (fault?.kind === 'status') {
    const reply = errorReply(injectedError(fault));
    const entry = journal({
      status: fault.status,
      committed: false,
      replayed: false,
      fault: `status:${fault.status}`,
    });
    return { operation, reply, entry };
  }
  if (fault?.kind === 'delay') await sleep(fault.delayMs, undefined, { signal });

  const outcome = execute(core, route.operation.operationId, route.path, req);
  const entry = journal({
    status: outcome.reply.status,
    committed: outcome.committed,
    replayed: outcome.replayed,
    ...(fault ? { fault: fault.kind } : {}),
  });
  const reply: ApiReply = fault?.kind === 'commit_then_drop' ? { kind: 'drop' } : outcome.reply;
  return {
    operation,
    entry,
    reply,
    ...(outcome.internalError ? { internalError: outcome.internalError } : {}),
  };
}

interface Outcome {
  reply: Extract<ApiReply, { kind: 'respond' }>;
  committed: boolean;
  replayed: boolean;
  internalError?: unknown;
}

function execute(
  core: SandboxCore,
  operationId: string,
  path: Record<string, string>,
  req: ApiRequest,
): Outcome {
  try {
    const now = core.clock.now();
    const principal = authenticate(core.state, req.headers.authorization, now);
    const wait = core.limiter.hit(principal.token, principal.grant.rateLimit);
    if (wait !== undefined) {
      throw new SandboxApiError(429, 'rate_limited', `rate limit exceeded: retry in ${wait} seconds`, {
        retryAfterSeconds: wait,
      });
    }
    const valid = core.validator(operationId).validate({
      path,
      query: req.query,
      headers: req.headers,
      body: parseBody(req.bodyText),
    });
    const venueId = principal.grant.venueId;
    const key = req.method === 'GET' ? undefined : stringOrUndefined(valid.params['Idempotency-Key']);
    const fingerprint = JSON.stringify([operationId, path, valid.body]);
    const recorded = key === undefined ? undefined : core.idempotency.get(venueId, key);
    if (recorded && recorded.fingerprint !== fingerprint) {
      throw new SandboxApiError(
        409,
        'idempotency_key_reused',
        'Idempotency-Key was already used for a different request',
      );
    }
    if (recorded) {
      return {
        reply: jsonReply(recorded.status, recorded.body, { 'idempotent-replayed': 'true' }),
        committed: false,
        replayed: true,
      };
    }
    const result = core.handler(operationId)({
      rules: { state: core.state, venueId, userId: principal.grant.userId, now },
      params: valid.params,
      body: valid.body,
    });
    if (result.committed && key !== undefined) {
      core.idempotency.put(venueId, key, { fingerprint, status: result.status, body: result.body });
    }
    return { reply: resultReply(result), committed: result.committed, replayed: false };
  } catch (error) {
    if (error instanceof SandboxApiError)
      return { reply: errorReply(error), committed: false, replayed: false };
    // middy's rule: only errors below 500 are shown to the client; the rest is a generic message.
    const internal = new SandboxApiError(500, 'internal_error', 'internal error', {}, { cause: error });
    return { reply: errorReply(internal), committed: false, replayed: false, internalError: error };
  }
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SandboxApiError(
      400,
      'invalid_json',
      'the request body is not valid JSON',
      {
        field: 'body',
        expectedFormat: 'a JSON object',
      },
      { cause: error },
    );
  }
}

function resultReply(result: OperationResult): Outcome['reply'] {
  const headers: Record<string, string> = { 'content-type': result.contentType ?? 'application/json' };
  if (result.version !== undefined) headers.etag = `"${result.version}"`;
  return { kind: 'respond', status: result.status, headers, body: result.body };
}

function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Outcome['reply'] {
  return { kind: 'respond', status, headers: { 'content-type': 'application/json', ...headers }, body };
}

/** components/schemas/Error, with Retry-After on 429 and 503. */
export function errorReply(error: SandboxApiError): Outcome['reply'] {
  const retry = error.details.retryAfterSeconds;
  return jsonReply(error.status, error.toBody(), retry === undefined ? {} : { 'retry-after': String(retry) });
}

function bodyParam(text: string): { body?: unknown } {
  if (text.trim() === '') return {};
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { body: text.slice(0, 1000) };
  }
}

function headerFields(headers: IncomingHttpHeaders): { idempotencyKey?: string; ifMatch?: string } {
  const key = stringOrUndefined(headers['idempotency-key']);
  const ifMatch = stringOrUndefined(headers['if-match']);
  return {
    ...(key === undefined ? {} : { idempotencyKey: key }),
    ...(ifMatch === undefined ? {} : { ifMatch }),
  };
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
