import * as z from 'zod';
import type { PlanServiceDeps } from '../../composition/plan-service.ts';
import { confirmPlan } from '../../plans/confirm-plan.ts';
import type { HttpRoute } from '../http-route.ts';
import { planResponse } from './plan-response.ts';
import { PlanIdParam, UserId } from './request-fields.ts';

const ConfirmPlanRequest = z
  .object({ path: PlanIdParam, body: z.object({ user_id: UserId }) })
  .transform((r) => ({ plan_id: r.path.plan_id, user_id: r.body.user_id }));

/** POST /v1/plans/{plan_id}/confirm (000 Confirm Plan). */
export const confirmPlanRoute: HttpRoute<PlanServiceDeps, z.infer<typeof ConfirmPlanRequest>> = {
  operationId: 'confirmPlan',
  method: 'POST',
  path: '/v1/plans/{plan_id}/confirm',
  input: ConfirmPlanRequest,
  correlationIds: (input) => ({ plan_id: input.plan_id }),
  run: async (deps, input, token) => planResponse(await confirmPlan(deps, { ...input, token }), deps.isPii),
};
