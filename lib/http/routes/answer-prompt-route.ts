import * as z from 'zod';
import type { PlanServiceDeps } from '../../composition/plan-service.ts';
import { answerBlockingPrompt } from '../../plans/answer-blocking-prompt.ts';
import type { HttpRoute } from '../http-route.ts';
import { planResponse } from './plan-response.ts';
import { PlanIdParam, UserId, UserText } from './request-fields.ts';

const AnswerPromptRequest = z
  .object({ path: PlanIdParam, body: z.object({ user_id: UserId, user_message: UserText }) })
  .transform((r) => ({
    plan_id: r.path.plan_id,
    user_id: r.body.user_id,
    user_message: r.body.user_message,
  }));

/** POST /v1/plans/{plan_id}/answer (000 Submit Blocking Prompt Answer). */
export const answerPromptRoute: HttpRoute<PlanServiceDeps, z.infer<typeof AnswerPromptRequest>> = {
  operationId: 'answerBlockingPrompt',
  method: 'POST',
  path: '/v1/plans/{plan_id}/answer',
  input: AnswerPromptRequest,
  correlationIds: (input) => ({ plan_id: input.plan_id }),
  run: async (deps, input, token) =>
    planResponse(await answerBlockingPrompt(deps, { ...input, token }), deps.isPii),
};
