import type { BookingApi } from '../../ports/booking-api.ts';
import type { Clock } from '../../ports/clock.ts';
import { TokenUser, type UserDirectory, type UserLookup } from '../../ports/user-directory.ts';
import type { ActionRegistry } from '../../registry/action-registry.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import { cachePerToken } from './token-cache.ts';

/** Issue 27: a token's user is read again after this long (a revoked token keeps working no longer than this). */
export const IDENTITY_CACHE_TTL_MS = 5 * 60_000;

/** Options of {@link bookingApiUserDirectory}. */
export interface UserDirectoryOptions {
  clock: Clock;
  /** Default {@link IDENTITY_CACHE_TTL_MS}. */
  ttlMs?: number;
}

/**
 * The UserDirectory over the booking API: the registry's service read `identity` (overlay `service_role`,
 * ADR 0017), called with the token and no arguments. A response of another shape is a failure, never a guessed
 * user. Successful answers are reused per token for `ttlMs` (cachePerToken: keyed by a hash, never the token).
 */
export function bookingApiUserDirectory(
  api: BookingApi,
  action: CompiledAction,
  options: UserDirectoryOptions,
): UserDirectory {
  const userOf = cachePerToken(
    async function readTokenUser(token: string): Promise<UserLookup> {
      let outcome: Awaited<ReturnType<BookingApi['invoke']>>;
      try {
        outcome = await api.invoke({ action, args: {}, token });
      } catch (error) {
        return { ok: false, status: undefined, message: `identity read failed: ${errorName(error)}` };
      }
      if (!outcome.ok) return { ok: false, status: outcome.status, message: outcome.message };
      const parsed = TokenUser.safeParse(outcome.data);
      if (parsed.success) return { ok: true, user: parsed.data };
      return { ok: false, status: outcome.status, message: 'the identity read answered an unexpected shape' };
    },
    (answer) => answer.ok,
    { ttlMs: options.ttlMs ?? IDENTITY_CACHE_TTL_MS, clock: options.clock },
  );
  return { userOf };
}

/** The directory when the registry declares an identity read; undefined for an API without one (Square, DigitalOcean). */
export function userDirectoryOf(
  api: BookingApi,
  registry: Pick<ActionRegistry, 'serviceAction'>,
  options: UserDirectoryOptions,
): UserDirectory | undefined {
  const action = registry.serviceAction('identity');
  return action ? bookingApiUserDirectory(api, action, options) : undefined;
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'unknown error';
}
