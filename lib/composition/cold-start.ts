import type { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config/config.ts';
import { createLogger } from '../observability/logger.ts';
import type { TracerPlugin } from '../observability/tracer-plugin.ts';
import type { Tracer } from '../ports/tracer.ts';
import { buildTracer } from './build-tracer.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { resolveSecrets } from './resolve-secrets.ts';
import { secretsManagerReader } from './secrets-manager-reader.ts';

/** One Lambda's logger and tracer, and the config with its secrets resolved. */
export interface ColdStart {
  config: Config;
  logger: Logger;
  tracer: Tracer;
}

/** What differs between the compositions. */
export interface ColdStartNeeds {
  /** langchainTracing for the planner and executor; none for confirm/get/answer (issue 4 cold start). */
  plugins?: readonly TracerPlugin[];
  /** The composition builds the configured chat model, so GOOGLE_API_KEY_SECRET_ARN must be resolved first. */
  needsModelKey: boolean;
}

/**
 * The first thing every composition does at cold start: the Powertools logger (redacting replacer; cold_start
 * comes from logger.addContext in the handlers), the secrets named by ARN (Secrets Manager is imported only when
 * an ARN is set), then the tracer: the injected one, or Langfuse with keys, or the no-op tracer without.
 */
export async function coldStart(
  config: Config,
  overrides: Pick<CompositionOverrides, 'tracer' | 'readSecret'>,
  needs: ColdStartNeeds,
): Promise<ColdStart> {
  const logger = createLogger(config);
  const resolved = await resolveSecrets(config, {
    readSecret: overrides.readSecret ?? secretsManagerReader(config),
    logger,
    needsModelKey: needs.needsModelKey,
  });
  const tracer = buildTracer({
    config: resolved,
    logger,
    override: overrides.tracer,
    ...(needs.plugins ? { plugins: needs.plugins } : {}),
  });
  return { config: resolved, logger, tracer };
}
