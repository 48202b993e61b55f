import * as z from 'zod';
import { UuidV4 } from '../../contracts/primitives.ts';

/** Field schemas shared by the routes; limits are documented in openapi/service.yaml. */
export const PlanIdParam = z.object({ plan_id: UuidV4 });
export const UserId = z.string().min(1, 'must not be empty').max(256);
export const SessionId = z.string().min(1, 'must not be empty').max(256);
/** Free text from the user (a request or an answer). */
export const UserText = z.string().trim().min(1, 'must not be empty').max(4000);
