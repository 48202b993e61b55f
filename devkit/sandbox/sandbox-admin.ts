import { type ActiveFault, type FaultInput, FaultSpec } from './faults.ts';
import type { RateLimitRule } from './fixture-schema.ts';
import type { JournalEntry } from './journal.ts';
import type { ResetSummary, SandboxCore } from './sandbox-core.ts';
import { SandboxApiError } from './sandbox-error.ts';
import type { BookingRecord, PaymentLinkRecord, RefundRecord, SentConfirmation } from './sandbox-state.ts';

/** Side effects that leave no trace on the booking itself. */
export interface SideEffects {
  confirmations: SentConfirmation[];
  paymentLinks: PaymentLinkRecord[];
  refunds: RefundRecord[];
}

/**
 * The programmatic admin API, the same operations as the HTTP one under /__admin (docs/sandbox.md).
 * Everything returned is a copy: a test cannot change the sandbox by mutating what it read.
 */
export interface SandboxAdmin {
  /** Reloads the current fixture, or loads `fixture` (throws FixtureError when it is invalid). */
  reset(fixture?: unknown): ResetSummary;
  booking(bookingId: string): BookingRecord | undefined;
  bookingByReference(reference: string): BookingRecord | undefined;
  bookings(): BookingRecord[];
  journal(filter?: { operation?: string }): JournalEntry[];
  /** Validates and queues a fault; a bad spec or unknown operation is a SandboxApiError (400). */
  injectFault(fault: FaultInput): ActiveFault;
  faults(): ActiveFault[];
  clearFaults(): number;
  /** Overrides one token's rate limit until the next reset; null lifts it. */
  setRateLimit(token: string, rule: RateLimitRule | null): void;
  sideEffects(): SideEffects;
}

export function createSandboxAdmin(core: SandboxCore): SandboxAdmin {
  return {
    reset: (fixture) => core.reset(fixture),
    booking: (bookingId) => copy(core.state.bookings.get(bookingId)),
    bookingByReference: (reference) =>
      copy([...core.state.bookings.values()].find((b) => b.bookingReference === reference)),
    bookings: () => [...core.state.bookings.values()].map((b) => structuredClone(b)),
    journal: (filter) => core.journal.list(filter?.operation),
    injectFault(fault) {
      const parsed = FaultSpec.safeParse(fault);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
        throw new SandboxApiError(400, 'invalid_fault', `invalid fault: ${problems.join('; ')}`);
      }
      const { operation } = parsed.data;
      if (operation !== '*' && !core.operationIds().includes(operation)) {
        throw new SandboxApiError(400, 'invalid_fault', `unknown operation ${operation}`);
      }
      return core.faults.add(parsed.data);
    },
    faults: () => core.faults.list(),
    clearFaults() {
      const count = core.faults.list().length;
      core.faults.clear();
      return count;
    },
    setRateLimit: (token, rule) => core.limiter.set(token, rule),
    sideEffects: () =>
      structuredClone({
        confirmations: core.state.confirmations,
        paymentLinks: core.state.paymentLinks,
        refunds: core.state.refunds,
      }),
  };
}

function copy<T>(value: T | undefined): T | undefined {
  return value === undefined ? undefined : structuredClone(value);
}
