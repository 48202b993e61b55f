import type { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config/config.ts';
import type { TracerPlugin } from '../observability/tracer-plugin.ts';
import { type Clock, systemClock } from '../ports/clock.ts';
import type { Tracer } from '../ports/tracer.ts';
import { buildTracer } from './build-tracer.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { resolveSecrets } from './resolve-secrets.ts';
import { secretsManagerReader } from './secrets-manager-reader.ts';

/** What every composition starts from: the config with its secrets resolved, the tracer and the clock. */
export interface Runtime {
  config: Config;
  tracer: Tracer;
  clock: Clock;
}

/** What differs between the compositions. */
export interface RuntimeNeeds {
  /** The composition builds the configured chat model, so GOOGLE_API_KEY_SECRET_ARN must be resolved first. */
  needsModelKey: boolean;
  /** Loads langchainTracing (planner, executor); none for confirm/get/answer. */
  plugins?: () => Promise<readonly TracerPlugin[]>;
}

/**
 * The first step of every composition, once per cold start: the secrets named by ARN (Secrets Manager is imported
 * only when an ARN is set), then the tracer (the injected one, or Langfuse with keys, or the no-op tracer).
 */
export async function resolveRuntime(
  config: Config,
  logger: Logger,
  overrides: Pick<CompositionOverrides, 'tracer' | 'readSecret' | 'clock'>,
  needs: RuntimeNeeds,
): Promise<Runtime> {
  const resolved = await resolveSecrets(config, {
    readSecret: overrides.readSecret ?? secretsManagerReader(config),
    logger,
    needsModelKey: needs.needsModelKey,
  });
  const tracer = await buildTracer({
    config: resolved,
    logger,
    override: overrides.tracer,
    ...(needs.plugins ? { plugins: needs.plugins } : {}),
  });
  return { config: resolved, tracer, clock: overrides.clock ?? systemClock };
}
