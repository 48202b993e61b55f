import type { UserDirectory } from '../ports/user-directory.ts';
import { AuthRequiredError, ServiceUnavailableError, TokenUserMismatchError } from './errors.ts';

/**
 * Port (issue 27, ADR 0017): proves that `userId` is the user `token` belongs to before an IQ operation reads or
 * writes anything. Throws TokenUserMismatchError (403), AuthRequiredError (401) or ServiceUnavailableError (503);
 * resolves otherwise.
 */
export type IdentityCheck = (userId: string, token: string) => Promise<void>;

const CANNOT_CHECK =
  'The booking system could not confirm who you are signed in as, so nothing was changed. Please try again shortly.';

/**
 * The IdentityCheck over the booking API's identity read (cached per token by the adapter):
 * - the token's user is `userId`: passes;
 * - another user (of this venue or another): 403, nothing read or written;
 * - the booking API refuses the token (401, unknown or expired): 401 auth_required;
 * - any other failure (5xx, 429, timeout, an unexpected shape): 503, since a check that cannot run must not pass.
 *
 * Without an identity read (a foreign spec: `users` undefined) it passes: the request's `user_id` is then bound
 * only as far as the plan operations bind it (the plan's creator, and the token's venue where there is a venue
 * read); IQ vouches for it behind IAM (docs/api.md, "Who may call what").
 */
export function tokenUserCheck(users: UserDirectory | undefined): IdentityCheck {
  return async function checkTokenUser(userId, token) {
    if (!users) return;
    const found = await users.userOf(token);
    if (found.ok) {
      if (found.user.user_id !== userId) throw new TokenUserMismatchError();
      return;
    }
    if (found.status === 401) throw new AuthRequiredError();
    throw new ServiceUnavailableError(CANNOT_CHECK);
  };
}
