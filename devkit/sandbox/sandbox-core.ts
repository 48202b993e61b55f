import type { Clock } from '../../lib/ports/clock.ts';
import { FaultRegistry } from './faults.ts';
import type { Fixture } from './fixture-schema.ts';
import { IdempotencyStore } from './idempotency-store.ts';
import { Journal } from './journal.ts';
import { buildState, parseFixture } from './load-fixture.ts';
import type { SpecOperation } from './openapi-spec.ts';
import { operationHandlers } from './operations/index.ts';
import type { OperationHandler } from './operations/operation.ts';
import { RateLimiter, type RateLimitOptions } from './rate-limiter.ts';
import { RequestValidator } from './request-validator.ts';
import { Router } from './router.ts';
import type { SandboxState } from './sandbox-state.ts';

/** What a reset loaded: enough for a test or an evaluator to address the bookings. */
export interface ResetSummary {
  venues: string[];
  tokens: number;
  bookings: Array<{
    bookingId: string;
    bookingReference: string;
    guestName: string;
    date: string;
    status: string;
  }>;
}

/** Raised at startup when the spec has an operation the sandbox does not implement. */
export class SandboxSetupError extends Error {
  override readonly name = 'SandboxSetupError';
}

/**
 * Everything the sandbox holds, independent of HTTP: the database, faults, journal, idempotency records and
 * rate-limit counters, plus the spec's operations with their compiled validators and handlers.
 */
export class SandboxCore {
  state: SandboxState;
  readonly faults = new FaultRegistry();
  readonly journal = new Journal();
  readonly idempotency = new IdempotencyStore();
  readonly limiter: RateLimiter;
  readonly router: Router;
  private readonly validators = new Map<string, RequestValidator>();
  private readonly handlers = new Map<string, OperationHandler>();
  private fixture: Fixture;

  constructor(
    operations: SpecOperation[],
    fixture: unknown,
    readonly clock: Clock,
    rateLimit?: RateLimitOptions,
  ) {
    const missing = operations.filter((op) => !operationHandlers[op.operationId]).map((op) => op.operationId);
    if (missing.length > 0) throw new SandboxSetupError(`sandbox has no handler for: ${missing.join(', ')}`);
    for (const op of operations) {
      this.validators.set(op.operationId, new RequestValidator(op));
      this.handlers.set(op.operationId, operationHandlers[op.operationId]!);
    }
    this.router = new Router(operations);
    this.limiter = new RateLimiter(clock, rateLimit);
    this.fixture = parseFixture(fixture);
    this.state = buildState(this.fixture, clock.now());
  }

  operationIds(): string[] {
    return [...this.handlers.keys()];
  }

  validator(operationId: string): RequestValidator {
    return this.validators.get(operationId)!;
  }

  handler(operationId: string): OperationHandler {
    return this.handlers.get(operationId)!;
  }

  /**
   * Back to a clean sandbox: a new fixture (which then becomes the one later resets reload) or the current
   * one again, with relative dates re-resolved; faults, journal, idempotency and rate limits cleared.
   */
  reset(fixture?: unknown): ResetSummary {
    const next = fixture === undefined ? this.fixture : parseFixture(fixture);
    this.state = buildState(next, this.clock.now());
    this.fixture = next;
    this.faults.clear();
    this.journal.clear();
    this.idempotency.clear();
    this.limiter.reset();
    return this.summary();
  }

  summary(): ResetSummary {
    return {
      venues: [...this.state.venues.keys()],
      tokens: this.state.tokens.size,
      bookings: [...this.state.bookings.values()].map((b) => ({
        bookingId: b.bookingId,
        bookingReference: b.bookingReference,
        guestName: b.guestName,
        date: b.date,
        status: b.status,
      })),
    };
  }
}
