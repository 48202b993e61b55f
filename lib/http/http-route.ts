import type { z } from 'zod';

/**
 * One IQ-facing operation (openapi/service.yaml): how to validate its request, what to call, what to answer.
 * Routes live in lib/http/routes/; handlers in functions/ wrap them with createHttpHandler.
 */
export interface HttpRoute<TDeps, TInput> {
  /** operationId in openapi/service.yaml; also the `operation` key of every log line. */
  operationId: string;
  method: 'GET' | 'POST';
  /** API Gateway resource path, e.g. /v1/plans/{plan_id}/confirm. */
  path: string;
  /** zod schema over { path, query, body }; its output is the use case input. */
  input: z.ZodType<TInput>;
  /** Calls one use case; the result is the 200 body. Throws domain errors (mapped by error-mapping.ts). */
  run(deps: TDeps, input: TInput, token: string): Promise<unknown>;
  /** Correlation ids for the logs (plan_id, session_id). */
  correlationIds?(input: TInput): Record<string, string>;
}
