import type { z } from 'zod';
import { InvalidInputError } from '../plans/errors.ts';

/** The parts of an API Gateway request a route validates. */
export interface RawRequest {
  path: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  /** Already JSON-parsed by http-json-body-parser on POST routes. */
  body: unknown;
}

/**
 * zod at the HTTP boundary: parses the request or throws InvalidInputError (400) naming the first bad field,
 * e.g. "user_id is required" or "plan_id: must be a UUID v4".
 */
export function parseRequestInput<T>(schema: z.ZodType<T>, raw: RawRequest): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue ? describeField(issue.path) : 'request';
  const missing = issue?.code === 'invalid_type' && /received undefined/.test(issue.message);
  const message = missing ? `${field} is required` : `${field}: ${issue?.message ?? 'invalid'}`;
  throw new InvalidInputError(field, message.slice(0, 500), { cause: parsed.error });
}

/** ['body', 'user_id'] → 'user_id'; ['body'] → 'request body'. The section (body/query/path) is implied. */
function describeField(path: readonly PropertyKey[]): string {
  const [section, ...rest] = path;
  if (rest.length === 0) return section === 'body' ? 'request body' : String(section ?? 'request');
  return rest.map(String).join('.');
}
