import { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config/config.ts';
import { redactReplacer } from './redact.ts';

/**
 * Structured JSON logger (Powertools) whose replacer drops secrets and masks PII, so a careless
 * `logger.info('x', { token })` still never prints the token.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>,
  serviceName = 'booking-update-service',
): Logger {
  return new Logger({
    serviceName,
    logLevel: config.LOG_LEVEL,
    jsonReplacerFn: redactReplacer,
  });
}
