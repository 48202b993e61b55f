import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { buildWatchdogService, stuckBounds } from '../../lib/composition/watchdog-service.ts';
import { createLogger } from '../../lib/observability/logger.ts';
import { systemClock } from '../../lib/ports/clock.ts';
import { runOps } from './run-ops.ts';

/** Entry point of `npm run ops` (the only place here that touches process.env, argv and exit codes). */
process.exitCode = await runOps(
  process.argv.slice(2),
  process.env,
  {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  },
  {
    stuck: (config) => ({
      plans: new DynamoPlanStore({ client: createDocumentClient(config), tableName: config.PLANS_TABLE }),
      clock: systemClock,
      bounds: stuckBounds(config),
    }),
    watchdog: (config) => buildWatchdogService(config, createLogger({ ...config, LOG_LEVEL: 'WARN' })),
  },
);
