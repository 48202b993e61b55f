import { randomUUID } from 'node:crypto';
import type { Clock } from '../ports/clock.ts';
import type { SessionStore } from '../ports/session-store.ts';
import type { HandleRequest } from './request-outcome.ts';

/** A second request for a session still busy after the bounded wait: 409, never 503 (issue 13). */
export class SessionBusyError extends Error {
  override readonly name = 'SessionBusyError';
  constructor(readonly sessionId: string) {
    super('another request for this session is still being processed; send it again in a moment');
  }
}

export interface SessionLeaseOptions {
  sessions: Pick<SessionStore, 'acquireLease' | 'releaseLease'>;
  clock: Clock;
  /** How long a request waits for the lease (SESSION_LEASE_WAIT_MS). */
  waitMs: number;
  /** How long the lease lasts if its holder dies (SESSION_LEASE_MS). */
  leaseMs: number;
  /** Waits between attempts; injected by tests. Default: a timer. */
  pause?: (ms: number) => Promise<void>;
}

const BACKOFF_MS = [50, 100, 200, 400, 800, 1_000];

function timer(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * One request at a time per session: POST /v1/requests takes the session's lease (a conditional write with a
 * short expiry) before planning and gives it back after. A second request polls with backoff up to `waitMs`,
 * then gets SessionBusyError (409). The lease expires on its own if a Lambda dies holding it.
 */
export function withSessionLease(handle: HandleRequest, options: SessionLeaseOptions): HandleRequest {
  const pause = options.pause ?? timer;
  return async function handleOneAtATime(input) {
    const holder = randomUUID();
    let waited = 0;
    for (let attempt = 0; ; attempt += 1) {
      const now = options.clock.now();
      const until = new Date(now.getTime() + options.leaseMs);
      if (await options.sessions.acquireLease(input.session_id, holder, until, now)) break;
      const step = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 1_000;
      if (waited + step > options.waitMs) throw new SessionBusyError(input.session_id);
      await pause(step);
      waited += step;
    }
    try {
      return await handle(input);
    } finally {
      await options.sessions.releaseLease(input.session_id, holder).catch(() => undefined);
    }
  };
}
