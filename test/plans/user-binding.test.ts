import { describe, expect, it } from 'vitest';
import { tokenUserCheck } from '../../lib/plans/user-binding.ts';
import type { UserDirectory, UserLookup } from '../../lib/ports/user-directory.ts';

/** A directory that answers `lookup` for every token and counts its reads. */
function directory(lookup: UserLookup) {
  const tokens: string[] = [];
  const users: UserDirectory = {
    userOf: async (token) => {
      tokens.push(token);
      return lookup;
    },
  };
  return { users, tokens };
}

describe('tokenUserCheck (issue 27, ADR 0017)', () => {
  it("passes when user_id is the token's user, after one read with that token", async () => {
    // Prepare
    const { users, tokens } = directory({ ok: true, user: { user_id: 'user-a', venue_id: 'v1' } });
    // Act
    const outcome = await tokenUserCheck(users)('user-a', 'token-a');
    // Assess
    expect(outcome).toBeUndefined();
    expect(tokens).toEqual(['token-a']);
  });

  it('refuses another user with TokenUserMismatchError (403), naming neither user', async () => {
    // Prepare
    const { users } = directory({ ok: true, user: { user_id: 'user-b' } });
    // Act
    const error = await tokenUserCheck(users)('user-a', 'token-b').catch((e: unknown) => e);
    // Assess
    expect(error).toMatchObject({
      name: 'TokenUserMismatchError',
      message:
        'user_id is not the user X-User-Token belongs to: a request may act only for the signed-in user. Nothing was changed.',
    });
    expect(String((error as Error).message)).not.toMatch(/user-a|user-b/);
  });

  it('answers a token the booking API refuses (401) with AuthRequiredError', async () => {
    // Prepare
    const { users } = directory({ ok: false, status: 401, message: 'unknown token' });
    // Act
    const error = await tokenUserCheck(users)('user-a', 'token-x').catch((e: unknown) => e);
    // Assess
    expect(error).toMatchObject({ name: 'AuthRequiredError' });
  });

  it.each([
    ['a 500', 500],
    ['a 429', 429],
    ['a 403', 403],
    ['a timeout', undefined],
  ])(
    'fails closed on %s: ServiceUnavailableError (503), since a check that cannot run must not pass',
    async (_c, status) => {
      // Prepare
      const { users } = directory({ ok: false, status, message: 'down' });
      // Act
      const error = await tokenUserCheck(users)('user-a', 'token-a').catch((e: unknown) => e);
      // Assess
      expect(error).toMatchObject({
        name: 'ServiceUnavailableError',
        publicMessage:
          'The booking system could not confirm who you are signed in as, so nothing was changed. Please try again shortly.',
      });
    },
  );

  it('passes without an identity read (a foreign spec): the plan operations still bind the plan creator', async () => {
    // Act
    const outcome = await tokenUserCheck(undefined)('anyone', 'any-token');
    // Assess
    expect(outcome).toBeUndefined();
  });
});
