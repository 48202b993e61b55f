import { AuthRequiredError } from '../plans/errors.ts';

/** Header carrying the user's opaque auth token (issue 4). Lower-case: http-header-normalizer ran first. */
export const USER_TOKEN_HEADER = 'x-user-token';

/** Opaque, but a bearer token is printable ASCII without spaces; anything else cannot be valid. */
const TOKEN_SHAPE = /^[\x21-\x7e]{1,4096}$/;

/**
 * Reads X-User-Token. Missing or malformed → AuthRequiredError (401 auth_required). The token is returned for
 * pass-through only; it is never logged, traced, stored or echoed in an error message.
 */
export function readUserToken(headers: Record<string, string | undefined> | null | undefined): string {
  const token = headers?.[USER_TOKEN_HEADER];
  if (token === undefined || token.trim() === '') {
    throw new AuthRequiredError('the X-User-Token header is required');
  }
  if (!TOKEN_SHAPE.test(token)) throw new AuthRequiredError('the X-User-Token header is not a valid token');
  return token;
}
