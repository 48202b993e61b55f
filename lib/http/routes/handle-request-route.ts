import * as z from 'zod';
import type { RequestServiceDeps } from '../../composition/request-service.ts';
import { RequestOutcome } from '../../planner/request-outcome.ts';
import type { HttpRoute } from '../http-route.ts';
import { SessionId, UserId, UserText } from './request-fields.ts';

const HandleRequestBody = z
  .object({ body: z.object({ session_id: SessionId, user_id: UserId, message: UserText }) })
  .transform((r) => r.body);

/**
 * POST /v1/requests (000 Handle Booking Update Request). The planner's outcome is parsed before it leaves:
 * a malformed plan is a 500 here, never a malformed answer to IQ.
 */
export const handleRequestRoute: HttpRoute<RequestServiceDeps, z.infer<typeof HandleRequestBody>> = {
  operationId: 'handleBookingUpdateRequest',
  method: 'POST',
  path: '/v1/requests',
  input: HandleRequestBody,
  correlationIds: (input) => ({ session_id: input.session_id }),
  run: async (deps, input, token) => RequestOutcome.parse(await deps.handleRequest({ ...input, token })),
};
