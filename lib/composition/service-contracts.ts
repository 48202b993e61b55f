import type { PlanMessage } from '../ports/plan-queue.ts';

/**
 * The two use cases the spine calls but does not implement: the planner (POST /v1/requests) and the executor
 * (the SQS consumer). lib/planner and lib/executor provide them; lib/composition wires them in. Their shapes
 * are fixed here because openapi/service.yaml documents them to IQ.
 */

// One declaration of the IQ-facing outcome (openapi/service.yaml): the planner's.
export {
  PlanPresentation,
  RequestOutcome,
  StepPresentation,
} from '../planner/request-outcome.ts';

import type { RequestOutcome } from '../planner/request-outcome.ts';

/** Input of the planner: the request body plus the pass-through token (never logged or stored). */
export interface HandleRequestInput {
  session_id: string;
  user_id: string;
  message: string;
  token: string;
}

/**
 * The planner's use case. Throws typed errors of lib/plans/errors.ts for the boundary (AuthRequiredError when
 * the booking API rejects the token, ServiceUnavailableError with a public message, InvalidInputError…).
 */
export type HandleRequest = (input: HandleRequestInput) => Promise<RequestOutcome>;

/** The executor's use case: resolving acknowledges the SQS record; throwing makes SQS redeliver it. */
export type ExecutePlanMessage = (msg: PlanMessage) => Promise<void>;
