/**
 * The library floor of an API handler (bench/lambda-bundles.ts): only the libraries the brief prescribes for one,
 * doing the least a handler does with them. zod parses a configuration, Powertools builds its Logger, middy wraps
 * the handler. No code of ours: the ratio of this bundle to the bare AWS SDK floor is the lowest an API handler
 * could reach without leaving these libraries.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import middy from '@middy/core';
import * as z from 'zod';

const config = z
  .object({
    LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
    PLANS_TABLE: z.string().default('plans'),
  })
  .parse(process.env);
const logger = new Logger({ serviceName: 'library-floor', logLevel: config.LOG_LEVEL });

export const handler = middy(async function libraryFloor() {
  logger.info('called');
  return { statusCode: 200, body: config.PLANS_TABLE };
});
