import type { z } from 'zod';
import type { ConfigSchema } from '../../lib/config/config.ts';

/**
 * Lambda environment keyed by the variable names of lib/config/config.ts, so a renamed config variable breaks
 * the typecheck here instead of silently falling back to a default in production.
 */
export type ServiceEnvironment = Partial<Record<keyof z.input<typeof ConfigSchema>, string>>;

/** Values every handler needs: where the data lives and what to call. */
export interface BaseEnvironmentInput {
  readonly stage: string;
  readonly plansTable: string;
  readonly sessionsTable: string;
  readonly executionsTable: string;
  readonly planQueueUrl: string;
  readonly bookingApiUrl: string;
}

/** Secrets a handler may use. Each value is a Secrets Manager ARN resolved at cold start, never the secret. */
export interface SecretEnvironmentInput {
  readonly geminiSecretArn?: string | undefined;
  readonly langfuseSecretArn?: string | undefined;
  readonly langfuseBaseUrl?: string | undefined;
}

/**
 * Builds one handler's environment. Only ARNs of secrets appear here (issue 4: "never plain environment values
 * in the template"); LLM_PROVIDER is gemini exactly when the Gemini key is available.
 */
export function serviceEnvironment(
  base: BaseEnvironmentInput,
  secrets: SecretEnvironmentInput = {},
): ServiceEnvironment {
  const env: ServiceEnvironment = {
    STAGE: base.stage,
    LOG_LEVEL: 'INFO',
    PLANS_TABLE: base.plansTable,
    SESSIONS_TABLE: base.sessionsTable,
    EXECUTIONS_TABLE: base.executionsTable,
    PLAN_QUEUE_URL: base.planQueueUrl,
    BOOKING_API_URL: base.bookingApiUrl,
  };
  if (secrets.geminiSecretArn !== undefined) {
    env.LLM_PROVIDER = 'gemini';
    env.GOOGLE_API_KEY_SECRET_ARN = secrets.geminiSecretArn;
  }
  if (secrets.langfuseSecretArn !== undefined) {
    env.LANGFUSE_SECRET_ARN = secrets.langfuseSecretArn;
    if (secrets.langfuseBaseUrl !== undefined) env.LANGFUSE_BASE_URL = secrets.langfuseBaseUrl;
  }
  return env;
}
