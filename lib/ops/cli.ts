import { buildWatchdogService } from '../composition/watchdog-service.ts';
import { loadConfig } from '../config/config.ts';
import { createLogger } from '../observability/logger.ts';
import { runOps } from './run-ops.ts';

/** Entry point of `npm run ops` (the only place here that touches process.env, argv and exit codes). */
const config = loadConfig(process.env);
process.exitCode = await runOps(
  process.argv.slice(2),
  (c) => buildWatchdogService(c, createLogger({ ...c, LOG_LEVEL: 'WARN' })),
  config,
  {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  },
);
