import { SandboxApiError } from './sandbox-error.ts';
import type { SandboxState, TokenGrant } from './sandbox-state.ts';

/** Who is calling: the token (kept only for rate limiting) and what it grants. */
export interface Principal {
  token: string;
  grant: TokenGrant;
}

/**
 * Bearer-token auth against the fixture's tokens: missing, unknown or expired → 401. The message never
 * echoes the token (issue 3: never the token).
 */
export function authenticate(state: SandboxState, authorization: string | undefined, now: Date): Principal {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw unauthorized('missing bearer token: send Authorization: Bearer <token>');
  const token = match[1]!;
  const grant = state.tokens.get(token);
  if (!grant) throw unauthorized('unknown token: re-authenticate');
  if (grant.expiresAt && grant.expiresAt.getTime() <= now.getTime()) {
    throw unauthorized('token expired: re-authenticate');
  }
  return { token, grant };
}

function unauthorized(message: string): SandboxApiError {
  return new SandboxApiError(401, 'unauthorized', message);
}
