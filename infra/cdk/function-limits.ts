/**
 * Timeouts and sizes of the six Lambdas, in one place (issue 28 "Deadlines"): the CDK stack
 * (constructs/service-handlers.ts) and the local stack (infra/local/local-gateway.ts, sqs-poller) both read them,
 * so a local run is killed where AWS would kill it. Plain numbers, no aws-cdk-lib import: the local stack loads
 * this file too.
 */

/** API Gateway REST integrations answer 504 after 29 s, whatever the Lambda is still doing (AWS quota). */
export const API_GATEWAY_TIMEOUT_MS = 29_000;

/** The handlers under functions/, by the file name they are built from. */
export const FUNCTION_NAMES = [
  'handle-request',
  'confirm-plan',
  'get-plan',
  'answer-prompt',
  'execute-plan',
  'watchdog',
] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

/** What one function may use. */
export interface FunctionLimits {
  /** The Lambda timeout; every booking API and model call is budgeted from what is left of it (lib/ports/deadline.ts). */
  readonly timeoutMs: number;
  readonly memorySize: number;
  /** Invoked by API Gateway, so its timeout must stay below {@link API_GATEWAY_TIMEOUT_MS}. */
  readonly behindApi: boolean;
}

/**
 * - handle-request (the planner): 28 s, under the gateway's 29 s, so the planner's own 503 reaches IQ instead of a
 *   bare 504.
 * - confirm, answer, status: a few DynamoDB/SQS calls and one token check (about 3 s budget); no model call.
 * - execute-plan: a whole plan per message, LLM turns plus booking calls of 30-120 s each (000 Constraints).
 * - watchdog: scans the plans table and drains the DLQ, well below its 5-minute schedule.
 */
export const FUNCTION_LIMITS: Readonly<Record<FunctionName, FunctionLimits>> = {
  'handle-request': { timeoutMs: 28_000, memorySize: 1024, behindApi: true },
  'confirm-plan': { timeoutMs: 10_000, memorySize: 512, behindApi: true },
  'get-plan': { timeoutMs: 10_000, memorySize: 512, behindApi: true },
  'answer-prompt': { timeoutMs: 10_000, memorySize: 512, behindApi: true },
  'execute-plan': { timeoutMs: 300_000, memorySize: 1024, behindApi: false },
  watchdog: { timeoutMs: 120_000, memorySize: 512, behindApi: false },
};

/** Function timeouts in ms, by name (the local stack may pass shorter ones for a test). */
export type FunctionTimeouts = Readonly<Record<FunctionName, number>>;

/** Raised when a set of timeouts breaks the gateway rule; names the function. */
export class FunctionLimitsError extends Error {
  override readonly name = 'FunctionLimitsError';
}

/**
 * The timeouts of {@link FUNCTION_LIMITS} with `overrides` applied, checked: positive whole milliseconds, and every
 * function behind the API below API Gateway's 29 s (a Lambda still running when the gateway gives up answers
 * nobody, and IQ sees a bare 504 instead of the ServiceError and retry contract).
 */
export function functionTimeouts(overrides: Partial<Record<FunctionName, number>> = {}): FunctionTimeouts {
  const timeout = (name: FunctionName): number => {
    const timeoutMs = overrides[name] ?? FUNCTION_LIMITS[name].timeoutMs;
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      throw new FunctionLimitsError(
        `${name}: timeout must be a positive whole number of ms, got ${timeoutMs}`,
      );
    if (FUNCTION_LIMITS[name].behindApi && timeoutMs >= API_GATEWAY_TIMEOUT_MS)
      throw new FunctionLimitsError(
        `${name}: timeout ${timeoutMs} ms must be below API Gateway's ${API_GATEWAY_TIMEOUT_MS} ms`,
      );
    return timeoutMs;
  };
  return {
    'handle-request': timeout('handle-request'),
    'confirm-plan': timeout('confirm-plan'),
    'get-plan': timeout('get-plan'),
    'answer-prompt': timeout('answer-prompt'),
    'execute-plan': timeout('execute-plan'),
    watchdog: timeout('watchdog'),
  };
}
