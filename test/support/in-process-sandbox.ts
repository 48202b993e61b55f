import type { IncomingHttpHeaders } from 'node:http';
import { loadSpecOperations } from '../../devkit/sandbox/openapi-spec.ts';
import { handleApiRequest } from '../../devkit/sandbox/request-pipeline.ts';
import { createSandboxAdmin, type SandboxAdmin } from '../../devkit/sandbox/sandbox-admin.ts';
import { SandboxCore } from '../../devkit/sandbox/sandbox-core.ts';
import type { Clock } from '../../lib/ports/clock.ts';

/** The sandbox booking API without a socket: its whole request pipeline behind a `fetch`. */
export interface InProcessSandbox {
  /** A base URL for HttpBookingApi; nothing listens on it. */
  url: string;
  admin: SandboxAdmin;
  /** Give this to HttpBookingApi: requests go straight into the sandbox's pipeline. */
  fetch: typeof fetch;
  /** Abandons held (delayed) requests. */
  close(): void;
}

const URL_BASE = 'http://sandbox.in-process';

/** What a socket-level failure looks like to the booking API adapter (undici's TypeError with a cause code). */
function dropped(code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/**
 * The real sandbox (the same SandboxCore and request pipeline as over HTTP: routing, faults, auth, rate limits,
 * validation, Idempotency-Key replay, If-Match, the journal) for *.test.ts: no port, no socket, so unit tests of
 * the executor stay pure and fast. A reset fault becomes ECONNRESET, a drop (applied, then the connection lost)
 * UND_ERR_SOCKET, as undici reports them.
 */
export async function startInProcessSandbox(fixture: unknown, clock: Clock): Promise<InProcessSandbox> {
  const core = new SandboxCore(await loadSpecOperations(), fixture, clock);
  const closing = new AbortController();
  async function sandboxFetch(input: Parameters<typeof fetch>[0], init: RequestInit = {}): Promise<Response> {
    const url = new URL(String(input));
    const headers: IncomingHttpHeaders = {};
    for (const [k, v] of new Headers(init.headers).entries()) headers[k.toLowerCase()] = v;
    const bodyText = typeof init.body === 'string' ? init.body : '';
    const request = {
      method: init.method ?? 'GET',
      pathname: url.pathname,
      query: url.searchParams,
      headers,
      bodyText,
    };
    // Like a server, the sandbox finishes a request the client gave up on (a held request still commits).
    const work = handleApiRequest(core, request, closing.signal);
    const { reply } = await (init.signal ? Promise.race([work, aborted(init.signal)]) : work);
    if (reply.kind === 'reset') throw dropped('ECONNRESET');
    if (reply.kind === 'drop') throw dropped('UND_ERR_SOCKET');
    const payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(payload, { status: reply.status, headers: reply.headers });
  }
  return {
    url: URL_BASE,
    admin: createSandboxAdmin(core),
    fetch: sandboxFetch,
    close: () => closing.abort(),
  };
}
