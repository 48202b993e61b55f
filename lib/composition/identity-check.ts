import { userDirectoryOf } from '../adapters/booking-api/booking-api-user-directory.ts';
import { budgetedIdentityCheck } from '../plans/budgeted-token-check.ts';
import { type IdentityCheck, tokenUserCheck } from '../plans/user-binding.ts';
import type { BookingApi } from '../ports/booking-api.ts';
import type { Clock } from '../ports/clock.ts';
import type { ActionRegistry } from '../registry/action-registry.ts';

/**
 * The token-user check of every IQ operation (issue 27, ADR 0017) over the registry's identity read, cached per
 * token for IDENTITY_CACHE_TTL_MS, under the token checks' budget (issue 28: TOKEN_CHECK_BUDGET_MS; past it, a
 * 503 and nothing written). It passes when the spec declares no identity read (a foreign API).
 */
export function identityCheckOf(
  bookingApi: BookingApi,
  registry: Pick<ActionRegistry, 'serviceAction'>,
  runtime: { clock: Clock; config: { TOKEN_CHECK_BUDGET_MS: number } },
): IdentityCheck {
  return budgetedIdentityCheck(
    tokenUserCheck(userDirectoryOf(bookingApi, registry, { clock: runtime.clock })),
    runtime.config.TOKEN_CHECK_BUDGET_MS,
  );
}
