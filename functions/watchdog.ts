import type { Logger } from '@aws-lambda-powertools/logger';
import { lazy } from '../lib/composition/lazy.ts';
import { loadConfig } from '../lib/config/config.ts';
import { createLogger } from '../lib/observability/logger.ts';
import { type SweepDeps, type SweepSummary, sweepStuckPlans } from '../lib/plans/sweep-stuck-plans.ts';

const config = loadConfig(process.env);
const logger = createLogger(config);

/** One sweep per scheduled event; the summary (plan ids and counts only) is logged for the stuck-plans alarm. */
export function createHandler(deps: () => Promise<SweepDeps>, log: Logger) {
  return async function watchdog(): Promise<SweepSummary> {
    const summary = await sweepStuckPlans(await deps());
    log.info('watchdog sweep', {
      redriven: summary.redriven.length,
      failed: summary.failed.length,
      rolled_back: summary.rolled_back.length,
      expired: summary.expired.length,
      discarded: summary.discarded,
      failed_plan_ids: summary.failed,
      rolled_back_plan_ids: summary.rolled_back,
    });
    return summary;
  };
}

/**
 * Lambda entry point (EventBridge schedule, every 5 minutes): deps imported and built on the first invocation, once
 * per cold start (esbuild evaluates a dynamically imported module only when it is called: issue 12 cold start).
 */
export const handler = createHandler(
  lazy(async () =>
    (await import('../lib/composition/watchdog-service.ts')).buildWatchdogService(config, logger),
  ),
  logger,
);
