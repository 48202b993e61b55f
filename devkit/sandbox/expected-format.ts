/** Formats a model or a person can act on, for the `expectedFormat` of a 400 (issue 3). */
const FORMATS: Record<string, string> = {
  date: 'YYYY-MM-DD (ISO date, e.g. 2026-03-14)',
  'date-time': 'an ISO 8601 UTC datetime, e.g. 2026-03-14T15:00:00Z',
  email: 'an email address, e.g. guest@example.com',
  uuid: 'a UUID',
};

/** Spec patterns that deserve a readable name rather than the raw regex. */
const PATTERNS: Record<string, string> = {
  '^([01]\\d|2[0-3]):[0-5]\\d$': 'HH:MM (24-hour, e.g. 15:00)',
  '^bk_[a-z0-9]+$': 'a booking id like bk_3f9a1c2e7b40 (not the BK- reference)',
  '^\\+?[0-9 ()-]{6,20}$': 'a phone number of 6-20 digits, e.g. +61 412 345 678',
  '^\\d{4}-\\d{2}-\\d{2}$': FORMATS.date!,
};

/** Describes what a value of `schema` looks like: enum, format, known pattern, then type and limits. */
export function expectedFormat(schema: Record<string, unknown> | undefined): string {
  if (!schema) return 'a value';
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map(String).join(', ')}`;
  if (typeof schema.format === 'string' && FORMATS[schema.format]) return FORMATS[schema.format]!;
  if (typeof schema.pattern === 'string') {
    return PATTERNS[schema.pattern] ?? `text matching /${schema.pattern}/`;
  }
  switch (schema.type) {
    case 'integer':
      return `an integer${range(schema.minimum, schema.maximum)}`;
    case 'number':
      return `a number${range(schema.minimum, schema.maximum)}`;
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'a JSON object';
    case 'array':
      return 'a JSON array';
    case 'string':
      return `text${length(schema.minLength, schema.maxLength)}`;
    default:
      return 'a value';
  }
}

function range(min: unknown, max: unknown): string {
  if (typeof min === 'number' && typeof max === 'number') return ` from ${min} to ${max}`;
  if (typeof min === 'number') return ` of at least ${min}`;
  if (typeof max === 'number') return ` of at most ${max}`;
  return '';
}

function length(min: unknown, max: unknown): string {
  if (typeof min === 'number' && typeof max === 'number') return ` of ${min} to ${max} characters`;
  if (typeof min === 'number') return ` of at least ${min} characters`;
  if (typeof max === 'number') return ` of at most ${max} characters`;
  return '';
}
