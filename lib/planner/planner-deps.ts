import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Config } from '../config/config.ts';
import type { BookingApi } from '../ports/booking-api.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/ids.ts';
import type { PlanStore } from '../ports/plan-store.ts';
import type { SessionStore } from '../ports/session-store.ts';
import type { Tracer } from '../ports/tracer.ts';
import type { VenueDirectory } from '../ports/venue-directory.ts';
import type { ActionRegistry } from '../registry/action-registry.ts';

/** The config the planner reads (one Config object, STYLE 5). */
export type PlannerConfig = Pick<
  Config,
  'VENUE_TIMEZONE' | 'MAX_CLARIFICATIONS' | 'TOOL_RETRIEVAL_K' | 'HISTORY_MAX_MESSAGES' | 'SESSION_TTL_HOURS'
> &
  /** VENUE_LOCALE defaults to DEFAULT_VENUE_LOCALE, PLANNER_PREFETCH to true (lib/config/config.ts). */
  Partial<Pick<Config, 'VENUE_LOCALE' | 'PLANNER_PREFETCH'>>;

/** The registry views the planner uses; the real ActionRegistry satisfies it. */
export type PlannerRegistry = Pick<ActionRegistry, 'get' | 'modelVisible'>;

/** Structured logger (the Powertools logger satisfies it). Ids and outcomes only, never prompts or tokens. */
export interface PlannerLogger {
  debug(message: string, ...extra: Record<string, unknown>[]): void;
  info(message: string, ...extra: Record<string, unknown>[]): void;
  warn(message: string, ...extra: Record<string, unknown>[]): void;
  error(message: string, ...extra: Record<string, unknown>[]): void;
  /** Correlation keys for the rest of the invocation (lib/plans/ops-log.ts correlate). */
  appendKeys?(keys: Record<string, unknown>): void;
}

/**
 * Which registry actions play the three read-only roles of the Booking Resolution Flow (000). Deterministic code
 * calls them itself (summaries, before-images, slot checks) and tool retrieval always binds them.
 * Their parameter and response names follow the registry's snake_case convention (openapi/booking-api.yaml).
 */
export interface LookupRoles {
  /** Fuzzy search: takes search_text; responds { bookings: BookingListItem[] }. */
  search: string;
  /** One booking by booking_id. */
  get: string;
  /** Slots of product_id on date: { slots: { start_time, capacity, remaining }[] }. */
  availability: string;
}

export const DEFAULT_LOOKUP_ROLES: LookupRoles = {
  search: 'searchBookings',
  get: 'getBooking',
  availability: 'getAvailability',
};

/** Everything the planner needs, injected (STYLE 6). */
export interface PlannerDeps {
  registry: PlannerRegistry;
  bookingApi: BookingApi;
  planStore: PlanStore;
  sessionStore: SessionStore;
  /** A tool-calling chat model, or a factory called once per request (e.g. a fresh fake per test turn). */
  model: BaseChatModel | (() => BaseChatModel);
  clock: Clock;
  ids: IdSource;
  tracer: Tracer;
  logger: PlannerLogger;
  config: PlannerConfig;
  /** Default: DEFAULT_LOOKUP_ROLES (our booking API). */
  roles?: Partial<LookupRoles>;
  /**
   * ADR 0010: reads the token's venue once per proposed plan, stored as the plan's venue_id. Absent when the
   * booking API declares no venue read: plans then carry no venue.
   */
  venues?: VenueDirectory;
}
