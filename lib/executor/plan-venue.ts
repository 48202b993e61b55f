import type { VenueSettings } from '../dates/same-when.ts';
import type { StoredPlan } from '../plans/stored-plan.ts';
import type { ExecutorConfig } from './executor-deps.ts';
import type { StepContext } from './run-context.ts';

/**
 * Issue 27: the timezone and locale a plan's dates, times and answers are read in: the ones it was planned under,
 * so a plan never changes meaning between planning and execution (another venue's config, a changed default).
 * An older plan without them falls back to VENUE_TIMEZONE / VENUE_LOCALE, as it was planned then.
 */
export function planVenue(
  plan: Pick<StoredPlan, 'venue_timezone' | 'venue_locale'>,
  config: Pick<ExecutorConfig, 'VENUE_TIMEZONE' | 'VENUE_LOCALE'>,
): VenueSettings {
  return {
    timeZone: plan.venue_timezone ?? config.VENUE_TIMEZONE,
    locale: plan.venue_locale ?? config.VENUE_LOCALE,
  };
}

/** The venue of a step context: the plan's (set where the context is built), else the config's. */
export function contextVenue(
  ctx: Pick<StepContext, 'venue'> & {
    deps: { config: Pick<ExecutorConfig, 'VENUE_TIMEZONE' | 'VENUE_LOCALE'> };
  },
): VenueSettings {
  return ctx.venue ?? planVenue({}, ctx.deps.config);
}
