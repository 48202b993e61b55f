import * as z from 'zod';
import { UuidV4 } from '../../contracts/primitives.ts';

/** Field schemas shared by the routes; limits are documented in openapi/service.yaml. */
/**
 * plan_id is matched case-insensitively: ids are issued in lower case (UUID v4, RFC 9562 §4 output is lower case
 * and input is case-insensitive), so an upper-case copy is the same plan. Normalised here, at the HTTP boundary,
 * so the local gateway and API Gateway behave alike (openapi/service.yaml, PlanId).
 */
export const PlanIdParam = z.object({ plan_id: UuidV4.transform((id) => id.toLowerCase()) });
export const UserId = z.string().min(1, 'must not be empty').max(256);
export const SessionId = z.string().min(1, 'must not be empty').max(256);
/** Free text from the user (a request or an answer). */
export const UserText = z.string().trim().min(1, 'must not be empty').max(4000);
