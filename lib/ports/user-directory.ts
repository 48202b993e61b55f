import * as z from 'zod';

/** The user a bearer token was issued to, as the booking API's identity read answers it (snake_case). */
export const TokenUser = z.object({
  user_id: z.string().min(1),
  /** The venue the token is scoped to, when the read names it. */
  venue_id: z.string().min(1).optional(),
});
export type TokenUser = z.infer<typeof TokenUser>;

/** Outcome of an identity read. Failures are data; `status` is undefined for a timeout or a dropped connection. */
export type UserLookup =
  | { ok: true; user: TokenUser }
  | { ok: false; status: number | undefined; message: string };

/**
 * Port (issue 27, ADR 0017): which user a token belongs to. At most one authenticated read per token and TTL (the
 * adapter caches successful answers); the token is never stored, logged or traced. Absent when the booking API
 * declares no identity read (then a request's user_id is bound only to the plan's creator).
 */
export interface UserDirectory {
  userOf(token: string): Promise<UserLookup>;
}
