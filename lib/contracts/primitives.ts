import * as z from 'zod';

/** 001: date is ISO 8601 YYYY-MM-DD. */
export const IsoDate = z.iso.date({ error: 'must be an ISO date YYYY-MM-DD' });
/** 001: datetime is ISO 8601, UTC (e.g. 2024-03-15T14:30:00Z). */
export const IsoDateTime = z.iso.datetime({
  error: 'must be an ISO 8601 UTC datetime, e.g. 2024-03-15T14:30:00Z',
});
/** 001: time is HH:MM 24-hour, local venue time. */
export const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time HH:MM');
/** 001: parameter names are snake_case. */
export const SnakeCase = z.string().regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, 'must be snake_case');
/** 001: plan_id is a UUID v4. */
export const UuidV4 = z.uuid({ version: 'v4', error: 'must be a UUID v4' });
