/** bookingId → booking_id, expectedFormat → expected_format, URLPath → url_path; snake_case stays as is. */
export function toSnakeCase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();
}

/**
 * Deep copy with every object key in snake_case: inside the service every response field is snake_case,
 * whatever the wire uses (the registry's output_fields are snake_case).
 */
export function snakeKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeysDeep);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [toSnakeCase(k), snakeKeysDeep(v)]));
  }
  return value;
}
