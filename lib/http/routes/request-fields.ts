import * as z from 'zod';
import { UuidV4 } from '../../contracts/primitives.ts';

/** Field schemas shared by the routes; limits are documented in openapi/service.yaml. */
/**
 * plan_id is matched case-insensitively: ids are issued in lower case (UUID v4, RFC 9562 §4 output is lower case
 * and input is case-insensitive), so an upper-case copy is the same plan. Normalised here, at the HTTP boundary,
 * so the local gateway and API Gateway behave alike (openapi/service.yaml, PlanId).
 */
export const PlanIdParam = z.object({ plan_id: UuidV4.transform((id) => id.toLowerCase()) });
/**
 * Issue 27: ids are 1–128 characters of letters, digits and `. _ : @ -`. Anything else (NUL, control or
 * bidirectional-override characters, spaces, quotes) is a 400 naming the field, before it is stored, logged or
 * compared: an id is never free text.
 */
const SafeId = z
  .string()
  .min(1, 'must not be empty')
  .max(128, 'must be at most 128 characters')
  .regex(/^[A-Za-z0-9._:@-]+$/, 'may contain only letters, digits and . _ : @ -');
export const UserId = SafeId;
export const SessionId = SafeId;
/** Free text from the user (a request or an answer). */
export const UserText = z.string().trim().min(1, 'must not be empty').max(4000);
