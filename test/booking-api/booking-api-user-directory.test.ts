import { describe, expect, it } from 'vitest';
import {
  bookingApiUserDirectory,
  IDENTITY_CACHE_TTL_MS,
  userDirectoryOf,
} from '../../lib/adapters/booking-api/booking-api-user-directory.ts';
import type { ActionCall, ActionOutcome, BookingApi } from '../../lib/ports/booking-api.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';

const registry = loadCompiledRegistry();
const identity = registry.serviceAction('identity');

/** A booking API that answers each call with the next outcome and records the calls. */
function scriptedApi(...outcomes: (ActionOutcome | Error)[]) {
  const calls: ActionCall[] = [];
  const api: BookingApi = {
    invoke: async (call) => {
      calls.push(call);
      const next = outcomes.shift();
      if (!next) throw new Error('no scripted outcome left');
      if (next instanceof Error) throw next;
      return next;
    },
  };
  return { api, calls };
}

const ME: ActionOutcome = {
  ok: true,
  status: 200,
  data: { user_id: 'user_ops_harbour', venue_id: 'venue_harbour' },
};

describe('bookingApiUserDirectory', () => {
  it('is the registry service read getCurrentUser, called with the token and no arguments', async () => {
    // Prepare
    const { api, calls } = scriptedApi(ME);
    const users = userDirectoryOf(api, registry, { clock: fixedClock('2026-11-21T09:30:00Z') });
    // Act
    const found = await users?.userOf('token-a');
    // Assess
    expect(identity?.action_id).toBe('getCurrentUser');
    expect(found).toEqual({ ok: true, user: { user_id: 'user_ops_harbour', venue_id: 'venue_harbour' } });
    expect(calls.map((c) => [c.action.action_id, c.args, c.token])).toEqual([
      ['getCurrentUser', {}, 'token-a'],
    ]);
  });

  it('reuses an answer per token within the TTL and reads again after it', async () => {
    // Prepare
    const clock = fixedClock('2026-11-21T09:30:00Z');
    const { api, calls } = scriptedApi(ME, ME, ME);
    const users = bookingApiUserDirectory(api, identity!, { clock });
    // Act
    await users.userOf('token-a');
    await users.userOf('token-a');
    await users.userOf('token-b');
    clock.advance(IDENTITY_CACHE_TTL_MS);
    await users.userOf('token-a');
    // Assess
    expect(calls.map((c) => c.token)).toEqual(['token-a', 'token-b', 'token-a']);
  });

  it('keeps no failure: a refused token is asked again', async () => {
    // Prepare
    const refused: ActionOutcome = {
      ok: false,
      status: 401,
      error_type: 'unauthorized',
      message: 'unknown token',
    };
    const { api, calls } = scriptedApi(refused, ME);
    const users = bookingApiUserDirectory(api, identity!, { clock: fixedClock('2026-11-21T09:30:00Z') });
    // Act
    const first = await users.userOf('token-a');
    const second = await users.userOf('token-a');
    // Assess
    expect(first).toEqual({ ok: false, status: 401, message: 'unknown token' });
    expect(second.ok).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('turns an unexpected shape or a thrown call into a failure, never a guessed user', async () => {
    // Prepare
    const { api } = scriptedApi(
      { ok: true, status: 200, data: { name: 'no id' } },
      new TypeError('fetch failed'),
    );
    const users = bookingApiUserDirectory(api, identity!, { clock: fixedClock('2026-11-21T09:30:00Z') });
    // Act
    const shape = await users.userOf('token-a');
    const thrown = await users.userOf('token-a');
    // Assess
    expect(shape).toEqual({
      ok: false,
      status: 200,
      message: 'the identity read answered an unexpected shape',
    });
    expect(thrown).toEqual({ ok: false, status: undefined, message: 'identity read failed: TypeError' });
  });

  it('is absent for a spec without an identity read', () => {
    // Act
    const users = userDirectoryOf(
      scriptedApi().api,
      { serviceAction: () => undefined },
      {
        clock: fixedClock('2026-11-21T09:30:00Z'),
      },
    );
    // Assess
    expect(users).toBeUndefined();
  });
});
