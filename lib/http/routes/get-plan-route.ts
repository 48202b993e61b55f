import * as z from 'zod';
import type { PlanStatusDeps } from '../../composition/plan-status-service.ts';
import { getPlanStatus } from '../../plans/get-plan-status.ts';
import type { HttpRoute } from '../http-route.ts';
import { planResponse } from './plan-response.ts';
import { PlanIdParam, UserId } from './request-fields.ts';

const GetPlanRequest = z
  .object({ path: PlanIdParam, query: z.object({ user_id: UserId }) })
  .transform((r) => ({ plan_id: r.path.plan_id, user_id: r.query.user_id }));

/** GET /v1/plans/{plan_id}?user_id=… (000 Get Plan Status). The token proves the user and the venue (ADR 0017). */
export const getPlanRoute: HttpRoute<PlanStatusDeps, z.infer<typeof GetPlanRequest>> = {
  operationId: 'getPlanStatus',
  method: 'GET',
  path: '/v1/plans/{plan_id}',
  input: GetPlanRequest,
  correlationIds: (input) => ({ plan_id: input.plan_id }),
  run: async (deps, input, token) => planResponse(await getPlanStatus(deps, { ...input, token }), deps.isPii),
};
