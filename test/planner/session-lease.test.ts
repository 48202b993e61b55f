import { describe, expect, it } from 'vitest';
import { InMemorySessionStore } from '../../devkit/adapters/memory/in-memory-session-store.ts';
import type { HandleRequest, HandleRequestInput } from '../../lib/planner/request-outcome.ts';
import { SessionBusyError, withSessionLease } from '../../lib/planner/session-lease.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { aPlanOutcome } from '../api/outcomes.ts';

const input = (i: number): HandleRequestInput => ({
  session_id: 'sess-1',
  user_id: 'user-1',
  message: `message ${i}`,
  token: 'tok',
});

/** A planner that holds each request until `finish` is called. */
const OUTCOME = aPlanOutcome();

function slowPlanner() {
  const waiting: Array<() => void> = [];
  const handle: HandleRequest = async () => {
    await new Promise<void>((resolve) => waiting.push(resolve));
    return OUTCOME;
  };
  return {
    handle,
    finishAll: () => {
      for (const finish of waiting.splice(0)) finish();
    },
    started: () => waiting.length,
  };
}

/** The planner behind the lease over an in-memory session store; `pause` stands in for the backoff timer. */
function leased(handle: HandleRequest, pause: () => Promise<void>): HandleRequest {
  return withSessionLease(handle, {
    sessions: new InMemorySessionStore(),
    clock: fixedClock('2026-11-22T08:00:00.000Z'),
    waitMs: 8_000,
    leaseMs: 60_000,
    pause,
  });
}

describe('withSessionLease: one request at a time per session (issue 13)', () => {
  it('12 concurrent requests while the first is busy past the wait: 1 answered, 11 get SessionBusyError (409), none 503', async () => {
    // Prepare: waiting is instant (pauses resolve at once), so the bounded wait runs out while the first plans.
    const planner = slowPlanner();
    const handle = leased(planner.handle, async () => undefined);

    // Act
    const all = Array.from({ length: 12 }, (_, i) => handle(input(i)));
    const refused = await Promise.allSettled(all.slice(1));
    planner.finishAll();
    const first = await all[0];

    // Assess
    expect(first).toBe(OUTCOME);
    expect(refused.map((r) => (r.status === 'rejected' ? r.reason : r.value))).toEqual(
      Array.from({ length: 11 }, () => expect.any(SessionBusyError)),
    );
    expect(String((refused[0] as PromiseRejectedResult).reason.message)).toBe(
      'another request for this session is still being processed; send it again in a moment',
    );
  });

  it('a second request waits for the first and is then answered', async () => {
    // Prepare: the first request finishes while the second pauses.
    const planner = slowPlanner();
    const handle = leased(planner.handle, async () => {
      planner.finishAll();
    });

    // Act
    const first = handle(input(1));
    const second = handle(input(2));
    await first;
    const answered = second.then(async (v) => v);
    while (planner.started() === 0) await Promise.resolve();
    planner.finishAll();

    // Assess
    expect(await answered).toBe(OUTCOME);
  });
});
