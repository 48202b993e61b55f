import type { Logger } from '@aws-lambda-powertools/logger';
import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import type { Config } from '../config/config.ts';

/** The secret behind LANGFUSE_SECRET_ARN (config.ts): `{"publicKey": "...", "secretKey": "..."}`. */
const LangfuseSecret = z.object({ publicKey: z.string().min(1), secretKey: z.string().min(1) });

type KeyConfig = Pick<Config, 'LANGFUSE_PUBLIC_KEY' | 'LANGFUSE_SECRET_KEY' | 'LANGFUSE_SECRET_ARN'>;

/**
 * Cold start of a deployed stack: fills LANGFUSE_PUBLIC_KEY/SECRET_KEY from the Secrets Manager secret, then hand the
 * result to createTracer. Keys already in the environment win; no ARN means nothing to do. A missing or malformed
 * secret turns tracing off with one warning instead of failing the Lambda (issue 7: Langfuse never fails a request).
 */
export async function resolveLangfuseKeys<C extends KeyConfig>(
  config: C,
  secrets: Pick<SecretsManagerClient, 'send'>,
  logger?: Pick<Logger, 'warn'>,
): Promise<C> {
  if ((config.LANGFUSE_PUBLIC_KEY && config.LANGFUSE_SECRET_KEY) || !config.LANGFUSE_SECRET_ARN)
    return config;
  try {
    const out = await secrets.send(new GetSecretValueCommand({ SecretId: config.LANGFUSE_SECRET_ARN }));
    const keys = LangfuseSecret.parse(JSON.parse(out.SecretString ?? ''));
    return { ...config, LANGFUSE_PUBLIC_KEY: keys.publicKey, LANGFUSE_SECRET_KEY: keys.secretKey };
  } catch (error) {
    // The message names the failure kind only: a parse error could quote the secret.
    logger?.warn('langfuse keys unavailable; tracing off', {
      error_name: error instanceof Error ? error.name : typeof error,
    });
    return config;
  }
}
