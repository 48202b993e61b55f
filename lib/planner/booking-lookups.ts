import type { ErrorType } from '../contracts/enums.ts';
import { AuthRequiredError } from '../plans/errors.ts';
import type { BookingApi } from '../ports/booking-api.ts';
import type { CompiledAction } from '../registry/compiled-action.ts';
import { type BookingRecord, bookingsOf } from './booking-record.ts';
import { BookingLookupUnavailableError } from './errors.ts';
import type { LookupRoles, PlannerRegistry } from './planner-deps.ts';

/** What a lookup returns to the model: data, or a failure it can read (STYLE 4). */
export type LookupResult =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; error_type: ErrorType; message: string };

/** One day's slot of a product (openapi Slot, snake_case). */
export interface Slot {
  start_time: string;
  capacity: number;
  remaining: number;
}

/** Failures that are infrastructure, not data: they stop planning (thrown, STYLE 4). */
const UNAVAILABLE: readonly ErrorType[] = ['rate_limited', 'server_error', 'timeout'];

/**
 * Read-only calls to the booking API during planning, with the user's token (never stored or logged here).
 * 401 → AuthRequiredError; 429/5xx/timeout → BookingLookupUnavailableError; 400/403/404/409 → data for the model.
 * Mutations are refused: they only ever appear as plan steps (000 Security: all mutations need confirmation).
 */
export class BookingLookups {
  constructor(
    private readonly api: BookingApi,
    private readonly registry: PlannerRegistry,
    private readonly roles: LookupRoles,
    private readonly token: string,
  ) {}

  /**
   * Product names the lookups of this turn returned, by product id (availability, product lists, bookings), so a
   * plan is shown with "Birthday Party Room", never "prod_party_room" (issue 30).
   */
  readonly productNames = new Map<string, string>();

  /** Runs one read-only action. */
  async run(action: CompiledAction, args: Record<string, unknown>): Promise<LookupResult> {
    if (!action.read_only || action.safety_tier === 'blocked' || action.execution_only) {
      return {
        ok: false,
        error_type: 'bad_request',
        message: `${action.action_id} cannot run while planning`,
      };
    }
    let outcome: Awaited<ReturnType<BookingApi['invoke']>>;
    try {
      outcome = await this.api.invoke({ action, args, token: this.token });
    } catch (error) {
      throw new BookingLookupUnavailableError(action.action_id, undefined, { cause: error });
    }
    if (outcome.ok) {
      collectProductNames(outcome.data, this.productNames);
      return { ok: true, data: outcome.data };
    }
    if (outcome.status === 401) {
      throw new AuthRequiredError(undefined, {
        cause: new Error(`booking API answered 401 to ${action.action_id}`),
      });
    }
    if (UNAVAILABLE.includes(outcome.error_type)) {
      throw new BookingLookupUnavailableError(action.action_id, outcome.retry_after_seconds, {
        cause: new Error(
          `booking API ${outcome.status ?? 'no response'} on ${action.action_id}: ${outcome.message}`,
        ),
      });
    }
    return { ok: false, error_type: outcome.error_type, message: outcome.message };
  }

  /** The search role; [] when the role is not in the registry or the search failed as data. */
  async search(searchText: string): Promise<BookingRecord[]> {
    const result = await this.runRole('search', { search_text: searchText });
    return result?.ok ? bookingsOf(result.data) : [];
  }

  /** The get role; undefined when absent (404) or the role is not in the registry. */
  async getBooking(bookingId: string): Promise<Record<string, unknown> | undefined> {
    const result = await this.runRole('get', { booking_id: bookingId });
    return result?.ok ? result.data : undefined;
  }

  /** The availability role: the day's slots, or undefined when unknown. */
  async slots(productId: string, date: string): Promise<Slot[] | undefined> {
    const result = await this.runRole('availability', { product_id: productId, date });
    if (!result?.ok || !Array.isArray(result.data.slots)) return undefined;
    return result.data.slots.flatMap((s): Slot[] => {
      const slot = s as Partial<Slot>;
      return typeof slot.start_time === 'string' && typeof slot.remaining === 'number'
        ? [
            {
              start_time: slot.start_time,
              capacity: Number(slot.capacity ?? slot.remaining),
              remaining: slot.remaining,
            },
          ]
        : [];
    });
  }

  /** True when the registry holds a model-visible action for this role. */
  has(role: keyof LookupRoles): boolean {
    const action = this.registry.get(this.roles[role]);
    return action !== undefined && action.safety_tier !== 'blocked' && !action.execution_only;
  }

  private async runRole(
    role: keyof LookupRoles,
    args: Record<string, unknown>,
  ): Promise<LookupResult | undefined> {
    const action = this.registry.get(this.roles[role]);
    if (!action || action.safety_tier === 'blocked' || action.execution_only) return undefined;
    return this.run(action, args);
  }
}

/** Every `{product_id, product_name | name}` pair in a lookup's data, at any depth (bounded). */
function collectProductNames(data: unknown, into: Map<string, string>, depth = 0): void {
  if (depth > 6 || data === null || typeof data !== 'object') return;
  if (Array.isArray(data)) {
    for (const item of data) collectProductNames(item, into, depth + 1);
    return;
  }
  const record = data as Record<string, unknown>;
  const id = record.product_id;
  const name = record.product_name ?? record.name;
  if (typeof id === 'string' && typeof name === 'string' && name.trim() !== '') into.set(id, name.trim());
  for (const value of Object.values(record)) collectProductNames(value, into, depth + 1);
}
