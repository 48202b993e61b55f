import type { Logger } from '@aws-lambda-powertools/logger';
import * as z from 'zod';
import type { Config } from '../config/config.ts';

/**
 * Reads a secret's string value by id or ARN (Secrets Manager in AWS: lib/composition/secrets-manager-reader.ts,
 * which imports the SDK only when a secret is actually read). Resolves undefined when the secret has no string.
 */
export type ReadSecret = (secretId: string) => Promise<string | undefined>;

/** The secret behind LANGFUSE_SECRET_ARN (config.ts): `{"publicKey": "...", "secretKey": "..."}`. */
const LangfuseSecret = z.object({ publicKey: z.string().min(1), secretKey: z.string().min(1) });

type KeyConfig = Pick<Config, 'LANGFUSE_PUBLIC_KEY' | 'LANGFUSE_SECRET_KEY' | 'LANGFUSE_SECRET_ARN'>;

/**
 * Cold start of a deployed stack: fills LANGFUSE_PUBLIC_KEY/SECRET_KEY from the secret, then hand the result to
 * createTracer. Keys already in the environment win; no ARN means nothing to do (and `readSecret` is not called).
 * A missing or malformed secret turns tracing off with one warning instead of failing the Lambda (issue 7:
 * Langfuse never fails a request).
 */
export async function resolveLangfuseKeys<C extends KeyConfig>(
  config: C,
  readSecret: ReadSecret,
  logger?: Pick<Logger, 'warn'>,
): Promise<C> {
  if ((config.LANGFUSE_PUBLIC_KEY && config.LANGFUSE_SECRET_KEY) || !config.LANGFUSE_SECRET_ARN)
    return config;
  try {
    const keys = LangfuseSecret.parse(JSON.parse((await readSecret(config.LANGFUSE_SECRET_ARN)) ?? ''));
    return { ...config, LANGFUSE_PUBLIC_KEY: keys.publicKey, LANGFUSE_SECRET_KEY: keys.secretKey };
  } catch (error) {
    // The message names the failure kind only: a parse error could quote the secret.
    logger?.warn('langfuse keys unavailable; tracing off', {
      error_name: error instanceof Error ? error.name : typeof error,
    });
    return config;
  }
}
