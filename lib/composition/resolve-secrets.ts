import type { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config/config.ts';
import { type ReadSecret, resolveLangfuseKeys } from '../observability/resolve-langfuse-keys.ts';

/**
 * A secret the service cannot start without (the Gemini key) is missing or unusable. The message names the
 * variable and the kind of failure, never the secret's value.
 */
export class SecretResolutionError extends Error {
  override readonly name = 'SecretResolutionError';
  constructor(
    readonly variable: string,
    why: string,
    options?: { cause?: unknown },
  ) {
    super(`${variable}: ${why}`, options);
  }
}

/** Options of resolveSecrets. */
export interface ResolveSecretsOptions {
  /** Reads a secret by ARN; called only for ARNs that are set (default: none, so an ARN is an error). */
  readSecret: ReadSecret;
  logger: Pick<Logger, 'warn'>;
  /** True for the planner and executor when they build the configured model (LLM_PROVIDER=gemini). */
  needsModelKey: boolean;
}

/** A plain-string API key: one token, no whitespace, not a JSON document. */
const API_KEY_SHAPE = /^[\x21-\x7e]{8,512}$/;

async function resolveGeminiKey(config: Config, readSecret: ReadSecret): Promise<Config> {
  const arn = config.GOOGLE_API_KEY_SECRET_ARN;
  if (config.GOOGLE_API_KEY || !arn) return config;
  let value: string | undefined;
  try {
    value = await readSecret(arn);
  } catch (error) {
    const kind = error instanceof Error ? error.name : typeof error;
    throw new SecretResolutionError('GOOGLE_API_KEY_SECRET_ARN', `the secret could not be read (${kind})`, {
      cause: error,
    });
  }
  const key = value?.trim();
  if (!key) throw new SecretResolutionError('GOOGLE_API_KEY_SECRET_ARN', 'the secret has no string value');
  if (key.startsWith('{') || !API_KEY_SHAPE.test(key))
    throw new SecretResolutionError('GOOGLE_API_KEY_SECRET_ARN', 'the secret is not a plain-string API key');
  return { ...config, GOOGLE_API_KEY: key };
}

/**
 * Cold start: fills the secrets config names by ARN. Langfuse keys from LANGFUSE_SECRET_ARN (a bad secret turns
 * tracing off with a warning: Langfuse never fails a request); the Gemini key from GOOGLE_API_KEY_SECRET_ARN
 * before createChatModel is called (a bad secret is a startup error naming the variable). Values already in the
 * environment win, and nothing is read when no ARN is set.
 */
export async function resolveSecrets(config: Config, options: ResolveSecretsOptions): Promise<Config> {
  const traced = await resolveLangfuseKeys(config, options.readSecret, options.logger);
  const needsKey = options.needsModelKey && traced.LLM_PROVIDER === 'gemini';
  return needsKey ? resolveGeminiKey(traced, options.readSecret) : traced;
}
